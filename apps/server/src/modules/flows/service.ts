/** Flows (spec 3, 5): the stages of a sign-in, each a set of credential kinds, and which kinds end it. */
import {
  type CredentialType,
  type Flow,
  type FlowInput,
  type FlowListQuery,
  type FlowPatch,
  fieldError,
  flowFieldErrors,
  flowKinds,
} from '@portiere/contracts';
import { and, arrayContains, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { applications, appRoles, flows, profiles } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';

type FlowRow = typeof flows.$inferSelect;

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });
/** Each stage keeps its kinds once, in the order first given; stages keep their order. */
const distinctStages = (stages: CredentialType[][]) => stages.map((stage) => [...new Set(stage)]);

export class FlowsService {
  constructor(private readonly db: Db) {}

  // Written out: drizzle leaves a lone table's columns unqualified, and "id" would then name the subquery's own.
  private appsCount = sql<number>`(select count(*)::int from applications a where a.default_flow_id = flows.id)`;
  private rolesCount = sql<number>`(select count(*)::int from app_roles r where r.flow_id = flows.id)`;

  private select(where: SQL | undefined) {
    return this.db.select({ f: flows, apps: this.appsCount, roles: this.rolesCount }).from(flows).where(where);
  }

  private toFlow(r: { f: FlowRow; apps: number; roles: number }): Flow {
    return {
      id: r.f.id,
      name: r.f.name,
      stages: r.f.stages,
      terminatingCredentials: r.f.terminatingCredentials,
      applications_count: Number(r.apps),
      app_roles_count: Number(r.roles),
      created_at: r.f.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: Partial<FlowListQuery>) {
    const { page: p, size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(flows.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(ilike(flows.name, likeOf(search)));
    if (q.credential) parts.push(arrayContains(flows.kinds, [q.credential]));
    const where = and(...parts);
    const rows = await this.select(where)
      .orderBy(asc(sql`lower(${flows.name})`), asc(flows.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(flows).where(where);
    return page(
      rows.map((r) => this.toFlow(r)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  row(customerId: string, id: string): Promise<FlowRow> {
    return customerRow(this.db, flows, customerId, id);
  }

  async get(customerId: string, id: string): Promise<Flow> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(flows.id, id), eq(flows.customerId, customerId)));
    if (!r) throw notFound();
    return this.toFlow(r);
  }

  async create(customerId: string, input: FlowInput): Promise<Flow> {
    const stages = distinctStages(input.stages);
    const terminatingCredentials = [...new Set(input.terminatingCredentials)];
    const errors = flowFieldErrors({ stages, terminatingCredentials });
    if (Object.keys(errors).length) throw validationError(errors);
    const [row] = await orConflict(
      () =>
        this.db
          .insert(flows)
          .values({ customerId, name: input.name, stages, terminatingCredentials, kinds: flowKinds(stages) })
          .returning({ id: flows.id }),
      nameTaken,
    );
    if (!row) throw new Error('insert failed');
    return this.get(customerId, row.id);
  }

  async update(customerId: string, id: string, patch: FlowPatch): Promise<Flow> {
    const row = await this.row(customerId, id);
    const before = await this.get(customerId, id);
    const set: Partial<typeof flows.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.stages !== undefined || patch.terminatingCredentials !== undefined) {
      // Either half sent alone is checked against the stored other half.
      const stages = patch.stages !== undefined ? distinctStages(patch.stages) : row.stages;
      const terminatingCredentials = [...new Set(patch.terminatingCredentials ?? row.terminatingCredentials)];
      const errors = flowFieldErrors({ stages, terminatingCredentials });
      if (Object.keys(errors).length) throw validationError(errors);
      if (patch.stages !== undefined) {
        set.stages = stages;
        set.kinds = flowKinds(stages);
      }
      if (patch.terminatingCredentials !== undefined) set.terminatingCredentials = terminatingCredentials;
    }
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(flows).set(set).where(eq(flows.id, id)), nameTaken);
    }
    const after = await this.get(customerId, id);
    auditChange(before, after);
    return after;
  }

  /** A flow some application (as its default), app role or la profile uses stays until they move off it. */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    const [apps] = await this.db.select({ n: count() }).from(applications).where(eq(applications.defaultFlowId, id));
    const [roles] = await this.db.select({ n: count() }).from(appRoles).where(eq(appRoles.flowId, id));
    const [laProfiles] = await this.db.select({ n: count() }).from(profiles).where(eq(profiles.flowId, id));
    const a = apps?.n ?? 0;
    const r = roles?.n ?? 0;
    const p = laProfiles?.n ?? 0;
    if (a || r || p) throw new AppError(409, 'flowInUse', { applications: a, roles: r, profiles: p });
    auditTarget(row.id, row.name);
    await this.db.delete(flows).where(eq(flows.id, id));
  }
}
