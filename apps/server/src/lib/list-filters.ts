/** Conditions of list filters shared by the areas: yes/no parameters, day ranges, text search. */
import { gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLANNED_WITH_VALUES } from '../db/prepared.ts';
import { members } from '../db/schema/index.ts';
import { likeOf } from './like-pattern.ts';

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
 * A member's search text (username, names and e-mail, lower-cased by member_search_text, the
 * SQL function of migration 0021; the username left out when the e-mail holds it, as every text
 * the username holds is then in the e-mail) holds `search`, case-insensitively, as a condition on
 * members (their trigram index members_search_trgm_idx is over the same expression). LIKE on text
 * lower-cased by the same lower() on both sides: cheaper per row than ILIKE. Planned with its
 * pattern (PLANNED_WITH_VALUES): how many rows a pattern matches decides the plan.
 */
export function memberSearched(search: string): SQL {
  return sql`member_search_text(${members.username}, ${members.firstName}, ${members.lastName}, ${members.email})
    like lower(${likeOf(search)}) ${sql.raw(PLANNED_WITH_VALUES)}`;
}

/**
 * The search rows (`columns` of member_search: member_id, a key of an ordering) of a customer's
 * members whose search text holds `search`, and that meet the conditions `also` on its other
 * columns: one narrow row per member kept by triggers, so that a search's exact count rechecks
 * its matches on few pages (db/schema/members.ts).
 */
export function memberSearchRows(customerId: string, search: string, columns: SQL, also: SQL[] = []): SQL {
  const more = also.map((c) => sql` and ${c}`);
  return sql`select ${columns} from member_search ${sql.raw(PLANNED_WITH_VALUES)}
    where customer_id = ${customerId}::uuid and search like lower(${likeOf(search)})${sql.join(more)}`;
}
