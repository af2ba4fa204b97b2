/** users/: one page of a customer's members with the exact count (the seek in seek.ts, then the page's rows). */
import type { MemberListQuery } from '@portiere/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { page, paging } from '../../lib/paging.ts';
import { memberFilters, memberSort } from './list-query.ts';
import { toMember } from './mapper.ts';
import { seekMembers } from './seek.ts';

export async function listMembers(db: Db, customerId: string, q: Partial<MemberListQuery>) {
  const { page: p, size, offset } = paging(q);
  const sort = memberSort(q.ordering);
  const { count, ids } = await seekMembers(db, customerId, {
    filters: memberFilters(q),
    sort: sort.field,
    descending: sort.descending,
    offset,
    size,
  });
  const rows = ids.length
    ? await db
        .select({ m: members, g: { id: configurations.id, name: configurations.name } })
        .from(members)
        .leftJoin(configurations, eq(configurations.id, members.groupId))
        .where(and(eq(members.customerId, customerId), inArray(members.id, ids)))
    : [];
  return page(
    inOrder(ids, rows, (r) => r.m.id).map((r) => toMember(r.m, r.g?.id ? r.g : null)),
    count,
    p,
    size,
  );
}

/** The rows in the order of their ids (a row gone meanwhile is left out). */
export function inOrder<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
