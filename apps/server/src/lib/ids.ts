/** Ids in URLs are UUIDs; anything else cannot exist and answers 404 without a query. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * A list filter on an id column from a query parameter: absent or empty filters nothing, and an
 * id that is not a UUID matches nothing (it cannot exist; the database is not asked to cast it).
 */
export function idFilter(column: AnyPgColumn, id: string | undefined): SQL | undefined {
  if (id === undefined || id === '') return undefined;
  return isUuid(id) ? eq(column, id) : sql`false`;
}
