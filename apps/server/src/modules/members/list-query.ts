/** Translates the list query (search, drawer filters, ordering) into SQL over indexed columns. */
import { CREDENTIAL_TYPES, type CredentialType, type MemberListQuery } from '@portiere/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { credentialKindMask, members, membersEnrolledSortKey, NO_GROUP } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { memberSearched } from '../../lib/list-filters.ts';
import type { AnchorSort } from './tallies.ts';

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
} as const satisfies Record<AnchorSort, { key: PgColumn | SQL; type: 'text' | 'timestamptz' }>;

export interface MemberSort {
  field: AnchorSort;
  key: PgColumn | SQL;
  type: 'text' | 'timestamptz';
  descending: boolean;
}

/** The list's `ordering` (`-field` descending); newest first when absent or unknown. */
export function memberSort(ordering?: string): MemberSort {
  const name = (ordering ?? '-created_at').replace(/^-/, '');
  const field = (name in ORDER_KEYS ? name : 'created_at') as AnchorSort;
  const { key, type } = ORDER_KEYS[field];
  return { field, key, type, descending: !ordering || ordering.startsWith('-') };
}

/** The list's filters, parsed once: members match all of those given. */
export interface MemberFilters {
  /** Lower-case text searched in username, names and email. */
  search?: string;
  /** Any of these configuration groups, `none` being no group. */
  groups?: { ids: string[]; none: boolean };
  enrolled?: boolean;
  blocked?: boolean;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  /** Any of these credential kinds (CREDENTIAL_KIND_BITS). */
  kinds?: number;
  /** Only members with a credential usable for Windows login (the workstation users list). */
  windows?: boolean;
}

export function memberFilters(q: Partial<MemberListQuery>): MemberFilters {
  const f: MemberFilters = {};
  const search = q.search?.trim().toLowerCase();
  if (search) f.search = search;
  if (q.group) {
    // Comma-separated configuration group ids, and `none` for members without one: any of them.
    const wanted = q.group.split(',').map((g) => g.trim());
    f.groups = { ids: wanted.filter(isUuid), none: wanted.includes('none') };
  }
  if (q.enrolled) f.enrolled = q.enrolled === 'true';
  if (q.blocked) f.blocked = q.blocked === 'true';
  if (q.created_after) f.createdFrom = new Date(`${q.created_after}T00:00:00Z`);
  if (q.created_before) {
    // Inclusive of the whole day named.
    const end = new Date(`${q.created_before}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    f.createdBefore = end;
  }
  const types = (q.credential_types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is CredentialType => (CREDENTIAL_TYPES as readonly string[]).includes(t));
  if (types.length) f.kinds = credentialKindMask(types);
  return f;
}

/** True when no filter narrows the list. */
export const unfiltered = (f: MemberFilters): boolean => Object.keys(f).length === 0;

/** The filters member_search answers: the search, and the flags it copies (flagWhere). */
const SEARCH_ROW_FILTERS: ReadonlySet<string> = new Set<keyof MemberFilters>([
  'search',
  'enrolled',
  'blocked',
  'kinds',
  'windows',
]);

/**
 * True when member_search holds every filter given: a search, alone or with class filters but
 * the group (the columns it copies). Such a list is counted from member_search alone. Named by
 * what it holds, so that a filter added later takes the members' rows until it is copied too.
 */
export const searchRowsHold = (f: MemberFilters): f is MemberFilters & { search: string } =>
  f.search !== undefined && Object.keys(f).every((k) => SEARCH_ROW_FILTERS.has(k));

/** True when the count is a sum of member_counts classes (no search, no date range). */
export const countedByClass = (f: MemberFilters): boolean =>
  f.search === undefined && f.createdFrom === undefined && f.createdBefore === undefined;

/** The filters over the members table. */
export function filterWhere(customerId: string, f: MemberFilters): SQL {
  const parts: SQL[] = [eq(members.customerId, customerId)];
  if (f.search) parts.push(memberSearched(f.search));
  if (f.groups) {
    const any: SQL[] = [];
    if (f.groups.none) any.push(isNull(members.groupId));
    if (f.groups.ids.length) any.push(inArray(members.groupId, f.groups.ids));
    parts.push(any.length ? (or(...any) ?? sql`false`) : sql`false`);
  }
  if (f.enrolled !== undefined) parts.push(eq(members.enrolled, f.enrolled));
  if (f.blocked !== undefined) parts.push(eq(members.blocked, f.blocked));
  if (f.createdFrom) parts.push(gte(members.createdAt, f.createdFrom));
  if (f.createdBefore) parts.push(lt(members.createdAt, f.createdBefore));
  if (f.kinds) parts.push(sql`(${members.credentialKinds} & ${f.kinds}::int) <> 0`);
  if (f.windows) parts.push(eq(members.windowsLogin, true));
  return and(...parts) ?? sql`true`;
}

/** The class filters over member_counts (countedByClass filters only). */
export function classWhere(customerId: string, f: MemberFilters): SQL {
  const parts: SQL[] = [sql`customer_id = ${customerId}::uuid`];
  if (f.groups) {
    const ids = [...f.groups.ids, ...(f.groups.none ? [NO_GROUP] : [])];
    parts.push(ids.length ? sql`group_id = any(${`{${ids.join(',')}}`}::uuid[])` : sql`false`);
  }
  return sql.join([...parts, ...flagWhere(f)], sql` and `);
}

/** The class filters but the group, over the columns member_counts and member_search both have. */
export function flagWhere(f: MemberFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.enrolled !== undefined) parts.push(sql`enrolled = ${f.enrolled}`);
  if (f.blocked !== undefined) parts.push(sql`blocked = ${f.blocked}`);
  if (f.kinds) parts.push(sql`(credential_kinds & ${f.kinds}::int) <> 0`);
  if (f.windows) parts.push(sql`windows_login`);
  return parts;
}

export function memberWhere(customerId: string, q: Partial<MemberListQuery>): SQL {
  return filterWhere(customerId, memberFilters(q));
}

export function memberOrder(ordering?: string) {
  const { key, descending } = memberSort(ordering);
  const dir = descending ? desc : asc;
  // The id breaks ties so pages never overlap or skip rows.
  return [dir(key), dir(members.id)];
}
