/** Sign-in state: mailed codes, password-change sessions, staff sessions, attempts, signing keys. */
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from './tenancy.ts';

const staffRef = () =>
  uuid('staff_user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' });

export const loginOtps = pgTable(
  'login_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: staffRef(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_otps_user_idx').on(t.staffUserId, t.createdAt)],
);

export const passwordChangeTokens = pgTable('password_change_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffUserId: staffRef(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * One signed-in session: created by a full sign-in, carried by every access token as `sid`
 * and checked on every request, so logout, reuse detection, deletion, blocking and expiry
 * of the account end it at once. Its refresh token rotates within it, kept in the row itself
 * (auth/tokens.ts): a rotation is one update that no index sees (a HOT update), not a new row.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: staffRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 12 hours after sign-in, whatever the refreshes. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, reuse, password_reset, ... */
    revokedReason: text('revoked_reason'),
    /** How many times the refresh token rotated: the current token is of this generation. */
    refreshGeneration: integer('refresh_generation').notNull().default(0),
    /**
     * SHA-256 of the random nonce in each of the session's refresh tokens (auth/tokens.ts): with
     * the generation, what makes a token this session's.
     */
    refreshNonceHash: text('refresh_nonce_hash').notNull(),
    /** Idle expiry: 30 minutes after the last rotation, at most the absolute expiry. */
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);

/**
 * Sign-in throttling (docs/security.md). One row per key: `account:<username>` counts
 * failures from sources the account does not trust, `source:<username>:<source>` failures from
 * one address or trusted device. Unknown usernames get rows like known ones, so answers and
 * work are the same for both.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_throttle_updated_idx').on(t.updatedAt)],
);

/** Browsers that completed a full sign-in of an account (device cookie, stored hashed). */
export const loginDevices = pgTable(
  'login_devices',
  {
    username: text('username').notNull(),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.deviceHash] }), index('login_devices_used_idx').on(t.lastUsedAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    /** password_ok, otp_sent, success, bad_password, bad_otp, locked, unknown_user, ... */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user_idx').on(t.staffUserId, t.createdAt)],
);

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicPem: text('public_pem').notNull(),
  /** PKCS#8 private key, AES-256-GCM encrypted with the instance secret. */
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Request counts of the per-address rate limits (@fastify/rate-limit), shared by every node
 * when no REDIS_URL is set. One row per route and client key, counting within a fixed window
 * that ends at `resetAt`; rows past it are pruned.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
