/** Answers as the server sends them, each parsed with its contract schema (a drift fails the test). */
import {
  type Branding,
  brandingSchema,
  type EnrollConfirmResult,
  type EnrollCredentialStarted,
  type EnrollmentCredential,
  type EnrollmentSession,
  enrollConfirmResultSchema,
  enrollCredentialStartedSchema,
  enrollmentCredentialSchema,
  enrollmentSessionSchema,
} from '@portiere/contracts';

export const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJwdXJwb3NlIjoiZW5yb2xsbWVudCJ9.c2lnbmF0dXJl';
export const SESSION_PATH = `enroll/${TOKEN}/`;
export const CUSTOMER_ID = 'c0ffee00-0000-4000-8000-000000000001';

export function session(over: Partial<EnrollmentSession> = {}): EnrollmentSession {
  return enrollmentSessionSchema.parse({
    member: { first_name: 'Eva', username: 'eva@acme.example' },
    customer_id: CUSTOMER_ID,
    language: 'en',
    allowed: ['password', 'pin', 'app', 'mail', 'sms', 'totp', 'hotp', 'keypair'],
    credentials: [],
    policy: { password_min_length: 10, pin_min_length: 4, pin_max_length: 8, totp_length: 6, hotp_length: 6 },
    expires_at: '2030-01-03T10:00:00.000Z',
    ...over,
  });
}

export function credential(over: Partial<EnrollmentCredential> = {}): EnrollmentCredential {
  return enrollmentCredentialSchema.parse({
    id: 'cred-1',
    type: 'totp',
    description: '',
    enrolled: false,
    target: null,
    ...over,
  });
}

export function started(over: Partial<EnrollCredentialStarted> = {}): EnrollCredentialStarted {
  return enrollCredentialStartedSchema.parse({ credential: credential(), ...over });
}

export function confirmResult(over: Partial<EnrollConfirmResult> = {}): EnrollConfirmResult {
  return enrollConfirmResultSchema.parse({
    ok: true,
    locked: false,
    attempts_left: null,
    credential: credential({ enrolled: true }),
    ...over,
  });
}

export function branding(over: Partial<Branding> = {}): Branding {
  return brandingSchema.parse({
    customer_name: 'Acme',
    language: 'en',
    colors: {
      primary_color: '#1565C0',
      secondary_color: '#FFFFFF',
      warning_color: '#FFA500',
      error_color: '#FF0000',
      background_color: '#EEF2F7',
      header_color: '#0D47A1',
    },
    icons_set: 'default',
    login_page_text: 'Welcome to Acme. Questions? Call the help desk on 123.',
    logo_url: '',
    named_logo_url: '',
    ...over,
  });
}

/** A 1×1 PNG, as the QR codes arrive (a data URL). */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
