/**
 * The members' enrolment portal (apps/portal, served at `/enroll/<token>`): a member follows the
 * link of the enrolment mail and sets up the credentials their configuration group allows and the
 * customer's enroller settings enable. The link token is the only authentication: signed (RS256,
 * like the staff tokens), carrying a random `jti` recorded when the mail is sent, valid for
 * ENROLLMENT_LINK_HOURS and spent when the member completes.
 *
 * Public calls (no bearer token; the link token is a path parameter, never logged):
 * - `GET enroll/{token}/` → enrollmentSessionSchema; a bad, expired or spent link answers 410 with
 *   code enrollmentLinkInvalid / enrollmentLinkExpired / enrollmentLinkUsed (no member data);
 * - `POST enroll/{token}/credentials/` enrollCredentialSchema → enrollCredentialStartedSchema:
 *   starts one credential (TOTP/HOTP: secret and QR; app: QR with the confirmation code; mail/SMS:
 *   the code is sent; password/PIN: set at once within the customer's bounds; key pair or
 *   smartcard certificate: checked and stored);
 * - `POST enroll/{token}/webauthn/` → the creation options of a security key or passkey (webauthn.ts);
 * - `POST enroll/{token}/credentials/{id}/send/` → sends a new mail/SMS code (one a minute);
 * - `POST enroll/{token}/credentials/{id}/confirm/` `{value}` → enrollConfirmResultSchema: one
 *   code confirms a TOTP, HOTP, mail or SMS credential; wrong codes count towards the
 *   credential's lock as at sign-in;
 * - `GET enroll/{token}/credentials/{id}/` → the credential's state (the page polls it while an app
 *   enrols on its device);
 * - `DELETE enroll/{token}/credentials/{id}/` → drops a credential started here and not confirmed;
 * - `POST enroll/{token}/complete/` → enrollCompleteSchema: needs at least one enrolled
 *   credential; marks the member enrolled (enrolled_at), spends the link, and answers where to go;
 * - `POST enroll/request-link/` `{token}` → 202 always: for an expired or spent link whose signature
 *   is still good, the customer's manager users get a mail asking them to send a new one (at most
 *   one a day per member), and the audit trail records it.
 */
import { z } from 'zod';
import { CREDENTIAL_TYPES, type CredentialType } from './members.ts';
import { webauthnRegistrationSchema } from './webauthn.ts';

/** How long an enrolment link stays valid (the mail's `duration` tag says it). */
export const ENROLLMENT_LINK_HOURS = 72;

/**
 * Which enroller setting (spec 3: token, personal, smartphone) enables which kinds here.
 * A kind is offered when its setting is on AND the member's configuration group allows it.
 */
export const ENROLLER_KINDS = {
  token: ['totp', 'hotp', 'keypair', 'smartcard'],
  personal: ['password', 'pin', 'mail', 'sms'],
  smartphone: ['app', 'app_biometry'],
} as const satisfies Record<'token' | 'personal' | 'smartphone', readonly CredentialType[]>;

export const enrollmentCredentialSchema = z.object({
  id: z.string(),
  type: z.enum(CREDENTIAL_TYPES),
  /** The name the member gave it (a security key's), else empty. */
  description: z.string(),
  /** Confirmed (or, for app credentials, activated on the device). */
  enrolled: z.boolean(),
  /** Mail address or phone number, partly hidden (j***@example.com, +39******1234). */
  target: z.string().nullable(),
});
export type EnrollmentCredential = z.infer<typeof enrollmentCredentialSchema>;

export const enrollmentSessionSchema = z.object({
  member: z.object({ first_name: z.string(), username: z.string() }),
  /** For `GET branding/{customer_id}/`: colours, logo and text of the pages. */
  customer_id: z.string(),
  /** The customer's language (en, fr, it); the page starts in the browser's language if it has it. */
  language: z.string(),
  /** Kinds this member may set up here, in the order the page offers them. */
  allowed: z.array(z.enum(CREDENTIAL_TYPES)),
  credentials: z.array(enrollmentCredentialSchema),
  /** PIN bounds and OTP lengths the forms must respect. */
  policy: z.object({
    password_min_length: z.number().int(),
    pin_min_length: z.number().int(),
    pin_max_length: z.number().int(),
    totp_length: z.number().int(),
    hotp_length: z.number().int(),
  }),
  expires_at: z.string(),
});
export type EnrollmentSession = z.infer<typeof enrollmentSessionSchema>;

export const enrollCredentialSchema = z.object({
  type: z.enum(CREDENTIAL_TYPES),
  /** password or PIN */
  value: z.string().max(128).optional(),
  /** mail address or phone number to confirm (defaults to the member's own) */
  target: z.string().max(254).optional(),
  public_key: z.string().max(20_000).optional(),
  certificate: z.string().max(50_000).optional(),
  /** keypair: a security key or passkey registered with the options of `POST enroll/{token}/webauthn/`. */
  webauthn: webauthnRegistrationSchema.optional(),
  /** The credential's name (a security key's: "YubiKey at home"). */
  description: z.string().trim().max(200).optional(),
});
export type EnrollCredential = z.infer<typeof enrollCredentialSchema>;

export const enrollCredentialStartedSchema = z.object({
  credential: enrollmentCredentialSchema,
  /** TOTP/HOTP: otpauth URI and its QR (PNG data URL); app: enrolment URL, confirmation code, QR. */
  otpauth_uri: z.string().optional(),
  secret: z.string().optional(),
  confirmation_code: z.string().optional(),
  enrollment_url: z.string().optional(),
  qr_code: z.string().optional(),
  /** mail/SMS: where the code went (partly hidden). */
  sent_to: z.string().optional(),
});
export type EnrollCredentialStarted = z.infer<typeof enrollCredentialStartedSchema>;

export const enrollConfirmSchema = z.object({ value: z.string().min(1).max(64) });
export const enrollConfirmResultSchema = z.object({
  ok: z.boolean(),
  locked: z.boolean(),
  attempts_left: z.number().int().nullable(),
  credential: enrollmentCredentialSchema,
});
export type EnrollConfirmResult = z.infer<typeof enrollConfirmResultSchema>;

export const enrollCompleteSchema = z.object({
  /** callback_url_successful_enroll when set, else null (the page thanks the member). */
  redirect_url: z.string().nullable(),
});
export const enrollRequestLinkSchema = z.object({ token: z.string().min(1).max(4096) });
