/**
 * Customisation of the members' pages: the two logos a customer uploads, one row per kind,
 * kept in the database so every node of an install serves the same bytes.
 */
import type { LogoKind, LogoMediaType } from '@portiere/contracts';
import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customerRef } from './tenancy.ts';

/** PostgreSQL bytea: postgres-js answers a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const customerImages = pgTable(
  'customer_images',
  {
    customerId: customerRef(),
    kind: text('kind').$type<LogoKind>().notNull(),
    /** Decided from the content when uploaded (customization/image-check.ts). */
    mediaType: text('media_type').$type<LogoMediaType>().notNull(),
    bytes: bytea('bytes').notNull(),
    /** Hex SHA-256 of the bytes: the ETag, and the version in the logo URL. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);
