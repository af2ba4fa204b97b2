/**
 * App roles (spec 3): one per application and configuration group, naming the flow its members
 * follow; on a RADIUS application, also the attributes their Access-Accept carries.
 */
import {
  type AppRole,
  type AppRoleInput,
  type AppRoleListQuery,
  type ErrorCode,
  type FieldError,
  fieldError,
  radiusAttributeError,
  type ValidationKey,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { applications, appRoles, configurations, flows } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { idFilter, isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';

type RoleRow = typeof appRoles.$inferSelect;

const taken = () => new AppError(409, 'appRoleExists');

/** Each reference of an app role: its table, and the refusal when it is not the customer's. */
const REFS = {
  applicationId: { table: applications, code: 'applicationNotFound', key: 'invalid' },
  groupId: { table: configurations, code: 'groupNotFound', key: 'configurationNotFound' },
  flowId: { table: flows, code: 'flowNotFound', key: 'invalid' },
} as const satisfies Record<string, { table: PgTable; code: ErrorCode; key: ValidationKey }>;

export class AppRolesService {
  constructor(private readonly db: Db) {}

  private select(where: SQL | undefined) {
    return this.db
      .select({
        r: appRoles,
        app: { id: applications.id, name: applications.name },
        group: { id: configurations.id, name: configurations.name },
        flow: { id: flows.id, name: flows.name },
      })
      .from(appRoles)
      .innerJoin(applications, eq(applications.id, appRoles.applicationId))
      .innerJoin(configurations, eq(configurations.id, appRoles.groupId))
      .innerJoin(flows, eq(flows.id, appRoles.flowId))
      .where(where);
  }

  private toRole(r: {
    r: RoleRow;
    app: { id: string; name: string };
    group: { id: string; name: string };
    flow: { id: string; name: string };
  }): AppRole {
    return {
      id: r.r.id,
      displayName: r.r.displayName,
      application: r.app,
      group: r.group,
      flow: r.flow,
      radiusAttributes: r.r.radiusAttributes,
      created_at: r.r.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: Partial<AppRoleListQuery>) {
    const { page: p, size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(appRoles.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(ilike(appRoles.displayName, likeOf(search)));
    parts.push(
      idFilter(appRoles.applicationId, q.application_id),
      idFilter(appRoles.groupId, q.group_id),
      idFilter(appRoles.flowId, q.flow_id),
    );
    const where = and(...parts);
    const rows = await this.select(where)
      .orderBy(asc(sql`lower(${appRoles.displayName})`), asc(appRoles.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(appRoles).where(where);
    return page(
      rows.map((r) => this.toRole(r)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  async get(customerId: string, id: string): Promise<AppRole> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(appRoles.id, id), eq(appRoles.customerId, customerId)));
    if (!r) throw notFound();
    return this.toRole(r);
  }

  /** Each id sent must name a row of the customer's, else 400 on that field. */
  private async checkRefs(customerId: string, input: Partial<AppRoleInput>) {
    for (const field of ['applicationId', 'groupId', 'flowId'] as const) {
      const id = input[field];
      if (id === undefined) continue;
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

  /**
   * RADIUS attributes fit their types, and only a RADIUS application's roles carry any.
   * `applicationId`: the role's application after the change.
   */
  private async checkAttributes(
    customerId: string,
    applicationId: string,
    input: Partial<AppRoleInput>,
    /** The role's attributes before the change (a PATCH that moves the role keeps them). */
    kept: AppRoleInput['radiusAttributes'] = [],
  ) {
    const attributes = input.radiusAttributes ?? kept;
    if (!attributes?.length) return;
    const errors: Record<string, FieldError> = {};
    attributes.forEach((a, i) => {
      const e = radiusAttributeError(a);
      if (e) errors[`radiusAttributes.${i}.value`] = e;
    });
    const [app] = await this.db
      .select({ type: applications.type })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.customerId, customerId)));
    if (app && app.type !== 'radius') errors.radiusAttributes = fieldError('radiusApplication');
    if (Object.keys(errors).length) throw new AppError(400, 'validation', undefined, errors);
  }

  async create(customerId: string, input: AppRoleInput): Promise<AppRole> {
    await this.checkRefs(customerId, input);
    await this.checkAttributes(customerId, input.applicationId, input);
    const [row] = await orConflict(
      () =>
        this.db
          .insert(appRoles)
          .values({
            customerId,
            displayName: input.displayName,
            applicationId: input.applicationId,
            groupId: input.groupId,
            flowId: input.flowId,
            radiusAttributes: input.radiusAttributes ?? [],
          })
          .returning({ id: appRoles.id }),
      taken,
    );
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, input.displayName);
    return this.get(customerId, row.id);
  }

  async update(customerId: string, id: string, patch: Partial<AppRoleInput>): Promise<AppRole> {
    await customerRow(this.db, appRoles, customerId, id);
    const before = await this.get(customerId, id);
    await this.checkRefs(customerId, patch);
    await this.checkAttributes(
      customerId,
      patch.applicationId ?? before.application.id,
      patch,
      before.radiusAttributes,
    );
    const set: Partial<typeof appRoles.$inferInsert> = {};
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.applicationId !== undefined) set.applicationId = patch.applicationId;
    if (patch.groupId !== undefined) set.groupId = patch.groupId;
    if (patch.flowId !== undefined) set.flowId = patch.flowId;
    if (patch.radiusAttributes !== undefined) set.radiusAttributes = patch.radiusAttributes;
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(appRoles).set(set).where(eq(appRoles.id, id)), taken);
    }
    const after = await this.get(customerId, id);
    auditTarget(id, after.displayName);
    auditChange(before, after);
    return after;
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await customerRow(this.db, appRoles, customerId, id);
    auditTarget(row.id, row.displayName);
    await this.db.delete(appRoles).where(eq(appRoles.id, id));
  }
}
