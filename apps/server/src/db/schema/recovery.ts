/** Recovery codes and recovery modes of members. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members.ts';
import { customerRef } from './tenancy.ts';

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
    // The active list, newest first, and its activation-day filters.
    index('recovery_modes_customer_activated_idx')
      .on(t.customerId, t.activatedAt)
      .where(sql`${t.deactivatedAt} is null`),
  ],
);
