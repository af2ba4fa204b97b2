/** Translates the list query (search, drawer filters, ordering) into SQL over indexed columns. */
import { CREDENTIAL_TYPES, type MemberListQuery } from '@portiere/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

const ORDER_COLUMNS = {
  username: members.username,
  last_name: members.lastName,
  email: members.email,
  created_at: members.createdAt,
  enrolled_at: members.enrolledAt,
} as const;

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
  const field = (ordering ?? '-created_at').replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
  const column = ORDER_COLUMNS[field] ?? members.createdAt;
  const dir = ordering?.startsWith('-') || !ordering ? desc : asc;
  // The id breaks ties so pages never overlap or skip rows.
  return [dir(column), dir(members.id)];
}
