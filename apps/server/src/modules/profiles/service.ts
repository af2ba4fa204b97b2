/**
 * Profiles (spec 3 "App role/profile"): how the assistant signs one configuration group's
 * members in to one login-assistant app. Keeps la_apps.profiles_count in the same transaction.
 */
import {
  type ErrorCode,
  fieldError,
  type ItemsList,
  type Profile,
  type ProfileInput,
  type ProfileListQuery,
  type ProfilePatch,
  profileFieldErrors,
  type ValidationKey,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { configurations, flows, laApps, profiles } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { idFilter, isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { paging } from '../../lib/paging.ts';

type ProfileRow = typeof profiles.$inferSelect;
type Ref = { id: string; name: string };

const taken = () => new AppError(409, 'profileExists');

/** Each reference of a profile: its table, and the refusal when it is not the customer's. */
const REFS = {
  appId: { table: laApps, code: 'laAppNotFound', key: 'invalid' },
  groupId: { table: configurations, code: 'groupNotFound', key: 'configurationNotFound' },
  flowId: { table: flows, code: 'flowNotFound', key: 'invalid' },
} as const satisfies Record<string, { table: PgTable; code: ErrorCode; key: ValidationKey }>;

export class ProfilesService {
  constructor(private readonly db: Db) {}

  private select(where: SQL | undefined) {
    return this.db
      .select({
        p: profiles,
        app: { id: laApps.id, name: laApps.name },
        defaultOf: laApps.profileId,
        group: { id: configurations.id, name: configurations.name },
        flow: { id: flows.id, name: flows.name },
      })
      .from(profiles)
      .innerJoin(laApps, eq(laApps.id, profiles.appId))
      .innerJoin(configurations, eq(configurations.id, profiles.groupId))
      .leftJoin(flows, eq(flows.id, profiles.flowId))
      .where(where);
  }

  private toProfile(r: { p: ProfileRow; app: Ref; defaultOf: string | null; group: Ref; flow: Ref | null }): Profile {
    return {
      id: r.p.id,
      displayName: r.p.displayName,
      app: r.app,
      group: r.group,
      flow: r.flow,
      steps: r.p.steps,
      is_default: r.defaultOf === r.p.id,
      created_at: r.p.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: Partial<ProfileListQuery>): Promise<ItemsList<Profile>> {
    const { size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(profiles.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(ilike(profiles.displayName, likeOf(search)));
    parts.push(
      idFilter(profiles.appId, q.app_id),
      idFilter(profiles.groupId, q.group_id),
      idFilter(profiles.flowId, q.flow_id),
    );
    const where = and(...parts);
    const rows = await this.select(where)
      .orderBy(asc(sql`lower(${profiles.displayName})`), asc(profiles.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(profiles).where(where);
    return { count: total?.n ?? 0, items: rows.map((r) => this.toProfile(r)) };
  }

  async get(customerId: string, id: string): Promise<Profile> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(profiles.id, id), eq(profiles.customerId, customerId)));
    if (!r) throw notFound();
    return this.toProfile(r);
  }

  /** Each id sent must name a row of the customer's, else 400 on that field. */
  private async checkRefs(customerId: string, input: Partial<ProfileInput>) {
    for (const field of ['appId', 'groupId', 'flowId'] as const) {
      const id = input[field];
      if (id === undefined || id === null) continue;
      const { table, code, key } = REFS[field];
      const found = isUuid(id)
        ? await this.db
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.id, id), eq(table.customerId, customerId)))
        : [];
      if (!found.length) throw new AppError(400, code, undefined, { [field]: fieldError(key) });
    }
  }

  private checkSteps(input: Partial<ProfileInput>) {
    const errors = profileFieldErrors(input);
    if (Object.keys(errors).length) throw validationError(errors);
  }

  private bumpProfiles(appId: string, by: number) {
    return this.db
      .update(laApps)
      .set({ profilesCount: sql`${laApps.profilesCount} + ${by}` })
      .where(eq(laApps.id, appId));
  }

  async create(customerId: string, input: ProfileInput): Promise<Profile> {
    this.checkSteps(input);
    await this.checkRefs(customerId, input);
    const [row] = await orConflict(
      () =>
        this.db
          .insert(profiles)
          .values({
            customerId,
            displayName: input.displayName,
            appId: input.appId,
            groupId: input.groupId,
            flowId: input.flowId,
            steps: input.steps,
          })
          .returning({ id: profiles.id }),
      taken,
    );
    if (!row) throw new Error('insert failed');
    await this.bumpProfiles(input.appId, 1);
    auditTarget(row.id, input.displayName);
    return this.get(customerId, row.id);
  }

  async update(customerId: string, id: string, patch: ProfilePatch): Promise<Profile> {
    const row = await customerRow(this.db, profiles, customerId, id);
    const before = await this.get(customerId, id);
    this.checkSteps(patch);
    await this.checkRefs(customerId, patch);
    const set: Partial<typeof profiles.$inferInsert> = {};
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.appId !== undefined) set.appId = patch.appId;
    if (patch.groupId !== undefined) set.groupId = patch.groupId;
    if (patch.flowId !== undefined) set.flowId = patch.flowId;
    if (patch.steps !== undefined) set.steps = patch.steps;
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(profiles).set(set).where(eq(profiles.id, id)), taken);
    }
    if (patch.appId !== undefined && patch.appId !== row.appId) {
      // Moved to another app: no longer its old app's profile, nor its default.
      await this.bumpProfiles(row.appId, -1);
      await this.bumpProfiles(patch.appId, 1);
      await this.db
        .update(laApps)
        .set({ profileId: null })
        .where(and(eq(laApps.id, row.appId), eq(laApps.profileId, id)));
    }
    const after = await this.get(customerId, id);
    auditTarget(id, after.displayName);
    auditChange(before, after);
    return after;
  }

  /** Deleting its app's default profile leaves the app without one (la_apps.profile_id has no foreign key). */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await customerRow(this.db, profiles, customerId, id);
    auditTarget(row.id, row.displayName);
    await this.db.update(laApps).set({ profileId: null }).where(eq(laApps.profileId, id));
    await this.db.delete(profiles).where(eq(profiles.id, id));
    await this.bumpProfiles(row.appId, -1);
  }
}
