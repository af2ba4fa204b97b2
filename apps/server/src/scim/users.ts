/**
 * SCIM Users (RFC 7644 3.3 to 3.6): the customer's members, read with filters, sorting and paging
 * in the database, and written through the members service as the console writes them (same
 * checks, tallies and audit), with the directory's externalId and enterprise extension beside.
 * active=false blocks the member. PATCH applies the operations with scim-patch to the member as
 * SCIM shows it and writes what changed.
 */
import { SCIM_SCHEMAS, type ScimListResponse, type ScimUser } from '@portiere/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { auditTarget } from '../audit/context.ts';
import type { Db } from '../db/client.ts';
import { configurations, members } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { MembersService } from '../modules/members/service.ts';
import { USER_ATTRIBUTES } from './attributes.ts';
import { idImmutable } from './errors.ts';
import { type FilterColumn, type FilterTarget, filterSql } from './filter.ts';
import { listResponse, listWindow, type ScimListQuery } from './list.ts';
import { applyPatch } from './patch.ts';
import { scimUser, type UserFields, type UserRow, userFields } from './user-mapping.ts';
import { checkVersion } from './versions.ts';

const fullName = sql`(${members.firstName} || ' ' || ${members.lastName})`;

/** Exported for the test that the directories' lookups are answered from indexes. */
export const USER_FILTER: FilterTarget = {
  attributes: USER_ATTRIBUTES,
  column(path): FilterColumn | undefined {
    const hasEmail = sql`${members.email} <> ''`;
    const hasPhone = sql`${members.phoneNumber} <> ''`;
    const columns: Record<string, FilterColumn> = {
      id: { kind: 'exactText', sql: sql`${members.id}::text` },
      // As scimUser() writes them: the enterprise extension's URN when the directory sent it.
      schemas: {
        kind: 'set',
        sql: sql`case when ${members.scimEnterprise} is null then array[${SCIM_SCHEMAS.user}::text] else array[${SCIM_SCHEMAS.user}::text, ${SCIM_SCHEMAS.enterpriseUser}::text] end`,
      },
      externalId: { kind: 'exactText', sql: sql`${members.externalId}` },
      userName: { kind: 'text', sql: sql`${members.username}` },
      'name.givenName': { kind: 'text', sql: sql`${members.firstName}`, present: sql`${members.firstName} <> ''` },
      'name.familyName': { kind: 'text', sql: sql`${members.lastName}`, present: sql`${members.lastName} <> ''` },
      'name.formatted': { kind: 'text', sql: fullName },
      displayName: { kind: 'text', sql: fullName },
      active: { kind: 'boolean', sql: sql`not ${members.blocked}` },
      emails: { kind: 'text', sql: sql`${members.email}`, present: hasEmail },
      'emails.value': { kind: 'text', sql: sql`${members.email}`, present: hasEmail },
      'emails.type': { kind: 'constant', value: 'work', present: hasEmail },
      'emails.primary': { kind: 'constant', value: true, present: hasEmail },
      phoneNumbers: { kind: 'text', sql: sql`${members.phoneNumber}`, present: hasPhone },
      'phoneNumbers.value': { kind: 'text', sql: sql`${members.phoneNumber}`, present: hasPhone },
      'phoneNumbers.type': { kind: 'constant', value: 'mobile', present: hasPhone },
      groups: { kind: 'exactText', sql: sql`${members.groupId}::text` },
      'groups.value': { kind: 'exactText', sql: sql`${members.groupId}::text` },
      'meta.created': { kind: 'time', sql: sql`${members.createdAt}` },
      'meta.lastModified': { kind: 'time', sql: sql`${members.updatedAt}` },
    };
    const enterprise = `${SCIM_SCHEMAS.enterpriseUser}:`;
    if (path.startsWith(enterprise)) {
      const key = path.slice(enterprise.length);
      if (key === 'manager' || key === 'manager.value') {
        return { kind: 'exactText', sql: sql`${members.scimEnterprise}->'manager'->>'value'` };
      }
      if (!key.includes('.')) return { kind: 'text', sql: sql`${members.scimEnterprise}->>${key}` };
    }
    return columns[path];
  },
};

const SORTS: Record<string, PgColumn | SQL> = {
  id: members.id,
  externalId: members.externalId,
  userName: members.username,
  'name.givenName': members.firstName,
  'name.familyName': members.lastName,
  displayName: fullName,
  emails: members.email,
  'emails.value': members.email,
  active: members.blocked,
  'meta.created': members.createdAt,
  'meta.lastModified': members.updatedAt,
};

export class ScimUsers {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    private readonly publicUrl: string,
  ) {}

  private select() {
    return this.db
      .select({ member: members, groupName: configurations.name })
      .from(members)
      .leftJoin(configurations, eq(configurations.id, members.groupId));
  }

  private async row(customerId: string, id: string): Promise<UserRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.select().where(and(eq(members.customerId, customerId), eq(members.id, id)));
    if (!row) throw notFound();
    return row;
  }

  async list(customerId: string, q: ScimListQuery): Promise<ScimListResponse<ScimUser>> {
    const where = and(eq(members.customerId, customerId), q.filter ? filterSql(USER_FILTER, q.filter) : undefined);
    const { startIndex, pageSize, sortKey, direction } = listWindow(q, USER_ATTRIBUTES, SORTS);
    // Without a filter the count comes from the members' tallies, not from counting rows.
    const total = q.filter
      ? ((await this.db.select({ n: count() }).from(members).where(where))[0]?.n ?? 0)
      : (await this.members.count(customerId, {})).count;
    const rows = pageSize
      ? await this.select()
          .where(where)
          .orderBy(direction(sortKey), direction(members.id))
          .limit(pageSize)
          .offset(startIndex - 1)
      : [];
    return listResponse(
      total,
      startIndex,
      rows.map((r) => scimUser(r, this.publicUrl)),
    );
  }

  async get(customerId: string, id: string): Promise<ScimUser> {
    return scimUser(await this.row(customerId, id), this.publicUrl);
  }

  async create(customerId: string, body: Record<string, unknown>): Promise<ScimUser> {
    const fields = userFields(body);
    const created = await this.members.create(
      customerId,
      { ...fields.member, group_id: null, extra_info: '', identities: [], identity_not_valid_after: null },
      fields.provisioned,
    );
    if (!fields.active) await this.members.setBlocked(customerId, created.id, true, 'SCIM');
    auditTarget(created.id, created.username);
    return this.get(customerId, created.id);
  }

  /** PUT: the member becomes what the body says (attributes it leaves out are cleared). */
  async replace(customerId: string, id: string, body: Record<string, unknown>, ifMatch?: string): Promise<ScimUser> {
    const current = await this.get(customerId, id);
    checkVersion(current, ifMatch);
    if (body.id !== undefined && body.id !== id) throw idImmutable();
    return this.write(customerId, current, userFields(body));
  }

  async patch(customerId: string, id: string, body: unknown, ifMatch?: string): Promise<ScimUser> {
    const current = await this.get(customerId, id);
    checkVersion(current, ifMatch);
    const patched = applyPatch(USER_ATTRIBUTES, current, body);
    if (patched.id !== id) throw idImmutable();
    return this.write(customerId, current, userFields(patched));
  }

  async remove(customerId: string, id: string, ifMatch?: string): Promise<void> {
    checkVersion(await this.get(customerId, id), ifMatch);
    await this.members.remove(customerId, id);
  }

  /** Writes what differs between the member and `next`, through the members service. */
  private async write(customerId: string, current: ScimUser, next: UserFields): Promise<ScimUser> {
    const was = userFields(current as unknown as Record<string, unknown>);
    const changed = Object.fromEntries(
      Object.entries(next.member).filter(([k, v]) => was.member[k as keyof UserFields['member']] !== v),
    );
    auditTarget(current.id, current.userName);
    await this.members.update(customerId, current.id, changed, next.provisioned);
    if (next.active !== was.active) await this.members.setBlocked(customerId, current.id, !next.active, 'SCIM');
    return this.get(customerId, current.id);
  }
}
