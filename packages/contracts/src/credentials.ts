/** Credentials of a member (spec sections 1, 3, 4). */
import { z } from 'zod';
import { CREDENTIAL_TYPES, type CredentialType } from './members.ts';
import { authenticatorSchema } from './webauthn.ts';

/** Kinds a member may hold only one of; keys, certificates and HOTP tokens may be several. */
export const SINGLE_CREDENTIAL_TYPES: readonly CredentialType[] = [
  'mail',
  'sms',
  'password',
  'pin',
  'app',
  'app_biometry',
  'totp',
];

/**
 * Which CMS setting (spec 3: cms.smartphone, cms.token) lets operators issue which kinds; a
 * password, PIN, mail or SMS credential is always theirs to issue. The enrolment portal follows
 * the enroller settings instead (ENROLLER_KINDS).
 */
export const CMS_KINDS = {
  smartphone: ['app', 'app_biometry'],
  token: ['totp', 'hotp', 'keypair', 'smartcard'],
} as const satisfies Record<'smartphone' | 'token', readonly CredentialType[]>;

/** Whether the CMS settings let operators issue `kind`. */
export function cmsIssues(cms: { smartphone: boolean; token: boolean }, kind: CredentialType): boolean {
  if ((CMS_KINDS.smartphone as readonly CredentialType[]).includes(kind)) return cms.smartphone;
  if ((CMS_KINDS.token as readonly CredentialType[]).includes(kind)) return cms.token;
  return true;
}

export const credentialSchema = z.object({
  id: z.string(),
  type: z.enum(CREDENTIAL_TYPES),
  description: z.string(),
  created_at: z.string(),
  is_web: z.boolean(),
  is_api: z.boolean(),
  isActive: z.boolean(),
  isEnrolled: z.boolean(),
  windows_login: z.boolean(),
  /** Mail address or phone number a code credential sends to. */
  target: z.string().nullable(),
  /** App credentials: pending until a device enrols, then active. */
  status: z.enum(['pending', 'active']).nullable(),
  deviceModel: z.string().nullable(),
  locked: z.boolean(),
  failed_attempts: z.number().int(),
  /** Smartcard certificate or key pair facts read from the upload. */
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  validTo: z.string().nullable(),
  fingerprint: z.string().nullable(),
  /** A key pair registered through a browser (security key or passkey); null for a PEM key pair. */
  authenticator: authenticatorSchema.nullable(),
  /** Smartcard: until when the member's mailed PIN reset code unblocks it at a workstation; null when none is live. */
  pin_reset_until: z.string().nullable(),
  /** HOTP/TOTP held by a hardware token: its serial number. */
  token_serial: z.string().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const credentialCreateSchema = z.object({
  type: z.enum(CREDENTIAL_TYPES),
  description: z.string().trim().max(200).default(''),
  is_web: z.boolean().default(true),
  is_api: z.boolean().default(false),
  windows_login: z.boolean().default(false),
  /** password or PIN value */
  value: z.string().max(128).optional(),
  /** PEM public key (keypair) */
  public_key: z.string().max(20_000).optional(),
  /** PEM certificate (smartcard) */
  certificate: z.string().max(50_000).optional(),
});
export type CredentialCreate = z.infer<typeof credentialCreateSchema>;

export const credentialPatchSchema = z.object({
  description: z.string().trim().max(200).optional(),
  is_web: z.boolean().optional(),
  is_api: z.boolean().optional(),
  isActive: z.boolean().optional(),
  windows_login: z.boolean().optional(),
});

/** Shown once, right after creation or reset. */
export const enrollmentSchema = z.object({
  /** TOTP/HOTP: base32 secret and its otpauth:// URI */
  secret: z.string().optional(),
  otpauth_uri: z.string().optional(),
  /** App: the code the device sends back and the enrolment URL it opens */
  confirmation_code: z.string().optional(),
  enrollment_url: z.string().optional(),
  /** PNG data URL of the QR code for the URI or enrolment URL */
  qr_code: z.string().optional(),
  /** Smartcard: where the "send smartcard PIN" mail took its transport PIN (never the PIN itself). */
  pin_sent_to: z.string().optional(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const credentialCreatedSchema = z.object({
  credential: credentialSchema,
  enrollment: enrollmentSchema.nullable(),
});

export const credentialTestSchema = z.object({ value: z.string().min(1).max(128) });
export const credentialTestResultSchema = z.object({
  ok: z.boolean(),
  locked: z.boolean(),
  /** Wrong tries left before the credential locks, where it locks. */
  attempts_left: z.number().int().nullable(),
});
export type CredentialTestResult = z.infer<typeof credentialTestResultSchema>;

/**
 * Smartcards' PINs (spec 3, cms.transport_pin and cms.transport_puk). Issuing a smartcard makes
 * its transport PIN and PUK (`{secret}` in the setting's default: random digits of its length,
 * one per card), both sealed at rest; the PIN reaches the member by the "send smartcard PIN" mail
 * only, the PUK never leaves the server. `POST users/{id}/credentials/{cid}/pin-reset/` mails the
 * member the "reset smartcard PIN" mail with a single-use auth_code, good for
 * SMARTCARD_PIN_RESET_HOURS; a workstation trades it for the card's unblock
 * (workstationSmartcardUnblockSchema).
 */
export const SMARTCARD_PIN_RESET_HOURS = 72;
/** Digits of a PIN reset's auth_code. */
export const PIN_RESET_CODE_LENGTH = 8;
/** Wrong auth_codes a PIN reset takes before it is spent. */
export const PIN_RESET_MAX_TRIES = 5;

export const pinResetResultSchema = z.object({
  /** Where the mail with the auth_code went. */
  sent_to: z.string(),
  expires_at: z.string(),
});
export type PinResetResult = z.infer<typeof pinResetResultSchema>;
