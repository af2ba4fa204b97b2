/** Translates the list query (search, drawer filters, ordering) into SQL over indexed columns. */
import { CREDENTIAL_TYPES, type MemberListQuery } from '@portiere/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { members, membersEnrolledSortKey } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * What each ordering sorts by, and its SQL type (the export's keyset casts its cursor back to
 * it). enrolled_at sorts by the same COALESCE as its index: never-enrolled members keep
 * PostgreSQL's own null placement (last ascending, first descending) and the keyset never
 * compares a null. Each key has an index on (customer_id, key, id) in the schema.
 */
const ORDER_KEYS = {
  username: { key: members.username, type: 'text' },
  last_name: { key: members.lastName, type: 'text' },
  email: { key: members.email, type: 'text' },
  created_at: { key: members.createdAt, type: 'timestamptz' },
  enrolled_at: { key: membersEnrolledSortKey(members.enrolledAt), type: 'timestamptz' },
} as const satisfies Record<string, { key: PgColumn | SQL; type: 'text' | 'timestamptz' }>;

export interface MemberSort {
  key: PgColumn | SQL;
  type: 'text' | 'timestamptz';
  descending: boolean;
}

/** The list's `ordering` (`-field` descending); newest first when absent or unknown. */
export function memberSort(ordering?: string): MemberSort {
  const field = (ordering ?? '-created_at').replace(/^-/, '');
  const known = ORDER_KEYS[field as keyof typeof ORDER_KEYS];
  const { key, type } = known ?? ORDER_KEYS.created_at;
  return { key, type, descending: !ordering || ordering.startsWith('-') };
}

export function memberWhere(customerId: string, q: Partial<MemberListQuery>): SQL {
  const parts: SQL[] = [eq(members.customerId, customerId)];
  const search = q.search?.trim().toLowerCase();
  if (search) parts.push(ilike(members.search, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.group) {
    // Comma-separated configuration group ids, and `none` for members without one: any of them.
    const wanted = q.group.split(',').map((g) => g.trim());
    const ids = wanted.filter(isUuid);
    const any: SQL[] = [];
    if (wanted.includes('none')) any.push(isNull(members.groupId));
    if (ids.length) any.push(inArray(members.groupId, ids));
    parts.push(any.length ? (or(...any) ?? sql`false`) : sql`false`);
  }
  if (q.enrolled) parts.push(eq(members.enrolled, q.enrolled === 'true'));
  if (q.blocked) parts.push(eq(members.blocked, q.blocked === 'true'));
  if (q.created_after) parts.push(gte(members.createdAt, new Date(`${q.created_after}T00:00:00Z`)));
  if (q.created_before) {
    // Inclusive of the whole day named.
    const end = new Date(`${q.created_before}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(members.createdAt, end));
  }
  const types = (q.credential_types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is (typeof CREDENTIAL_TYPES)[number] => (CREDENTIAL_TYPES as readonly string[]).includes(t));
  if (types.length)
    parts.push(sql`${members.credentialTypes} ?| ${sql.raw(`array[${types.map((t) => `'${t}'`).join(',')}]`)}`);
  return and(...parts) ?? sql`true`;
}

export function memberOrder(ordering?: string) {
  const { key, descending } = memberSort(ordering);
  const dir = descending ? desc : asc;
  // The id breaks ties so pages never overlap or skip rows.
  return [dir(key), dir(members.id)];
}
