/**
 * SCIM Groups: the customer's configuration groups, written through the configurations service
 * as the console writes them. A member is in one group at most, so a directory adding a member
 * to a group moves the member there; removing it leaves the member without a group. A group the
 * directory creates gets the console's defaults (every credential kind, web and workstation
 * login); its settings stay the operator's.
 */
import {
  configurationInputSchema,
  SCIM_MAX_GROUP_MEMBER_CHANGES,
  SCIM_PATH,
  SCIM_SCHEMAS,
  type ScimGroup,
  type ScimListResponse,
} from '@portiere/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { auditTarget } from '../audit/context.ts';
import type { Db } from '../db/client.ts';
import { configurations, members } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { ConfigurationsService } from '../modules/configurations/service.ts';
import { GROUP_ATTRIBUTES } from './attributes.ts';
import { idImmutable, invalidValue, ScimError } from './errors.ts';
import { type FilterColumn, type FilterTarget, filterSql } from './filter.ts';
import { listResponse, listWindow, type ScimListQuery } from './list.ts';
import { applyPatch } from './patch.ts';
import { etagOf } from './user-mapping.ts';
import { checkVersion } from './versions.ts';

type GroupRow = typeof configurations.$inferSelect;

const memberOf = sql`exists (select 1 from ${members} m where m.group_id = ${configurations.id} and m.id::text = `;

const GROUP_FILTER: FilterTarget = {
  attributes: GROUP_ATTRIBUTES,
  column(path): FilterColumn | undefined {
    const columns: Record<string, FilterColumn> = {
      id: { kind: 'exactText', sql: sql`${configurations.id}::text` },
      schemas: { kind: 'set', sql: sql`array[${SCIM_SCHEMAS.group}::text]` },
      externalId: { kind: 'exactText', sql: sql`${configurations.externalId}` },
      displayName: { kind: 'text', sql: sql`${configurations.name}` },
      'meta.created': { kind: 'time', sql: sql`${configurations.createdAt}` },
      'meta.lastModified': { kind: 'time', sql: sql`${configurations.updatedAt}` },
    };
    return columns[path];
  },
};

/** members[value eq "…"] and members eq "…": is the member in the group (Entra ID asks so). */
function membershipFilter(expression: string): SQL | undefined {
  const m = /^\s*members(?:\.value)?\s+eq\s+"([^"]*)"\s*$|^\s*members\[\s*value\s+eq\s+"([^"]*)"\s*\]\s*$/i.exec(
    expression,
  );
  const id = m?.[1] ?? m?.[2];
  return id === undefined ? undefined : sql`${memberOf}${id})`;
}

/** A filter of the form `<group filter> and members[value eq "…"]`, split in two. */
function groupWhere(expression: string): SQL {
  const parts = expression.split(/\s+and\s+(?=members)/i);
  if (parts.length === 2 && parts[0] && parts[1]) {
    const membership = membershipFilter(parts[1]);
    if (membership) return sql`(${filterSql(GROUP_FILTER, parts[0])} and ${membership})`;
  }
  return membershipFilter(expression) ?? filterSql(GROUP_FILTER, expression);
}

const SORTS: Record<string, PgColumn> = {
  id: configurations.id,
  externalId: configurations.externalId,
  displayName: configurations.name,
  'meta.created': configurations.createdAt,
  'meta.lastModified': configurations.updatedAt,
};

interface MemberRef {
  value: string;
  $ref: string;
  display: string;
  type: 'User';
}

export class ScimGroups {
  constructor(
    private readonly db: Db,
    private readonly configurations: ConfigurationsService,
    private readonly publicUrl: string,
  ) {}

  private async groupMembers(groupId: string): Promise<MemberRef[]> {
    const rows = await this.db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(eq(members.groupId, groupId))
      .orderBy(asc(members.username));
    const base = `${this.publicUrl}${SCIM_PATH}/Users/`;
    return rows.map((r) => ({ value: r.id, $ref: `${base}${r.id}`, display: r.username, type: 'User' as const }));
  }

  /** The group as SCIM shows it; its members read only when the answer is to hold them. */
  private async toScim(g: GroupRow, withMembers: boolean): Promise<ScimGroup> {
    const list = withMembers ? await this.groupMembers(g.id) : [];
    const group: ScimGroup = {
      schemas: [SCIM_SCHEMAS.group],
      id: g.id,
      ...(g.externalId ? { externalId: g.externalId } : {}),
      displayName: g.name,
      ...(list.length ? { members: list } : {}),
      meta: {
        resourceType: 'Group',
        created: g.createdAt.toISOString(),
        lastModified: g.updatedAt.toISOString(),
        location: `${this.publicUrl}${SCIM_PATH}/Groups/${g.id}`,
        version: '',
      },
    };
    // The version covers the members without reading them: their joining and leaving moves updated_at.
    const { members: _, meta, ...versioned } = group;
    group.meta.version = etagOf({ ...versioned, lastModified: meta.lastModified });
    return group;
  }

  private async row(customerId: string, id: string): Promise<GroupRow> {
    if (!isUuid(id)) throw notFound();
    const [g] = await this.db
      .select()
      .from(configurations)
      .where(and(eq(configurations.customerId, customerId), eq(configurations.id, id)));
    if (!g) throw notFound();
    return g;
  }

  async list(customerId: string, q: ScimListQuery, withMembers: boolean): Promise<ScimListResponse<ScimGroup>> {
    const where = and(eq(configurations.customerId, customerId), q.filter ? groupWhere(q.filter) : undefined);
    const { startIndex, pageSize, sortKey, direction } = listWindow(q, GROUP_ATTRIBUTES, SORTS);
    const [total] = await this.db.select({ n: count() }).from(configurations).where(where);
    const rows = pageSize
      ? await this.db
          .select()
          .from(configurations)
          .where(where)
          .orderBy(direction(sortKey), direction(configurations.id))
          .limit(pageSize)
          .offset(startIndex - 1)
      : [];
    const resources = [];
    for (const g of rows) resources.push(await this.toScim(g, withMembers));
    return listResponse(total?.n ?? 0, startIndex, resources);
  }

  async get(customerId: string, id: string, withMembers = true): Promise<ScimGroup> {
    return this.toScim(await this.row(customerId, id), withMembers);
  }

  async create(customerId: string, body: Record<string, unknown>): Promise<ScimGroup> {
    const { name, externalId, memberIds } = groupFields(body);
    const input = configurationInputSchema.parse({ name });
    const created = await this.configurations.create(customerId, input, externalId);
    auditTarget(created.id, created.name);
    if (memberIds?.length) await this.configurations.assign(customerId, created.id, memberIds);
    return this.get(customerId, created.id);
  }

  async replace(customerId: string, id: string, body: Record<string, unknown>, ifMatch?: string): Promise<ScimGroup> {
    const current = await this.get(customerId, id);
    checkVersion(current, ifMatch);
    if (body.id !== undefined && body.id !== id) throw idImmutable();
    return this.write(customerId, current, groupFields(body));
  }

  async patch(customerId: string, id: string, body: unknown, ifMatch?: string): Promise<ScimGroup> {
    const changes = memberChanges(body);
    if (changes) {
      // Members joining or leaving (what directories send): written without reading the group's members.
      const current = await this.get(customerId, id, false);
      checkVersion(current, ifMatch);
      auditTarget(current.id, current.displayName);
      checkMemberChanges(changes.add.length + changes.remove.length);
      if (changes.add.length) await this.configurations.assign(customerId, id, changes.add);
      if (changes.remove.length) await this.configurations.unassignMany(customerId, id, changes.remove);
      if (changes.removeAll)
        await this.configurations.unassignMany(
          customerId,
          id,
          (await this.groupMembers(id)).map((m) => m.value),
        );
      return this.get(customerId, id);
    }
    const current = await this.get(customerId, id);
    checkVersion(current, ifMatch);
    const patched = applyPatch(GROUP_ATTRIBUTES, current, body);
    if (patched.id !== id) throw idImmutable();
    return this.write(customerId, current, groupFields(patched));
  }

  async remove(customerId: string, id: string, ifMatch?: string): Promise<void> {
    checkVersion(await this.get(customerId, id, false), ifMatch);
    await this.configurations.remove(customerId, id);
  }

  /** Writes the name, the external id and the membership that differ from `current`. */
  private async write(customerId: string, current: ScimGroup, next: GroupFields): Promise<ScimGroup> {
    auditTarget(current.id, current.displayName);
    if (next.name !== current.displayName || next.externalId !== (current.externalId ?? null)) {
      await this.configurations.update(
        customerId,
        current.id,
        next.name !== current.displayName ? { name: next.name } : {},
        next.externalId,
      );
    }
    if (next.memberIds) {
      const now = new Set((current.members ?? []).map((m) => m.value));
      const wanted = new Set(next.memberIds);
      const joining = [...wanted].filter((m) => !now.has(m));
      const leaving = [...now].filter((m) => !wanted.has(m));
      checkMemberChanges(joining.length + leaving.length);
      if (joining.length) await this.configurations.assign(customerId, current.id, joining);
      if (leaving.length) await this.configurations.unassignMany(customerId, current.id, leaving);
    }
    return this.get(customerId, current.id);
  }
}

/**
 * The operations of a PATCH that only add or remove members, as Entra ID and Okta send them:
 * `add members [{value}]`, `remove members[value eq "…"]`, `remove members [{value}]`, and
 * `remove members` (all); undefined when the body holds anything else.
 */
function memberChanges(body: unknown): { add: string[]; remove: string[]; removeAll: boolean } | undefined {
  const ops = (body as { Operations?: unknown })?.Operations;
  const schemas = (body as { schemas?: unknown })?.schemas;
  if (!Array.isArray(ops) || !ops.length || !Array.isArray(schemas) || !schemas.includes(SCIM_SCHEMAS.patchOp)) {
    return undefined;
  }
  const out = { add: [] as string[], remove: [] as string[], removeAll: false };
  const values = (v: unknown): string[] | undefined => {
    const list = Array.isArray(v) ? v : [v];
    const ids = list.map((m) => (m && typeof m === 'object' ? (m as { value?: unknown }).value : undefined));
    return ids.every((i): i is string => typeof i === 'string') ? ids : undefined;
  };
  for (const o of ops) {
    const { op, path, value } = (o ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
    if (typeof op !== 'string' || typeof path !== 'string') return undefined;
    const name = op.toLowerCase();
    const filtered = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path.trim());
    if (name === 'remove' && filtered?.[1]) out.remove.push(filtered[1]);
    else if (path.trim().toLowerCase() !== 'members') return undefined;
    else if (name === 'add') {
      const ids = values(value);
      if (!ids) return undefined;
      out.add.push(...ids);
    } else if (name === 'remove' && value === undefined) out.removeAll = true;
    else if (name === 'remove') {
      const ids = values(value);
      if (!ids) return undefined;
      out.remove.push(...ids);
    } else return undefined;
  }
  return out;
}

/** 400 tooMany past the members one request may move in or out of a group. */
function checkMemberChanges(n: number) {
  if (n > SCIM_MAX_GROUP_MEMBER_CHANGES) {
    throw new ScimError(400, 'tooMany', `At most ${SCIM_MAX_GROUP_MEMBER_CHANGES} members join or leave per request.`);
  }
}

interface GroupFields {
  name: string;
  externalId: string | null;
  /** The members the group is to have; undefined when the body does not say (members left as they are). */
  memberIds: string[] | undefined;
}

function groupFields(body: Record<string, unknown>): GroupFields {
  const name = typeof body.displayName === 'string' ? body.displayName.trim() : '';
  if (!name) throw invalidValue('displayName is required.');
  if (name.length > 100) throw invalidValue('displayName is longer than 100 characters.');
  const externalId = body.externalId;
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw invalidValue('externalId must be a string.');
  }
  let memberIds: string[] | undefined;
  if (body.members !== undefined && body.members !== null) {
    if (!Array.isArray(body.members)) throw invalidValue('members must be a list.');
    memberIds = body.members.map((m) => {
      const value = m && typeof m === 'object' ? (m as { value?: unknown }).value : undefined;
      if (typeof value !== 'string') throw invalidValue('Each member has the value of a User id.');
      return value;
    });
  } else if (body.members === null) {
    memberIds = [];
  }
  return { name, externalId: typeof externalId === 'string' && externalId ? externalId : null, memberIds };
}
