/** Temporary cards of a customer, each paired to one member at a time. */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { customerRef } from './tenancy.ts';

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
