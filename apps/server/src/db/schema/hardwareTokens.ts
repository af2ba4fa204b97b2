/** Hardware OTP tokens of a customer, imported from the vendor's PSKC file. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credentials } from './members.ts';
import { customerRef } from './tenancy.ts';

/**
 * The state is not stored: retired when `retired_at` is set, assigned while a credential holds
 * the seed, else in stock. A credential deleted (or its member) gives the token back to stock.
 */
export const hardwareTokens = pgTable(
  'hardware_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    serial: text('serial').notNull(),
    kind: text('kind', { enum: ['hotp', 'totp'] }).notNull(),
    algorithm: text('algorithm', { enum: ['SHA1', 'SHA256', 'SHA512'] }).notNull(),
    digits: integer('digits').notNull(),
    /** TOTP: seconds per code. */
    period: integer('period'),
    /** HOTP: the counter the file gave, where an assignment starts. */
    counter: integer('counter').notNull().default(0),
    manufacturer: text('manufacturer'),
    /** AES-256-GCM sealed (SecretBox) base32 seed; never answered. */
    secretEnc: text('secret_enc').notNull(),
    credentialId: uuid('credential_id').references(() => credentials.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    // Serial search and the list's order; also the duplicate check of an import.
    uniqueIndex('hardware_tokens_serial_idx').on(t.customerId, t.serial),
    // The state filters: stock and assigned read credential_id among tokens not retired.
    index('hardware_tokens_state_idx').on(t.customerId, t.credentialId, t.serial).where(sql`${t.retiredAt} is null`),
    index('hardware_tokens_retired_idx').on(t.customerId, t.serial).where(sql`${t.retiredAt} is not null`),
    index('hardware_tokens_credential_idx').on(t.credentialId),
  ],
);
