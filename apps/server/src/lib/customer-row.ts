/**
 * The one lookup of a row by id within the caller's customer. Anything else — an id that is
 * not a UUID, another customer's row, no row — is the same 404, so ids of other tenants
 * reveal nothing.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';
import { isUuid } from './ids.ts';

type CustomerTable = PgTable & { id: AnyPgColumn; customerId: AnyPgColumn };

export async function customerRow<T extends CustomerTable>(
  db: Db,
  table: T,
  customerId: string,
  id: string,
  /** A further condition the row must meet (e.g. its member). */
  also?: SQL,
): Promise<T['$inferSelect']> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.customerId, customerId), also));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}
