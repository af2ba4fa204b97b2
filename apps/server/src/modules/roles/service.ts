/** Role groups and the members authorised for each (the Users tab lists both sides). */

import { fieldError, type MemberListQuery, type Role, type RoleListQuery } from '@portiere/contracts';
import { and, asc, count, eq, exists, inArray, not, sql } from 'drizzle-orm';
import { auditChange, auditEach, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { configurations, members, roleGroups, roleMembers } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { searchIn, yesNo } from '../../lib/list-filters.ts';
import { page, paging } from '../../lib/paging.ts';
import { memberWhere } from '../members/list-query.ts';
import { toMember } from '../members/mapper.ts';

type RoleRow = typeof roleGroups.$inferSelect;
const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });

export class RolesService {
  constructor(private readonly db: Db) {}

  private usersCount = sql<number>`(select count(*)::int from role_members rm where rm.role_id = ${roleGroups.id})`;

  private toRole(r: RoleRow, n: number): Role {
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      users_count: Number(n),
      created_at: r.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: RoleListQuery) {
    const { page: p, size, offset } = paging(q);
    const empty = yesNo(q.empty);
    const authorised = sql`exists (select 1 from role_members rm where rm.role_id = ${roleGroups.id})`;
    const where = and(
      eq(roleGroups.customerId, customerId),
      searchIn(q.search, roleGroups.name, roleGroups.description),
      empty === undefined ? undefined : empty ? sql`not ${authorised}` : authorised,
    );
    const rows = await this.db
      .select({ r: roleGroups, n: this.usersCount })
      .from(roleGroups)
      .where(where)
      .orderBy(asc(roleGroups.name))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(roleGroups).where(where);
    return page(
      rows.map((r) => this.toRole(r.r, r.n)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  private row(customerId: string, id: string): Promise<RoleRow> {
    return customerRow(this.db, roleGroups, customerId, id);
  }

  async get(customerId: string, id: string): Promise<Role> {
    await this.row(customerId, id);
    const [r] = await this.db
      .select({ r: roleGroups, n: this.usersCount })
      .from(roleGroups)
      .where(eq(roleGroups.id, id));
    if (!r) throw notFound();
    return this.toRole(r.r, r.n);
  }

  async create(customerId: string, input: { name: string; description: string }): Promise<Role> {
    const [r] = await this.db
      .insert(roleGroups)
      .values({ customerId, ...input })
      .onConflictDoNothing()
      .returning();
    if (!r) throw nameTaken();
    return this.toRole(r, 0);
  }

  async update(customerId: string, id: string, patch: { name?: string; description?: string }): Promise<Role> {
    const before = await this.get(customerId, id);
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
    };
    if (Object.keys(set).length) {
      await orConflict(() => this.db.update(roleGroups).set(set).where(eq(roleGroups.id, id)), nameTaken);
    }
    const after = await this.get(customerId, id);
    auditChange(before, after);
    return after;
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    auditTarget(row.id, row.name);
    await this.db.delete(roleGroups).where(eq(roleGroups.id, id));
  }

  /** Authorised (or, with authorised=false, unauthorised) members, searchable and paged. */
  async users(customerId: string, id: string, q: Partial<MemberListQuery> & { authorised?: 'true' | 'false' }) {
    await this.row(customerId, id);
    const { page: p, size, offset } = paging(q);
    const isIn = exists(
      this.db
        .select({ one: sql`1` })
        .from(roleMembers)
        .where(and(eq(roleMembers.roleId, id), eq(roleMembers.memberId, members.id))),
    );
    const where = and(memberWhere(customerId, { search: q.search }), q.authorised === 'false' ? not(isIn) : isIn);
    const rows = await this.db
      .select({ m: members, g: { id: configurations.id, name: configurations.name } })
      .from(members)
      .leftJoin(configurations, eq(configurations.id, members.groupId))
      .where(where)
      .orderBy(asc(members.username), asc(members.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(members).where(where);
    return page(
      rows.map((r) => toMember(r.m, r.g?.id ? r.g : null)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  async authorise(customerId: string, id: string, ids: string[]) {
    const role = await this.row(customerId, id);
    const valid = ids.filter(isUuid);
    const own = valid.length
      ? await this.db
          .select({ id: members.id, username: members.username })
          .from(members)
          .where(and(eq(members.customerId, customerId), inArray(members.id, valid)))
      : [];
    const added = own.length
      ? await this.db
          .insert(roleMembers)
          .values(own.map((m) => ({ roleId: id, memberId: m.id })))
          .onConflictDoNothing()
          .returning({ id: roleMembers.memberId })
      : [];
    const names = new Map(own.map((m) => [m.id, m.username]));
    auditMembers(
      added.map((a) => ({ id: a.id, username: names.get(a.id) ?? null })),
      role,
    );
    return { done: added.length, skipped: ids.length - added.length };
  }

  async revoke(customerId: string, id: string, memberId: string): Promise<void> {
    const role = await this.row(customerId, id);
    if (!isUuid(memberId)) throw notFound();
    const rows = await this.db
      .delete(roleMembers)
      .where(and(eq(roleMembers.roleId, id), eq(roleMembers.memberId, memberId)))
      .returning({ id: roleMembers.memberId });
    if (!rows.length) throw notFound();
    const [member] = await this.db.select({ username: members.username }).from(members).where(eq(members.id, memberId));
    auditMembers([{ id: memberId, username: member?.username ?? null }], role);
  }
}

/** One event per member authorised or removed, on the member, so its Activity tab shows it. */
function auditMembers(rows: { id: string; username: string | null }[], role: { id: string; name: string }) {
  if (!rows.length) return;
  const details = { role: { id: role.id, name: role.name } };
  auditEach(rows.map((m) => ({ id: m.id, name: m.username, targetType: 'member', details })));
}
