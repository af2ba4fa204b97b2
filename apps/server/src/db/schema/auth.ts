/** Sign-in state: mailed codes, password-change sessions, refresh tokens, attempts, signing keys. */
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    staffUserId: staffRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: 30 minutes after issue; a rotation issues a new token. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry of the whole family: 12 hours after sign-in. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
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
