/**
 * users/: one page of a customer's members with the exact count, or with `estimate` an estimated
 * one where counting costs more than the page (the seek in seek.ts, then the page's rows).
 */
import type { MemberListQuery } from '@portiere/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { page, paging } from '../../lib/paging.ts';
import { memberFilters, memberSort } from './list-query.ts';
import { toMember } from './mapper.ts';
import { seekMembers } from './seek.ts';

export async function listMembers(db: Db, customerId: string, q: Partial<MemberListQuery>, estimate = false) {
  const { page: p, size, offset } = paging(q);
  const sort = memberSort(q.ordering);
  const { count, estimated, ids } = await seekMembers(db, customerId, {
    filters: memberFilters(q),
    sort: sort.field,
    descending: sort.descending,
    offset,
    size,
    estimate,
  });
  const rows = ids.length
    ? await db
        .select({ m: members, g: { id: configurations.id, name: configurations.name } })
        .from(members)
        .leftJoin(configurations, eq(configurations.id, members.groupId))
        .where(and(eq(members.customerId, customerId), inArray(members.id, ids)))
    : [];
  const results = inOrder(ids, rows, (r) => r.m.id).map((r) => toMember(r.m, r.g?.id ? r.g : null));
  return { ...page(results, count, p, size), count_estimated: estimated };
}

/** The rows in the order of their ids (a row gone meanwhile is left out). */
export function inOrder<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
