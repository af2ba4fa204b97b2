/**
 * Workstation login (contracts/workstation.ts): the keys workstations call with, their sign-ins
 * in progress, and the offline material a machine holds for a member. Every table carries
 * customer_id and every query is scoped by it (the key names the customer).
 */
import type { CredentialType, OfflineKind, SignedKind, SignInFailureReason } from '@portiere/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credentials, memberRef, members } from './members.ts';
import { signInProgressColumns } from './signInProgress.ts';
import { customerRef } from './tenancy.ts';

/** `pwk_<key id>_<secret>`: the key id finds the row, the secret is kept as an argon2id hash. Revoking deletes the row. */
export const workstationKeys = pgTable(
  'workstation_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    /** The one machine it may sign in at; null: any machine of the fleet, named in each call. */
    machine: text('machine'),
    keyId: text('key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workstation_keys_key_id_idx').on(t.keyId),
    index('workstation_keys_customer_idx').on(t.customerId, t.createdAt, t.id),
  ],
);

/** A workstation sign-in in progress, keyed by an opaque random id; gone with its key. */
export const workstationSignIns = pgTable(
  'workstation_sign_ins',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => workstationKeys.id, { onDelete: 'cascade' }),
    machine: text('machine').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    stages: jsonb('stages').$type<CredentialType[][]>().notNull(),
    ...signInProgressColumns<'done' | SignInFailureReason>(),
    /** The random bytes (base64) a key pair or smartcard must sign; single use. */
    challenge: text('challenge'),
    challengeKind: text('challenge_kind').$type<SignedKind>(),
  },
  (t) => [
    index('workstation_sign_ins_expires_idx').on(t.expiresAt),
    index('workstation_sign_ins_member_idx').on(t.memberId),
    index('workstation_sign_ins_key_idx').on(t.keyId),
    index('workstation_sign_ins_customer_idx').on(t.customerId),
  ],
);

/**
 * Offline material a machine holds for a member's HOTP or TOTP credential: what was given (the
 * values themselves are never kept here; the machine has only their hashes), the refill token's
 * keyed hash (rotated at each refill), and when it ends. One per member, credential and machine.
 */
export const offlineGrants = pgTable(
  'offline_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: memberRef(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id')
      .notNull()
      .references(() => workstationKeys.id, { onDelete: 'cascade' }),
    machine: text('machine').notNull(),
    kind: text('kind').$type<OfflineKind>().notNull(),
    refillHash: text('refill_hash').notNull(),
    /** The HOTP counters or TOTP steps given: from, to (inclusive). */
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    refilledAt: timestamp('refilled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('offline_grants_refill_idx').on(t.refillHash),
    uniqueIndex('offline_grants_machine_idx').on(t.memberId, t.credentialId, t.machine),
    index('offline_grants_member_idx').on(t.customerId, t.memberId, t.issuedAt),
    index('offline_grants_credential_idx').on(t.credentialId),
    index('offline_grants_key_idx').on(t.keyId),
  ],
);
