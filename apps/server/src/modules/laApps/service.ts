/** Login-assistant apps (spec 2 /apps): desktop or web applications the assistant signs members in to. */
import {
  type ErrorCode,
  fieldError,
  type ItemsList,
  type LaApp,
  type LaAppInput,
  type LaAppListQuery,
  type LaAppPatch,
  laAppFieldErrors,
} from '@portiere/contracts';
import { and, asc, count, eq, exists, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laApps, loginGroupApps, profiles } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { paging } from '../../lib/paging.ts';

type AppRow = typeof laApps.$inferSelect;

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });
const notOfApp = () => new AppError(400, 'profileNotOfApp', undefined, { profileId: fieldError('invalid') });

/** 400 on `field` with `code` unless `id` is one of the customer's login-assistant apps. */
export async function assertLaApp(db: Db, customerId: string, id: string, field: string, code: ErrorCode) {
  const found = isUuid(id)
    ? await db
        .select({ id: laApps.id })
        .from(laApps)
        .where(and(eq(laApps.id, id), eq(laApps.customerId, customerId)))
    : [];
  if (!found.length) throw new AppError(400, code, undefined, { [field]: fieldError('invalid') });
}

export class LaAppsService {
  constructor(private readonly db: Db) {}

  private select(where: SQL | undefined) {
    return this.db
      .select({ a: laApps, profile: { id: profiles.id, name: profiles.displayName } })
      .from(laApps)
      .leftJoin(profiles, eq(profiles.id, laApps.profileId))
      .where(where);
  }

  private toApp(r: { a: AppRow; profile: { id: string; name: string } | null }): LaApp {
    return {
      id: r.a.id,
      name: r.a.name,
      kind: r.a.kind,
      target: r.a.target,
      profileId: r.a.profileId,
      profile: r.profile,
      profiles_count: r.a.profilesCount,
      login_groups_count: r.a.loginGroupsCount,
      created_at: r.a.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: Partial<LaAppListQuery>): Promise<ItemsList<LaApp>> {
    const { size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(laApps.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(or(ilike(laApps.name, likeOf(search)), ilike(laApps.target, likeOf(search))));
    if (q.kind) parts.push(eq(laApps.kind, q.kind));
    // Membership through the (login_group_id, app_id) primary key.
    const inGroup = (groupId: string) =>
      exists(
        this.db
          .select({ one: sql`1` })
          .from(loginGroupApps)
          .where(and(eq(loginGroupApps.loginGroupId, groupId), eq(loginGroupApps.appId, laApps.id))),
      );
    if (q.login_group_id) parts.push(isUuid(q.login_group_id) ? inGroup(q.login_group_id) : sql`false`);
    if (q.not_in_login_group_id && isUuid(q.not_in_login_group_id)) parts.push(not(inGroup(q.not_in_login_group_id)));
    const where = and(...parts);
    const rows = await this.select(where)
      .orderBy(asc(sql`lower(${laApps.name})`), asc(laApps.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(laApps).where(where);
    return { count: total?.n ?? 0, items: rows.map((r) => this.toApp(r)) };
  }

  async get(customerId: string, id: string): Promise<LaApp> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(laApps.id, id), eq(laApps.customerId, customerId)));
    if (!r) throw notFound();
    return this.toApp(r);
  }

  /** The default profile must be one of the app's own profiles (a new app has none yet). */
  private async checkProfile(appId: string | null, profileId: string | null | undefined) {
    if (profileId === undefined || profileId === null) return;
    const found =
      appId && isUuid(profileId)
        ? await this.db
            .select({ id: profiles.id })
            .from(profiles)
            .where(and(eq(profiles.id, profileId), eq(profiles.appId, appId)))
        : [];
    if (!found.length) throw notOfApp();
  }

  async create(customerId: string, input: LaAppInput): Promise<LaApp> {
    const errors = laAppFieldErrors(input);
    if (Object.keys(errors).length) throw validationError(errors);
    await this.checkProfile(null, input.profileId);
    const [row] = await orConflict(
      () =>
        this.db
          .insert(laApps)
          .values({ customerId, name: input.name, kind: input.kind, target: input.target })
          .returning({ id: laApps.id }),
      nameTaken,
    );
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, input.name);
    return this.get(customerId, row.id);
  }

  async update(customerId: string, id: string, patch: LaAppPatch): Promise<LaApp> {
    const row = await customerRow(this.db, laApps, customerId, id);
    const before = await this.get(customerId, id);
    if (patch.kind !== undefined || patch.target !== undefined) {
      // Either half sent alone is checked against the stored other half.
      const errors = laAppFieldErrors({ kind: patch.kind ?? row.kind, target: patch.target ?? row.target });
      if (Object.keys(errors).length) throw validationError(errors);
    }
    await this.checkProfile(id, patch.profileId);
    const set: Partial<typeof laApps.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.kind !== undefined) set.kind = patch.kind;
    if (patch.target !== undefined) set.target = patch.target;
    if (patch.profileId !== undefined) set.profileId = patch.profileId;
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(laApps).set(set).where(eq(laApps.id, id)), nameTaken);
    }
    const after = await this.get(customerId, id);
    auditTarget(id, after.name);
    auditChange(before, after);
    return after;
  }

  /** An app stays while login groups hold it; its profiles go with it. */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await customerRow(this.db, laApps, customerId, id);
    if (row.loginGroupsCount > 0) throw new AppError(409, 'laAppInUse', { count: row.loginGroupsCount });
    auditTarget(row.id, row.name);
    await this.db.delete(laApps).where(eq(laApps.id, id));
  }
}
