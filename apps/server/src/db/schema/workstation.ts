/** Temporary cards, recovery codes and recovery modes, and role groups of a customer. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { customers } from './tenancy.ts';

const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const memberRef = () =>
  uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const temporaryCards = pgTable(
  'temporary_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    cardCode: text('card_code').notNull(),
    /** Set while paired; a pairing whose expiry has passed no longer counts. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('temporary_cards_code_idx').on(t.customerId, t.cardCode),
    index('temporary_cards_member_idx').on(t.customerId, t.memberId, t.expiresAt),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: memberRef(),
    /** Keyed hash; the code itself is shown once. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_member_idx').on(t.memberId, t.createdAt)],
);

export const recoveryModes = pgTable(
  'recovery_modes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: memberRef(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedBy: text('activated_by').notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Credentials this recovery mode disabled, to enable again when it ends. */
    disabledCredentialIds: jsonb('disabled_credential_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [
    // One active recovery mode per member.
    uniqueIndex('recovery_modes_active_idx').on(t.memberId).where(sql`${t.deactivatedAt} is null`),
    index('recovery_modes_customer_idx').on(t.customerId, t.deactivatedAt),
  ],
);

export const roleGroups = pgTable(
  'role_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_groups_name_idx').on(t.customerId, t.name)],
);

/** Members authorised for a role group. */
export const roleMembers = pgTable(
  'role_members',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
    memberId: memberRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.memberId] }), index('role_members_member_idx').on(t.memberId)],
);
