/**
 * The login assistant's own API (under assistant/): what the desktop or browser assistant calls
 * on behalf of a member. The member signs in by passing the customer's la flow stage by stage
 * with their real credentials, and gets an assistant session (an opaque bearer token, stored
 * hashed). With it the assistant reads the member's apps, profiles and credentials; an app whose
 * profile names a flow releases its credential only after the member also passes that flow
 * (a sign-in started with `app_id` and the session's bearer token).
 *
 * Answers do not reveal whether a username exists: an unknown one is walked through the same
 * stages and fails at the first code, as a wrong code does.
 */
import { z } from 'zod';
import { LA_APP_KINDS } from './laApps.ts';
import { LA_PASSWORD_MAX } from './laUsers.ts';
import { CREDENTIAL_TYPES } from './members.ts';
import { profileStepSchema } from './profiles.ts';

/** A sign-in left unfinished expires after this long. */
export const ASSISTANT_SIGN_IN_TTL_S = 5 * 60;
/** Wrong answers a sign-in takes before it is spent (start again). */
export const ASSISTANT_SIGN_IN_MAX_FAILURES = 5;
/** An assistant session lasts this long. */
export const ASSISTANT_SESSION_TTL_S = 8 * 60 * 60;
/** Kinds a member can prove in a stage here: the others (app, key pair, smartcard) need their device. */
export const ASSISTANT_VERIFIABLE_KINDS = ['password', 'pin', 'totp', 'hotp', 'mail', 'sms'] as const;
/** Kinds whose code the server sends first (POST .../send/). */
export const ASSISTANT_SENT_KINDS = ['mail', 'sms'] as const;

export const assistantSignInStartSchema = z.object({
  /** The customer's id, shown to operators on the login assistant settings page. */
  customer: z.string().min(1).max(100),
  username: z.string().trim().min(1).max(200),
  /** Step-up for one app whose profile has a flow; needs the assistant session's bearer token. */
  app_id: z.string().max(100).optional(),
});
export type AssistantSignInStart = z.infer<typeof assistantSignInStartSchema>;

export const assistantStageSchema = z.object({
  /** From 0. */
  index: z.number().int(),
  count: z.number().int(),
  /** The kinds this stage accepts (of the flow, not of the member: the answer is the same for anyone). */
  kinds: z.array(z.enum(CREDENTIAL_TYPES)),
});

export const assistantSignInSchema = z.object({
  /** Opaque; names the sign-in in the calls below. */
  sign_in_id: z.string(),
  stage: assistantStageSchema,
  expires_in: z.number().int(),
});
export type AssistantSignIn = z.infer<typeof assistantSignInSchema>;

export const assistantSendSchema = z.object({ kind: z.enum(ASSISTANT_SENT_KINDS) });

export const assistantVerifySchema = z.object({
  kind: z.enum(ASSISTANT_VERIFIABLE_KINDS),
  value: z.string().min(1).max(LA_PASSWORD_MAX),
});
export type AssistantVerify = z.infer<typeof assistantVerifySchema>;

/** After a right answer: the next stage, or the end (a session, or the app's step-up granted). */
export const assistantVerifyResultSchema = z.union([
  z.object({ done: z.literal(false), stage: assistantStageSchema }),
  z.object({
    done: z.literal(true),
    /** New assistant session (absent for a step-up, which extends the session it started from). */
    access_token: z.string().optional(),
    token_type: z.literal('Bearer').optional(),
    expires_in: z.number().int(),
  }),
]);
export type AssistantVerifyResult = z.infer<typeof assistantVerifyResultSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const assistantAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(LA_APP_KINDS),
  target: z.string(),
  /** The profile for the member's configuration group, else the app's default; null: the assistant cannot fill it. */
  profile: z
    .object({ id: z.string(), displayName: z.string(), steps: z.array(profileStepSchema), requires_flow: z.boolean() })
    .nullable(),
  /** The member's credential for it (through a login group), if any. */
  credential_id: z.string().nullable(),
  /** Whether its credential can be read now (no flow needed, or the step-up was passed in this session). */
  unlocked: z.boolean(),
});

export const assistantMeSchema = z.object({
  member: z.object({ id: z.string(), username: z.string(), full_name: z.string() }),
  /** The customer's la settings, as the assistant must follow them. */
  settings: z.object({
    user_create_credential: z.boolean(),
    user_change_password: z.boolean(),
    force_password_generation: z.boolean(),
    autologon: z.boolean(),
  }),
  apps: z.array(assistantAppSchema),
  credentials: z.array(
    z.object({
      id: z.string(),
      loginGroup: ref,
      username: z.string(),
      /** False whenever the customer's autologon setting is off. */
      autologon: z.boolean(),
    }),
  ),
  /** The customer's login groups a member may add a credential to (when user_create_credential). */
  login_groups: z.array(ref),
});
export type AssistantMe = z.infer<typeof assistantMeSchema>;

/** GET assistant/apps/{id}/credential/: what the assistant types in. */
export const assistantSecretSchema = z.object({
  username: z.string(),
  password: z.string(),
  autologon: z.boolean(),
});
export type AssistantSecret = z.infer<typeof assistantSecretSchema>;

/** POST assistant/credentials/ (user_create_credential): password absent when generated. */
export const assistantCredentialInputSchema = z.object({
  loginGroupId: z.string().min(1),
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(LA_PASSWORD_MAX).optional(),
});
/** PATCH assistant/credentials/{id}/ (user_change_password): a new password, or none to have one generated. */
export const assistantPasswordChangeSchema = z.object({
  password: z.string().min(1).max(LA_PASSWORD_MAX).optional(),
});
/** A password the server generated, shown to the assistant once so it can type it into the app. */
export const assistantGeneratedSchema = z.object({ id: z.string(), password: z.string().nullable() });
