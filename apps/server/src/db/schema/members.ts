/** Members of a customer and their credentials. */

import type { CredentialType, Identity } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { configurations } from './configurations.ts';
import { customerRef } from './tenancy.ts';

/** The member a row belongs to; deleting the member deletes the row. */
export const memberRef = () =>
  uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/**
 * What the members list and export sort by for enrolled_at: never-enrolled members (null) as
 * the latest possible time, which is where PostgreSQL puts nulls in either direction. Index and
 * queries use this one expression so the planner matches them.
 */
export const membersEnrolledSortKey = (enrolledAt: PgColumn) => sql`coalesce(${enrolledAt}, 'infinity'::timestamptz)`;

/**
 * One bit per credential kind in members.credential_kinds (the list's credential filter and the
 * member_counts classes). Stored values: never renumber, only add.
 */
export const CREDENTIAL_KIND_BITS: Readonly<Record<CredentialType, number>> = {
  mail: 1,
  sms: 2,
  password: 4,
  pin: 8,
  app: 16,
  app_biometry: 32,
  totp: 64,
  hotp: 128,
  keypair: 256,
  smartcard: 512,
};

/** The bit set of these kinds. */
export const credentialKindMask = (types: readonly CredentialType[]): number =>
  types.reduce((mask, t) => mask | (CREDENTIAL_KIND_BITS[t] ?? 0), 0);

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    groupId: uuid('group_id').references(() => configurations.id, { onDelete: 'set null' }),
    extraInfo: text('extra_info').notNull().default(''),
    identities: jsonb('identities').$type<Identity[]>().notNull().default([]),
    identityNotValidAfter: timestamp('identity_not_valid_after', { withTimezone: true }),
    blocked: boolean('blocked').notNull().default(false),
    blockedBy: text('blocked_by'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    enrolled: boolean('enrolled').notNull().default(false),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    /** When the member last said on the app that a sign-in was not theirs (the detail flags it). */
    reportedSignInAt: timestamp('reported_sign_in_at', { withTimezone: true }),
    /** Windows autologon; only possible for a member with identities. */
    autologon: boolean('autologon').notNull().default(false),
    /** Kinds of the member's credentials, kept in step by the credentials service for the list filter. */
    credentialTypes: jsonb('credential_types').$type<CredentialType[]>().notNull().default([]),
    /** The same kinds as a bit set (CREDENTIAL_KIND_BITS): the list filters it inside its indexes. */
    credentialKinds: integer('credential_kinds').notNull().default(0),
    /** Whether any of its credentials is usable for Windows login: the workstation users list. */
    windowsLogin: boolean('windows_login').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When what SCIM shows of the member last changed (a trigger moves it when those columns do,
     * whoever writes them: migration 0036): SCIM's meta.lastModified.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The directory's own id of the member (SCIM externalId); one member per id in a customer. */
    externalId: text('external_id'),
    /** Since when a directory provisions the member through SCIM; null: managed in the console. */
    scimManagedAt: timestamp('scim_managed_at', { withTimezone: true }),
    /** SCIM's enterprise extension as the directory sent it (employeeNumber, department, manager …). */
    scimEnterprise: jsonb('scim_enterprise').$type<Record<string, unknown>>(),
  },
  (t) => {
    // The drawer's filter columns, carried by each ordering's index after its (key, id).
    const filters = [t.groupId, t.enrolled, t.blocked, t.credentialKinds, t.createdAt] as const;
    return [
      uniqueIndex('members_customer_username_idx').on(t.customerId, sql`lower(${t.username})`),
      // SCIM's look-up by the directory's id (filter externalId eq "…"), and one member per id.
      uniqueIndex('members_customer_external_id_idx')
        .on(t.customerId, t.externalId)
        .where(sql`${t.externalId} is not null`),
      // One (customer_id, sort key, id) index per list ordering: the list's pages and the export's
      // keyset batches read them in order. Each also carries every column the drawer filters on
      // (after the unique (key, id), so they never change the order): a filtered page or count in
      // any ordering reads its index alone, never the table row of each member it passes.
      index('members_customer_created_idx').on(
        t.customerId,
        t.createdAt,
        t.id,
        t.groupId,
        t.enrolled,
        t.blocked,
        t.credentialKinds,
      ),
      index('members_customer_username_order_idx').on(t.customerId, t.username, t.id, ...filters),
      index('members_customer_enrolled_at_idx').on(
        t.customerId,
        membersEnrolledSortKey(t.enrolledAt),
        t.id,
        ...filters,
      ),
      index('members_customer_group_idx').on(t.customerId, t.groupId),
      index('members_customer_blocked_idx').on(t.customerId, t.blocked),
      index('members_customer_enrolled_idx').on(t.customerId, t.enrolled),
      // The workstation users' autologon filter.
      index('members_customer_autologon_idx').on(t.customerId, t.autologon),
      index('members_customer_last_name_idx').on(t.customerId, t.lastName, t.id, ...filters),
      index('members_customer_email_idx').on(t.customerId, t.email, t.id, ...filters),
      // The workstation users list: members with a Windows credential, by username.
      index('members_customer_windows_idx').on(t.customerId, t.username, t.id).where(sql`${t.windowsLogin}`),
      // The search text (member_search_text, migration 0020) for pages and counts that also
      // filter: a bitmap of its matches meets the other filters' bitmaps, and the matching rows
      // are read in table order for a sort. A search alone is counted over member_search.
      index('members_search_trgm_idx').using(
        'gin',
        sql`member_search_text(${t.username}, ${t.firstName}, ${t.lastName}, ${t.email}) gin_trgm_ops`,
      ),
    ];
  },
);

/**
 * The members' free-text search, one narrow row each: lower(username, first and last name,
 * e-mail), the username left out when the e-mail holds it (member_search_text). A search's exact
 * count rechecks every trigram match against its row, and a common surname matches one member in
 * twenty, spread over nearly every page: these rows fill half the pages whole member rows would,
 * few enough to stay in PostgreSQL's buffers rather than be read from the OS page by page. Kept
 * by triggers on members (migrations 0020 to 0022 and 0024), so that every writer, the bulk seed
 * and a backup restore included, keeps it; not backed up itself (backup/catalog.ts). No foreign
 * keys (a check per inserted member): the triggers delete its rows with the member's.
 *
 * Each row also holds the member's last name as stored, the key of the Full name column, so that
 * a search sorted by it is counted and sorted from these rows alone (modules/members/seek.ts)
 * rather than from the members' wide rows, which do not fit in the buffers beside these; and the
 * columns of the filters member_counts counts by but the group (credential kinds, enrolled,
 * blocked, Windows login: 7 bytes a row), so that a search with those filters is counted here too;
 * and the keys of the time orderings (16 bytes a row, migration 0024), so that any page of a
 * search in those orderings, not only by last name, is counted and sorted from these rows.
 */
export const memberSearch = pgTable(
  'member_search',
  {
    memberId: uuid('member_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    // The keys of the two time orderings (ANCHOR_KEYS), 8-byte aligned after the ids: the
    // creation time, and the enrolment time with never-enrolled members as 'infinity' (no null,
    // which would add a null bitmap and 8 bytes to the row).
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    enrolledKey: timestamp('enrolled_key', { withTimezone: true }).notNull(),
    // The members' columns of the list's class filters (member_counts), copied as they are.
    credentialKinds: integer('credential_kinds').notNull(),
    enrolled: boolean('enrolled').notNull(),
    blocked: boolean('blocked').notNull(),
    windowsLogin: boolean('windows_login').notNull(),
    lastName: text('last_name').notNull(),
    search: text('search').notNull(),
  },
  (t) => [index('member_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`)],
);

export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').$type<CredentialType>().notNull(),
    description: text('description').notNull().default(''),
    isWeb: boolean('is_web').notNull().default(true),
    isApi: boolean('is_api').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isEnrolled: boolean('is_enrolled').notNull().default(false),
    windowsLogin: boolean('windows_login').notNull().default(false),
    target: text('target'),
    /** argon2id hash: password and PIN */
    secretHash: text('secret_hash'),
    /** AES-256-GCM sealed: TOTP/HOTP secret, app device token */
    secretEnc: text('secret_enc'),
    /** TOTP/HOTP parameters frozen at creation: {algorithm, digits, period|window} */
    params: jsonb('params').$type<Record<string, string | number>>(),
    /** HOTP: next counter; TOTP: last accepted time step (reuse refused) */
    counter: integer('counter').notNull().default(0),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    status: text('status', { enum: ['pending', 'active'] }),
    /** App: sealed confirmation code while pending */
    confirmationEnc: text('confirmation_enc'),
    /** App: lookup hash of the confirmation code */
    confirmationHash: text('confirmation_hash'),
    deviceModel: text('device_model'),
    /** Mail/SMS: keyed hash of the last code sent, and its expiry */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    publicKey: text('public_key'),
    certificate: text('certificate'),
    subject: text('subject'),
    issuer: text('issuer'),
    validTo: timestamp('valid_to', { withTimezone: true }),
    fingerprint: text('fingerprint'),
    /** Key pair registered through a browser (WebAuthn): the authenticator's credential ID, base64url. */
    webauthnId: text('webauthn_id'),
    /** WebAuthn: the COSE public key, base64url (a PEM key pair keeps public_key). */
    cosePublicKey: text('cose_public_key'),
    /** WebAuthn: the authenticator model's AAGUID (all zeros when it does not say). */
    aaguid: text('aaguid'),
    /** WebAuthn: when a signature counter went backwards, the sign of a cloned authenticator. */
    clonedAt: timestamp('cloned_at', { withTimezone: true }),
    /** Smartcard: its transport PIN and PUK, sealed (the PIN is mailed to the member; the PUK never leaves). */
    pinEnc: text('pin_enc'),
    pukEnc: text('puk_enc'),
    /** Smartcard: keyed hash of the live PIN reset's auth_code, its end, and the wrong codes it took. */
    pinResetHash: text('pin_reset_hash'),
    pinResetUntil: timestamp('pin_reset_until', { withTimezone: true }),
    pinResetTries: integer('pin_reset_tries').notNull().default(0),
    /** HOTP/TOTP whose seed came from a hardware token (hardware_tokens): its serial, shown on the row. */
    tokenSerial: text('token_serial'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credentials_member_idx').on(t.memberId, t.type),
    uniqueIndex('credentials_webauthn_idx').on(t.customerId, t.webauthnId),
    index('credentials_customer_idx').on(t.customerId, t.type),
    index('credentials_windows_idx').on(t.customerId, t.memberId).where(sql`${t.windowsLogin}`),
    uniqueIndex('credentials_confirmation_idx').on(t.confirmationHash),
  ],
);
