/**
 * Workstation sign-in (ARCHITECTURE.md, "Sign-in engine"): what a workstation's credential
 * provider (the reference client `portiere-workstation`, a Windows credential provider, a Linux
 * PAM step) calls to sign a member in at the machine, online and offline.
 *
 * A workstation authenticates with a workstation key the console issues (`X-Workstation-Key:
 * pwk_<id>_<secret>`), for one machine or for a customer's fleet (whose workstations name
 * themselves in `X-Workstation-Machine`); the key names its customer, so a workstation sees only
 * that customer's members. Its calls, all under `/api/v1/workstation/`:
 *
 * - `POST sign-ins/` workstationStartSchema → 201 workstationSignInSchema: who signs in, by
 *   username or by a paired, unexpired temporary card; anyone gets the first stage;
 * - `POST sign-ins/{id}/send/` → 202 as the web sign-in's send/ (mail, SMS, the app);
 * - `POST sign-ins/{id}/challenge/` {kind: keypair|smartcard} → a random challenge the private
 *   key signs (the answer's value is the signature, base64);
 * - `POST sign-ins/{id}/verify/` workstationVerifySchema → workstationStepSchema; the last right
 *   answer gives the Windows session's identity and, when asked, offline material;
 * - `POST offline/refill/` {refill_token} → fresh offline material and a new refill token (the
 *   old one is spent); a revoked, expired or spent token is 404 workstationOfflineGone.
 *
 * Offline material holds only slow salted hashes (argon2id) of the next HOTP values or of a
 * window of TOTP values: the client checks a typed code against the one or few hashes its counter
 * or the clock points to, and nothing it keeps yields a code.
 *
 * Operators (customer users): `workstation-keys/` (list, create: the key is shown once, revoke),
 * the member's sign-ins (`users/{id}/sign-ins/?channel=workstation`) and the machines holding
 * the member's offline material (`users/{id}/workstation/offline/`, with revoke).
 */
import { z } from 'zod';
import { pagedListSchema, pagingQuerySchema } from './lists.ts';
import { SIGNIN_KINDS, SIGNIN_SENT_KINDS, signInStageSchema } from './webLogin.ts';

export const WORKSTATION_KEY_PREFIX = 'pwk_';
/** The header a workstation sends its key in. */
export const WORKSTATION_KEY_HEADER = 'x-workstation-key';
/** The header a fleet key's workstation names itself in (a machine key's machine is the key's). */
export const WORKSTATION_MACHINE_HEADER = 'x-workstation-machine';
/**
 * Calls a minute a workstation key may make (WORKSTATION_KEY_RATE_LIMIT): a fleet key serves every
 * machine of a customer, so it gets room for a morning's sign-ins; guessing is held back per
 * member and per sign-in, not here.
 */
export const WORKSTATION_KEY_RATE_LIMIT_PER_MIN = 6000;
/** A workstation sign-in left unfinished expires after this long. */
export const WORKSTATION_SIGNIN_TTL_S = 5 * 60;

/** Kinds proved by signing a server challenge with a private key: only at a workstation. */
export const SIGNED_KINDS = ['keypair', 'smartcard'] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];
/** Kinds a workstation sign-in answers with. */
export const WORKSTATION_KINDS = [...SIGNIN_KINDS, 'smartcard'] as const;
export type WorkstationKind = (typeof WORKSTATION_KINDS)[number];
/** Credential kinds whose values can be carried offline. */
export const OFFLINE_KINDS = ['hotp', 'totp'] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

/** A machine's name as Windows and Linux hosts name themselves (a DNS label). */
export const machineNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]([A-Za-z0-9_.-]{0,62})$/);

/** The headers every workstation call carries (the route checks them before anything else). */
export const workstationHeadersSchema = z.object({
  [WORKSTATION_KEY_HEADER]: z.string().max(200),
  [WORKSTATION_MACHINE_HEADER]: z.string().max(63).optional(),
});

// ---- Operators: the keys ----

export const workstationKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The one machine the key is for; null: any machine of the customer's fleet (it names itself). */
  machine: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type WorkstationKey = z.infer<typeof workstationKeySchema>;
export const workstationKeyListSchema = pagedListSchema(workstationKeySchema);
export const workstationKeyListQuerySchema = pagingQuerySchema;

export const workstationKeyCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  machine: machineNameSchema.nullable().default(null),
});
export type WorkstationKeyCreate = z.input<typeof workstationKeyCreateSchema>;
/** The created key with its secret, shown this once. */
export const workstationKeyCreatedSchema = workstationKeySchema.extend({ key: z.string() });
export type WorkstationKeyCreated = z.infer<typeof workstationKeyCreatedSchema>;

// ---- The workstation's sign-in ----

export const workstationStartSchema = z.union([
  z.object({ username: z.string().trim().min(1).max(200) }),
  z.object({
    cardCode: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/),
  }),
]);
export type WorkstationStart = z.infer<typeof workstationStartSchema>;

export const workstationSignInSchema = z.object({
  id: z.string(),
  /** As typed, or the card's code hidden. */
  username: z.string(),
  stage: signInStageSchema,
  attempts_left: z.number().int(),
  expires_in: z.number().int(),
});
export type WorkstationSignIn = z.infer<typeof workstationSignInSchema>;

export const workstationSendSchema = z.object({ kind: z.enum(SIGNIN_SENT_KINDS) });
export const workstationChallengeRequestSchema = z.object({ kind: z.enum(SIGNED_KINDS) });
export const workstationChallengeSchema = z.object({
  /** Random bytes, base64: the private key signs exactly these bytes (SHA-256; Ed25519 signs them as they are). */
  challenge: z.string(),
});

export const workstationVerifySchema = z.object({
  kind: z.enum(WORKSTATION_KINDS),
  /** The password, PIN or code; a key pair's or smartcard's signature of the challenge (base64); empty for `app`. */
  value: z.string().max(4096),
  /** Ask for offline material with the success (given where the settings allow and the member has a Windows HOTP or TOTP). */
  offline: z.boolean().default(false),
});
export type WorkstationVerify = z.input<typeof workstationVerifySchema>;

/** One offline value: the HOTP counter or TOTP time step it belongs to, and its argon2id hash (PHC string). */
export const offlineValueSchema = z.object({ at: z.number().int(), hash: z.string() });

export const offlineMaterialSchema = z.object({
  /** The grant; the console lists and revokes it. */
  id: z.string(),
  username: z.string(),
  kind: z.enum(OFFLINE_KINDS),
  digits: z.number().int(),
  /** TOTP: seconds per step (`at` is the step, floor(unix time / period)); HOTP: 0. */
  period: z.number().int(),
  values: z.array(offlineValueSchema),
  /** Spent by the next refill, which answers a new one. */
  refill_token: z.string(),
  expires_at: z.string(),
});
export type OfflineMaterial = z.infer<typeof offlineMaterialSchema>;

/** What the client needs to open the Windows session. */
export const workstationSessionSchema = z.object({
  member_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  /** The member's valid identity (its validTo not passed), or null. */
  identity: z
    .object({
      subject: z.string(),
      issuer: z.string(),
      valid_to: z.string().nullable(),
      microsoft_identity: z.string(),
    })
    .nullable(),
  /** The session may open without a Windows password: the member's autologon is on and they have a valid identity. */
  autologon: z.boolean(),
  /** RFC 8176 method references of what was proved. */
  amr: z.array(z.string()),
});
export type WorkstationSession = z.infer<typeof workstationSessionSchema>;

export const workstationStepSchema = z.union([
  z.object({ done: z.literal(false), pending: z.literal(false), stage: signInStageSchema }),
  z.object({ done: z.literal(false), pending: z.literal(true) }),
  z.object({ done: z.literal(true), session: workstationSessionSchema, offline: offlineMaterialSchema.nullable() }),
]);
export type WorkstationStep = z.infer<typeof workstationStepSchema>;

export const offlineRefillSchema = z.object({
  refill_token: z.string().min(1).max(200),
  /** The last counter or step the client used offline: the server's HOTP counter moves past it. */
  used: z.number().int().min(0).nullable().default(null),
});

// ---- Operators: a member's offline material ----

export const offlineGrantSchema = z.object({
  id: z.string(),
  machine: z.string(),
  kind: z.enum(OFFLINE_KINDS),
  /** Values the machine holds. */
  values: z.number().int(),
  issued_at: z.string(),
  refilled_at: z.string().nullable(),
  expires_at: z.string(),
});
export type OfflineGrant = z.infer<typeof offlineGrantSchema>;
export const offlineGrantListSchema = pagedListSchema(offlineGrantSchema);

// ---- Smartcard unblock (credentials.ts: PIN reset) ----

/**
 * `POST workstation/smartcards/unblock/`: the card's unblock, traded for the member's mailed
 * auth_code. The card gives a challenge; the server answers it with the card's PUK
 * (HMAC-SHA256 keyed by the PUK), so that the PUK never leaves the server. The CMS rule of spec
 * section 6 decides who may: the operator the workstation reports must be in
 * cms.active_directory_group when it is set, else an administrator.
 */
export const workstationSmartcardUnblockSchema = z.object({
  username: z.string().trim().min(1).max(200),
  auth_code: z.string().trim().min(1).max(32),
  /** The card's challenge, hex (8 to 64 bytes). */
  challenge: z.string().regex(/^([0-9a-fA-F]{2}){8,64}$/),
  /** Who works the CMS at the workstation, as its operating system knows them. */
  operator: z.object({
    account: z.string().trim().min(1).max(200),
    groups: z.array(z.string().max(256)).max(500),
    admin: z.boolean(),
  }),
});
export type WorkstationSmartcardUnblock = z.infer<typeof workstationSmartcardUnblockSchema>;
export const workstationSmartcardUnblockedSchema = z.object({
  /** HMAC-SHA256 of the challenge keyed by the card's PUK, hex: what the card checks before it takes a new PIN. */
  response: z.string(),
});
