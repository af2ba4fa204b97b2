/** Conditions of list filters shared by the areas: yes/no parameters, day ranges, text search. */
import { gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLANNED_WITH_VALUES } from '../db/prepared.ts';

/** A LIKE pattern matching `s` anywhere, its wildcards taken literally. */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 'true' / 'false' as a boolean; absent is undefined (no filter). */
export const yesNo = (v: 'true' | 'false' | undefined): boolean | undefined =>
  v === undefined ? undefined : v === 'true';

/** Case-insensitive search in any of the columns; nothing for an empty search. */
export function searchIn(search: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  return or(...columns.map((c) => ilike(c, likeOf(s))));
}

/** A timestamp column within days: from the start of `after`, through the whole day `before` (UTC). */
export function dayRange(column: AnyPgColumn, after?: string, before?: string): SQL[] {
  const parts: SQL[] = [];
  if (after) parts.push(gte(column, new Date(`${after}T00:00:00Z`)));
  if (before) {
    const end = new Date(`${before}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(column, end));
  }
  return parts;
}

/**
 * The ids of a customer's members whose search text (member_search: username, names and e-mail)
 * holds `search`, case-insensitively. LIKE on text lower-cased by the same lower() as the stored
 * one: cheaper per row than ILIKE, which folds the case of every row it rechecks. Planned with
 * its pattern (PLANNED_WITH_VALUES): how many rows a pattern matches decides the plan.
 */
export function memberSearchIds(customerId: string, search: string): SQL {
  return sql`select member_id from member_search ${sql.raw(PLANNED_WITH_VALUES)}
    where customer_id = ${customerId}::uuid and search like lower(${likeOf(search)})`;
}
