/**
 * Security keys and passkeys (WebAuthn, FIDO2): where a browser is involved, a key pair credential
 * is registered and used through `navigator.credentials` (the pages use @simplewebauthn/browser,
 * the server @simplewebauthn/server). The relying party is PUBLIC_URL: its host name is the RP ID
 * and its origin the only one accepted, so the pages must be served there over HTTPS (or on
 * localhost). Attestation is not asked for ('none'): the member's authenticator model shows as
 * its AAGUID.
 *
 * - `POST enroll/{token}/webauthn/` → webauthnOptionsSchema (creation options), then
 *   `POST enroll/{token}/credentials/` {type: 'keypair', webauthn, description} registers it;
 * - `POST signin/{uid}/webauthn/` → webauthnOptionsSchema (request options), then
 *   `POST signin/{uid}/verify/` {kind: 'keypair', webauthn} answers the stage.
 *
 * A challenge is good for WEBAUTHN_CHALLENGE_S and only for the link or sign-in that asked it.
 * A signature counter that does not move forward marks the key as possibly cloned and is refused.
 */
import { z } from 'zod';

/** How long a challenge may be answered. */
export const WEBAUTHN_CHALLENGE_S = 5 * 60;

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, as the browser library takes them. */
export const webauthnOptionsSchema = z.object({
  options: z.looseObject({ challenge: z.string() }),
});
export type WebAuthnOptions = z.infer<typeof webauthnOptionsSchema>;

const credentialFields = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** RegistrationResponseJSON: what `startRegistration` gives back. */
export const webauthnRegistrationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(8000),
    attestationObject: b64url(60_000),
    authenticatorData: b64url(60_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8000).optional(),
  }),
});
export type WebAuthnRegistration = z.infer<typeof webauthnRegistrationSchema>;

/** AuthenticationResponseJSON: what `startAuthentication` gives back. */
export const webauthnAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(8000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});
export type WebAuthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/** A key pair registered through a browser, as the member's detail shows it. */
export const authenticatorSchema = z.object({
  /** The authenticator model (all zeros when it does not say). */
  aaguid: z.string(),
  /** A passkey synced between devices (else bound to one authenticator: a hardware key). */
  synced: z.boolean(),
  /** When its signature counter went backwards (a possible clone); its sign-ins are refused. */
  cloned_at: z.string().nullable(),
});
export type Authenticator = z.infer<typeof authenticatorSchema>;
