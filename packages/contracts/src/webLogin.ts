/**
 * Web login (the spec's name; OpenID Connect): members sign in to the customers' applications.
 * The provider (oidc-provider) is mounted at OIDC_PATH under PUBLIC_URL: issuer
 * `${PUBLIC_URL}/oidc`, discovery `${issuer}/.well-known/openid-configuration`. Its clients are the integrations' applications. When it needs the member, it sends the browser
 * to the portal's `/signin/<uid>`, which drives the interaction through these public calls (no
 * bearer token; the uid, random and short-lived, names the interaction; the provider's own resume
 * cookie binds the end of it to the browser that started it):
 *
 * - `GET signin/{uid}/` → signInStateSchema; unknown or expired answers 404 signInExpired;
 * - `POST signin/{uid}/identify/` signInIdentifySchema → signInStateSchema at the first stage. An
 *   unknown username, a blocked member, a group without web login and a member lacking the
 *   stage's kinds all get the same answer: nothing is revealed before a first right answer;
 * - `POST signin/{uid}/card/` signInCardSchema → the same, identifying the member by a paired,
 *   unexpired temporary card (an unknown card is walked through like an unknown username);
 * - `POST signin/{uid}/send/` signInSendSchema → 202 signInSentSchema: a mail or SMS code is sent,
 *   or the member's app is asked to approve (one a minute per kind);
 * - `POST signin/{uid}/verify/` signInVerifySchema → signInStepResultSchema; a wrong answer is
 *   401 `login` ('Login failed.') and counts towards the credential's lock and the interaction's
 *   SIGNIN_MAX_FAILURES; once a first answer was right, a refusal says why (signInBlocked,
 *   signInWebLoginDisabled); the interaction is then spent;
 * - `POST signin/{uid}/abort/` → signInRedirectSchema (the application's
 *   redirectUriAbortLoginFlow where set, else its redirect URI with error=access_denied).
 *
 * The member's app approves a sign-in through the device calls (device.ts), matching the number
 * that send/ gave the page.
 *
 * Operators read a member's sign-ins: `GET users/{id}/sign-ins/` (paged, newest first) →
 * `{count, results, next_page}` of memberSignInSchema; each also writes an audit event
 * (`signin.success`, `signin.failure`, `signin.abort`).
 */
import { z } from 'zod';
import { pagingQuerySchema } from './lists.ts';
import { CREDENTIAL_TYPES } from './members.ts';
import { webauthnAssertionSchema } from './webauthn.ts';

/** Where the provider is mounted under PUBLIC_URL; the issuer is PUBLIC_URL + OIDC_PATH. */
export const OIDC_PATH = '/oidc';
/** The discovery document of an issuer. */
export const oidcDiscoveryUrl = (issuer: string) => `${issuer}/.well-known/openid-configuration`;

/** An interaction left unfinished expires after this long (the provider's interaction TTL). */
export const SIGNIN_TTL_S = 10 * 60;
/** Wrong answers an interaction takes before it is spent (start again from the application). */
export const SIGNIN_MAX_FAILURES = 5;
/** A code or approval is sent at most once a minute per kind. */
export const SIGNIN_RESEND_S = 60;

/**
 * Kinds a member proves on these pages: `app` is approved on the member's phone; `keypair` is a
 * security key or passkey (WebAuthn, webauthn.ts); `recovery` is a recovery code, which stands in
 * for the credentials recovery mode disabled (offered on every stage, so that its presence
 * reveals nothing). A smartcard needs a workstation.
 */
export const SIGNIN_KINDS = ['password', 'pin', 'totp', 'hotp', 'mail', 'sms', 'app', 'keypair', 'recovery'] as const;
export type SignInKind = (typeof SIGNIN_KINDS)[number];
/**
 * Any kind a sign-in may prove: the web's, a smartcard's signature at a workstation, and
 * `security_key`: a key pair whose private key never leaves one authenticator (a WebAuthn
 * credential that is not synced; `amr` hwk), where `keypair` is a key kept in software (a PEM key
 * pair, a synced passkey; `amr` swk).
 */
export const PROVED_KINDS = [...SIGNIN_KINDS, 'smartcard', 'security_key'] as const;
export type ProvedKind = (typeof PROVED_KINDS)[number];
/**
 * The authentication context classes an ID token's `acr` names (advertised in discovery): one
 * factor, or at least two of different categories (knowledge: password, PIN; possession: a code
 * or the app). An application that asks for the multi-factor one (`acr_values`) gets it or an
 * `unmet_authentication_requirements` error, never a single-factor sign-in.
 */
export const ACR_SINGLE_FACTOR = 'urn:portiere:acr:sfa';
export const ACR_MULTI_FACTOR = 'urn:portiere:acr:mfa';
/** Kinds whose code or request the server sends first (POST .../send/). */
export const SIGNIN_SENT_KINDS = ['mail', 'sms', 'app'] as const;

export const signInStageSchema = z.object({
  /** From 0. */
  index: z.number().int(),
  count: z.number().int(),
  /** The kinds this stage accepts, from the flow (the same for anyone), without `recovery`. */
  kinds: z.array(z.enum(CREDENTIAL_TYPES)),
});
export type SignInStage = z.infer<typeof signInStageSchema>;

export const signInStateSchema = z.object({
  /** For `GET branding/{customer_id}/`: colours, logos and text of the pages. */
  customer_id: z.string(),
  /** The customer's language (en, fr, it); the page starts in the browser's language if it has it. */
  language: z.string(),
  application: z.object({ name: z.string() }),
  /** What the customer asks members for: username, email, phone_number or id (settings' username_text). */
  username_text: z.enum(['username', 'email', 'phone_number', 'id']),
  /** identify: ask who; stage: a stage of the flow. */
  step: z.enum(['identify', 'stage']),
  /** As typed (or the card's code hidden), once identified. */
  username: z.string().nullable(),
  stage: signInStageSchema.nullable(),
  /** Wrong answers left before the interaction is spent. */
  attempts_left: z.number().int(),
  /** Seconds until the interaction expires. */
  expires_in: z.number().int(),
});
export type SignInState = z.infer<typeof signInStateSchema>;

export const signInIdentifySchema = z.object({ username: z.string().trim().min(1).max(200) });
export const signInCardSchema = z.object({
  cardCode: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/),
});
export const signInSendSchema = z.object({ kind: z.enum(SIGNIN_SENT_KINDS) });
export const signInSentSchema = z.object({
  /**
   * Mail address or phone number partly hidden, or the app's device model; empty until a first
   * answer was right (before, it would tell who exists), and when nothing was sent.
   */
  sent_to: z.string(),
  resend_in: z.number().int(),
  /** The app: the number the member picks in the app to approve (number matching); null for codes. */
  number: z.number().int().nullable(),
});
export type SignInSent = z.infer<typeof signInSentSchema>;

export const signInVerifySchema = z.object({
  kind: z.enum(SIGNIN_KINDS),
  /** The code, password or PIN; empty for `app` (the page polls until the phone answers) and `keypair`. */
  value: z.string().max(200),
  /** `keypair`: the authenticator's answer to the challenge of `POST signin/{uid}/webauthn/`. */
  webauthn: webauthnAssertionSchema.optional(),
});
export type SignInVerify = z.infer<typeof signInVerifySchema>;

export const signInRedirectSchema = z.object({ redirect: z.string() });
export type SignInRedirect = z.infer<typeof signInRedirectSchema>;

/** After a right answer: the next stage; for `app` still waiting; or the end (go to `redirect`). */
export const signInStepResultSchema = z.union([
  z.object({ done: z.literal(false), pending: z.literal(false), stage: signInStageSchema }),
  z.object({ done: z.literal(false), pending: z.literal(true) }),
  z.object({ done: z.literal(true), redirect: z.string() }),
]);
export type SignInStepResult = z.infer<typeof signInStepResultSchema>;

/** Why a sign-in failed (the member's detail shows it translated). */
export const SIGNIN_FAILURE_REASONS = [
  'wrong_answer',
  'locked',
  'blocked',
  'web_login_disabled',
  'no_flow',
  'too_many_failures',
  'expired',
  'denied_on_app',
  /** The member picked another number than the page's in the app. */
  'wrong_number',
  /** The member denied on the app and said they had not started the sign-in. */
  'reported_by_member',
  /** The application asked for a multi-factor sign-in and the member's flow gave one factor. */
  'mfa_required',
  /** Workstation: the member's group does not allow workstation login. */
  'workstation_login_disabled',
  /** Workstation: the member's identity is no longer valid (identity_not_valid_after, or every identity's validTo, passed). */
  'identity_expired',
  /** Workstation: the smartcard's certificate has expired. */
  'certificate_expired',
] as const;
export type SignInFailureReason = (typeof SIGNIN_FAILURE_REASONS)[number];

/** The channels whose sign-ins a member's detail lists. */
export const SIGNIN_CHANNELS = ['web', 'workstation', 'radius'] as const;
export type SignInChannelName = (typeof SIGNIN_CHANNELS)[number];

export const memberSignInSchema = z.object({
  id: z.string(),
  at: z.string(),
  channel: z.enum(SIGNIN_CHANNELS),
  /** The workstation's machine name (workstation sign-ins); the RADIUS client's name (RADIUS sign-ins). */
  machine: z.string().nullable(),
  application: z.object({ id: z.string(), name: z.string() }).nullable(),
  outcome: z.enum(['success', 'failure', 'abort']),
  reason: z.enum(SIGNIN_FAILURE_REASONS).nullable(),
  /** The kinds the member proved, in order. */
  kinds: z.array(z.enum(PROVED_KINDS)),
  ip: z.string().nullable(),
});
export type MemberSignIn = z.infer<typeof memberSignInSchema>;

export const memberSignInListQuerySchema = pagingQuerySchema.extend({
  outcome: z.enum(['success', 'failure', 'abort']).optional(),
  channel: z.enum(SIGNIN_CHANNELS).optional(),
});
