/** Conditions of list filters shared by the areas: yes/no parameters, day ranges, text search. */
import { gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
