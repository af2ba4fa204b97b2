/**
 * The smartphone app (credential kinds `app` and `app_biometry`): a progressive web app the
 * server serves at APP_PATH (apps/portal), which members install from the enrolment page.
 *
 * A device holds a non-extractable ECDSA P-256 key pair (WebCrypto); the server keeps only its
 * public key, so a copy of the app's storage gives no one a secret to replay. Every device call
 * carries a deviceProofSchema: the credential's id, the time, and the device's signature over
 * deviceSigningInput (method, path, time and the rest of the body). A proof older or newer than
 * DEVICE_PROOF_SKEW_S, a signature that does not verify and a credential that was reset or
 * deleted all answer 404 deviceNotFound: the app then shows that it was reset.
 *
 * - `POST enroll/app/` appEnrollRequestSchema → appEnrollResultSchema: the confirmation code
 *   binds the device's public key (and, for app with biometry where the configuration group asks
 *   for it, the phone's platform authenticator, registered against the options of
 *   `POST enroll/app/webauthn/` {confirmation_code});
 * - `POST device/` {device} → deviceStateSchema: the account as the server knows it;
 * - `POST device/approvals/` {device} → deviceApprovalListSchema: the sign-ins waiting for it;
 * - `POST device/approvals/{id}/webauthn/` {device} → webauthnOptionsSchema (biometry);
 * - `POST device/approvals/{id}/` deviceApprovalAnswerSchema → 204.
 *
 * Number matching: asking the app (`send/` with kind `app`) gives the sign-in page a number that
 * the member picks among DEVICE_NUMBER_CHOICES in the app. A wrong pick ends the sign-in as a
 * denial does; "this was not me" also flags the member (audit `signin.reported`).
 */
import { z } from 'zod';
import { webauthnAssertionSchema, webauthnRegistrationSchema } from './webauthn.ts';

/** Where the app is served, under PUBLIC_URL. */
export const APP_PATH = '/app/';
/** The enrolment address a QR code carries: the app, with the confirmation code in the fragment (never sent to a server). */
export const appEnrollUrl = (publicUrl: string, code: string) =>
  `${publicUrl}${APP_PATH}#code=${encodeURIComponent(code)}`;
/** A proof is accepted this long either side of the server's clock. */
export const DEVICE_PROOF_SKEW_S = 60;
/** How many numbers the app offers for the member to pick the sign-in page's from. */
export const DEVICE_NUMBER_CHOICES = 3;
/** The numbers shown are two digits. */
export const DEVICE_NUMBER_MIN = 10;
export const DEVICE_NUMBER_MAX = 99;

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

export const deviceProofSchema = z.object({
  /** The app credential's id. */
  id: z.string().min(1).max(64),
  /** Milliseconds since the epoch, when the device signed. */
  signed_at: z.number().int().min(0),
  /** ECDSA P-256 with SHA-256 over deviceSigningInput, r‖s (WebCrypto's form), base64url. */
  signature: b64url(200),
});
export type DeviceProof = z.infer<typeof deviceProofSchema>;

/** What a device signs (in a zod-free file of its own, for the app's bundle). */
export { deviceSigningInput } from './deviceSigning.ts';

export const deviceCallSchema = z.object({ device: deviceProofSchema });

export const appEnrollRequestSchema = z.object({
  confirmation_code: z.string().min(1).max(64),
  deviceModel: z.string().trim().min(1).max(200),
  /** The device's ECDSA P-256 public key, SubjectPublicKeyInfo (DER), base64url. */
  public_key: b64url(400),
  /** App with biometry: the platform authenticator's registration (`POST enroll/app/webauthn/`). */
  webauthn: webauthnRegistrationSchema.optional(),
});
export type AppEnrollRequest = z.infer<typeof appEnrollRequestSchema>;
export const appEnrollOptionsRequestSchema = z.object({ confirmation_code: z.string().min(1).max(64) });

/** How the app's approvals must be confirmed on the phone (the configuration group's app_credential_biometry, for app with biometry). */
export const DEVICE_BIOMETRY = ['none', 'weak', 'strong'] as const;

/** The codes the app shows for signing in without network on the phone (a TOTP of the credential). */
export const deviceTotpSchema = z.object({
  secret: z.string(),
  digits: z.number().int(),
  period: z.number().int(),
  algorithm: z.enum(['SHA1', 'SHA256', 'SHA512']),
});
export type DeviceTotp = z.infer<typeof deviceTotpSchema>;

export const deviceStateSchema = z.object({
  id: z.string(),
  kind: z.enum(['app', 'app_biometry']),
  username: z.string(),
  /** For `GET branding/{customer_id}/`. */
  customer_id: z.string(),
  /** The customer's name, as the app lists its accounts. */
  customer_name: z.string(),
  language: z.string(),
  /** none: tap to approve; weak: the phone's platform authenticator with user verification; strong: and a key bound to this phone (not a synced passkey). */
  biometry: z.enum(DEVICE_BIOMETRY),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

/** The enrolment's answer: the account, and (once only) the secret of its offline codes. */
export const appEnrollResultSchema = deviceStateSchema.extend({
  status: z.literal('active'),
  totp: deviceTotpSchema,
});
export type AppEnrollResult = z.infer<typeof appEnrollResultSchema>;

export const deviceApprovalSchema = z.object({
  id: z.string(),
  /** The application signed in to, or the workstation's machine. */
  application: z.string(),
  /** Where the sign-in came from (its address), when known. */
  place: z.string().nullable(),
  requested_at: z.string(),
  expires_at: z.string(),
  /** Numbers to pick the sign-in page's from (it is one of them). */
  choices: z.array(z.number().int()),
});
export type DeviceApproval = z.infer<typeof deviceApprovalSchema>;
export const deviceApprovalListSchema = z.object({ items: z.array(deviceApprovalSchema) });
export type DeviceApprovalList = z.infer<typeof deviceApprovalListSchema>;

export const deviceApprovalAnswerSchema = deviceCallSchema.extend({
  approve: z.boolean(),
  /** The number picked (to approve). */
  number: z.number().int().min(0).max(999).optional(),
  /** With a denial: the member did not start this sign-in. */
  not_me: z.boolean().optional(),
  /** Biometry: the platform authenticator's answer to `device/approvals/{id}/webauthn/`. */
  webauthn: webauthnAssertionSchema.optional(),
});
export type DeviceApprovalAnswer = z.infer<typeof deviceApprovalAnswerSchema>;
