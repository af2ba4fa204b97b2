/**
 * Login groups (spec 3, 4): apps and the members' credentials for them. The credentials and
 * applications counters move with every add and remove, in the same transaction; a group is
 * deleted only once both are zero.
 */
import {
  fieldError,
  type ItemsList,
  type LoginGroup,
  type LoginGroupInput,
  type LoginGroupListQuery,
  type LoginGroupPatch,
} from '@portiere/contracts';
import { and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { auditChange, auditDetails, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laApps, loginGroupApps, loginGroups } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { paging } from '../../lib/paging.ts';

type GroupRow = typeof loginGroups.$inferSelect;

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });

function toGroup(g: GroupRow): LoginGroup {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    credentials_count: g.credentialsCount,
    applications_count: g.applicationsCount,
    created_at: g.createdAt.toISOString(),
  };
}

export class LoginGroupsService {
  constructor(private readonly db: Db) {}

  async list(customerId: string, q: Partial<LoginGroupListQuery>): Promise<ItemsList<LoginGroup>> {
    const { size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(loginGroups.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(or(ilike(loginGroups.name, likeOf(search)), ilike(loginGroups.description, likeOf(search))));
    const isEmpty = and(eq(loginGroups.credentialsCount, 0), eq(loginGroups.applicationsCount, 0));
    if (q.empty === 'true') parts.push(isEmpty);
    if (q.empty === 'false') parts.push(sql`not (${isEmpty})`);
    if (q.app_id) {
      // Through login_group_apps_app_idx.
      parts.push(
        isUuid(q.app_id)
          ? exists(
              this.db
                .select({ one: sql`1` })
                .from(loginGroupApps)
                .where(and(eq(loginGroupApps.appId, q.app_id), eq(loginGroupApps.loginGroupId, loginGroups.id))),
            )
          : sql`false`,
      );
    }
    const where = and(...parts);
    const rows = await this.db
      .select()
      .from(loginGroups)
      .where(where)
      .orderBy(asc(sql`lower(${loginGroups.name})`), asc(loginGroups.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(loginGroups).where(where);
    return { count: total?.n ?? 0, items: rows.map(toGroup) };
  }

  row(customerId: string, id: string): Promise<GroupRow> {
    return customerRow(this.db, loginGroups, customerId, id);
  }

  async get(customerId: string, id: string): Promise<LoginGroup> {
    return toGroup(await this.row(customerId, id));
  }

  async create(customerId: string, input: LoginGroupInput): Promise<LoginGroup> {
    const [row] = await orConflict(
      () =>
        this.db
          .insert(loginGroups)
          .values({ customerId, name: input.name, description: input.description })
          .returning(),
      nameTaken,
    );
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, row.name);
    return toGroup(row);
  }

  async update(customerId: string, id: string, patch: LoginGroupPatch): Promise<LoginGroup> {
    const before = await this.get(customerId, id);
    const set: Partial<typeof loginGroups.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description;
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(loginGroups).set(set).where(eq(loginGroups.id, id)), nameTaken);
    }
    const after = await this.get(customerId, id);
    auditTarget(id, after.name);
    auditChange(before, after);
    return after;
  }

  /** Spec 4: refused while credentials or applications remain, naming how many of each. */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    if (row.credentialsCount > 0 || row.applicationsCount > 0) {
      throw new AppError(409, 'loginGroupInUse', {
        credentials: row.credentialsCount,
        applications: row.applicationsCount,
      });
    }
    auditTarget(row.id, row.name);
    await this.db.delete(loginGroups).where(eq(loginGroups.id, id));
  }

  /** Adds the customer's apps not yet in the group; any id that is not one of them refuses all. */
  async addApps(customerId: string, id: string, appIds: string[]): Promise<{ added: number }> {
    const group = await this.row(customerId, id);
    const wanted = [...new Set(appIds)];
    const valid = wanted.every(isUuid)
      ? await this.db
          .select({ id: laApps.id })
          .from(laApps)
          .where(and(eq(laApps.customerId, customerId), inArray(laApps.id, wanted)))
      : [];
    if (valid.length !== wanted.length) {
      throw new AppError(400, 'laAppNotFound', undefined, { appIds: fieldError('invalid') });
    }
    const added = await this.db
      .insert(loginGroupApps)
      .values(wanted.map((appId) => ({ loginGroupId: id, appId, customerId })))
      .onConflictDoNothing()
      .returning({ appId: loginGroupApps.appId });
    if (added.length) {
      await this.db
        .update(loginGroups)
        .set({ applicationsCount: sql`${loginGroups.applicationsCount} + ${added.length}` })
        .where(eq(loginGroups.id, id));
      await this.db
        .update(laApps)
        .set({ loginGroupsCount: sql`${laApps.loginGroupsCount} + 1` })
        .where(
          inArray(
            laApps.id,
            added.map((a) => a.appId),
          ),
        );
    }
    auditTarget(id, group.name);
    auditDetails({ app_ids: added.map((a) => a.appId) });
    return { added: added.length };
  }

  async removeApp(customerId: string, id: string, appId: string): Promise<void> {
    const group = await this.row(customerId, id);
    auditTarget(id, group.name);
    if (!isUuid(appId)) throw notFound();
    const [gone] = await this.db
      .delete(loginGroupApps)
      .where(and(eq(loginGroupApps.loginGroupId, id), eq(loginGroupApps.appId, appId)))
      .returning({ appId: loginGroupApps.appId });
    if (!gone) throw notFound();
    await this.db
      .update(loginGroups)
      .set({ applicationsCount: sql`${loginGroups.applicationsCount} - 1` })
      .where(eq(loginGroups.id, id));
    await this.db
      .update(laApps)
      .set({ loginGroupsCount: sql`${laApps.loginGroupsCount} - 1` })
      .where(eq(laApps.id, appId));
    auditDetails({ app_id: appId });
  }
}
