/**
 * A customer's login-assistant scripts (spec 2, /customer-view/script/:id): files a reseller
 * uploads for the customer's login assistants, kept whole in the database (at most
 * SCRIPT_MAX_BYTES each) with their SHA-256, so backups and every node have them.
 */
import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerRef } from './tenancy.ts';

/** bytea: PGlite answers a Uint8Array, postgres-js a Buffer; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const laScripts = pgTable(
  'la_scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    /** The file's base name, as uploaded. */
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    /** Hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Username of the reseller user who uploaded it (kept if that account goes). */
    uploadedBy: text('uploaded_by').notNull(),
  },
  (t) => [
    index('la_scripts_customer_uploaded_idx').on(t.customerId, t.uploadedAt, t.id),
    index('la_scripts_customer_name_idx').on(t.customerId, t.name),
  ],
);
