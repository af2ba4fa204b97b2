/** Configurations (the spec's configuration groups): which credential kinds and logins their members get. */

import {
  type Configuration,
  type ConfigurationListQuery,
  type configurationInputSchema,
  fieldError,
} from '@portiere/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditChange, auditEach, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { searchIn, yesNo } from '../../lib/list-filters.ts';
import { page, paging } from '../../lib/paging.ts';
import { allowedKinds } from '../members/allowed-kinds.ts';
import { listMembers } from '../members/list.ts';
import { countMembers } from '../members/seek.ts';
import { aroundTallies, lockTallies, ungroupTallies } from '../members/tallies.ts';
import { releaseGroupProfiles } from '../profiles/counters.ts';

type GroupRow = typeof configurations.$inferSelect;
type GroupInput = z.infer<typeof configurationInputSchema>;

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });
/** The unique index a write ran into: the name's, or a directory's external id (SCIM). */
const groupConflict = (constraint: string | undefined) =>
  constraint === 'configurations_customer_external_id_idx'
    ? new AppError(409, 'conflict', undefined, { externalId: fieldError('nameExists') })
    : nameTaken();

export class ConfigurationsService {
  constructor(private readonly db: Db) {}

  private toGroup(g: GroupRow, membersCount: number): Configuration {
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      app_credential_biometry: g.appCredentialBiometry,
      workstation_login_enabled: g.workstationLoginEnabled,
      web_login_enabled: g.webLoginEnabled,
      allowed: g.allowed as Configuration['allowed'],
      allowed_credential_types: allowedKinds(g),
      members_count: membersCount,
    };
  }

  async list(customerId: string, q: ConfigurationListQuery) {
    const { page: p, size, offset } = paging(q);
    const web = yesNo(q.web_login);
    const workstation = yesNo(q.workstation_login);
    const where = and(
      eq(configurations.customerId, customerId),
      searchIn(q.search, configurations.name, configurations.description),
      web === undefined ? undefined : eq(configurations.webLoginEnabled, web),
      workstation === undefined ? undefined : eq(configurations.workstationLoginEnabled, workstation),
      q.biometry ? eq(configurations.appCredentialBiometry, q.biometry) : undefined,
    );
    const rows = await this.db
      .select({
        g: configurations,
        n: sql<number>`(select coalesce(sum(c.n), 0)::int from member_counts c where c.customer_id = ${configurations.customerId} and c.group_id = ${configurations.id})`,
      })
      .from(configurations)
      .where(where)
      .orderBy(asc(configurations.name))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(configurations).where(where);
    return page(
      rows.map((r) => this.toGroup(r.g, Number(r.n))),
      total?.n ?? 0,
      p,
      size,
    );
  }

  private row(customerId: string, id: string): Promise<GroupRow> {
    return customerRow(this.db, configurations, customerId, id);
  }

  async get(customerId: string, id: string): Promise<Configuration> {
    const g = await this.row(customerId, id);
    return this.toGroup(g, await countMembers(this.db, customerId, { groups: { ids: [id], none: false } }));
  }

  /** `externalId`: the directory's id of a group SCIM provisions. */
  async create(customerId: string, input: GroupInput, externalId?: string | null): Promise<Configuration> {
    const [g] = await orConflict(
      () =>
        this.db
          .insert(configurations)
          .values({
            customerId,
            name: input.name,
            description: input.description,
            appCredentialBiometry: input.app_credential_biometry,
            workstationLoginEnabled: input.workstation_login_enabled,
            webLoginEnabled: input.web_login_enabled,
            allowed: [...new Set(input.allowed)],
            ...(externalId !== undefined ? { externalId } : {}),
          })
          .returning(),
      groupConflict,
    );
    if (!g) throw nameTaken();
    return this.toGroup(g, 0);
  }

  async update(
    customerId: string,
    id: string,
    patch: Partial<GroupInput>,
    externalId?: string | null,
  ): Promise<Configuration> {
    const before = await this.get(customerId, id);
    const set: Partial<typeof configurations.$inferInsert> = {};
    if (externalId !== undefined) set.externalId = externalId;
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.app_credential_biometry !== undefined) set.appCredentialBiometry = patch.app_credential_biometry;
    if (patch.workstation_login_enabled !== undefined) set.workstationLoginEnabled = patch.workstation_login_enabled;
    if (patch.web_login_enabled !== undefined) set.webLoginEnabled = patch.web_login_enabled;
    if (patch.allowed !== undefined) set.allowed = [...new Set(patch.allowed)];
    if (Object.keys(set).length) {
      await orConflict(() => this.db.update(configurations).set(set).where(eq(configurations.id, id)), groupConflict);
    }
    const after = await this.get(customerId, id);
    auditChange(before, after);
    return after;
  }

  /** Members of a deleted group keep their credentials and fall back to no group. */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    auditTarget(row.id, row.name);
    await releaseGroupProfiles(this.db, id);
    await lockTallies(this.db, customerId);
    await this.db.delete(configurations).where(eq(configurations.id, id));
    await ungroupTallies(this.db, customerId, id);
  }

  /** The group's members by username: the members list filtered on the group. */
  async members(customerId: string, id: string, q: { page?: string; page_size?: string }) {
    await this.row(customerId, id);
    return listMembers(this.db, customerId, { ...q, group: id, ordering: 'username' });
  }

  async assign(customerId: string, id: string, ids: string[]) {
    const group = await this.row(customerId, id);
    const valid = ids.filter(isUuid);
    if (!valid.length) return { done: 0, skipped: ids.length };
    const rows = await aroundTallies(this.db, customerId, valid, () =>
      this.db
        .update(members)
        .set({ groupId: id })
        .where(and(eq(members.customerId, customerId), inArray(members.id, valid)))
        .returning({ id: members.id, username: members.username }),
    );
    auditMembers(rows, group);
    return { done: rows.length, skipped: ids.length - rows.length };
  }

  /** Members of the group among `ids` leave it (others are left as they are); answers how many left. */
  async unassignMany(customerId: string, id: string, ids: string[]): Promise<number> {
    const group = await this.row(customerId, id);
    const valid = ids.filter(isUuid);
    if (!valid.length) return 0;
    const rows = await aroundTallies(this.db, customerId, valid, () =>
      this.db
        .update(members)
        .set({ groupId: null })
        .where(and(eq(members.customerId, customerId), inArray(members.id, valid), eq(members.groupId, id)))
        .returning({ id: members.id, username: members.username }),
    );
    auditMembers(rows, group);
    return rows.length;
  }

  async unassign(customerId: string, id: string, memberId: string): Promise<void> {
    const group = await this.row(customerId, id);
    if (!isUuid(memberId)) throw notFound();
    const rows = await aroundTallies(this.db, customerId, [memberId], () =>
      this.db
        .update(members)
        .set({ groupId: null })
        .where(and(eq(members.customerId, customerId), eq(members.id, memberId), eq(members.groupId, id)))
        .returning({ id: members.id, username: members.username }),
    );
    if (!rows.length) throw notFound();
    auditMembers(rows, group);
  }
}

/** One event per member joining or leaving, on the member, so its Activity tab shows it. */
function auditMembers(rows: { id: string; username: string }[], group: { id: string; name: string }) {
  if (!rows.length) return;
  const configuration = { id: group.id, name: group.name };
  auditEach(rows.map((m) => ({ id: m.id, name: m.username, targetType: 'member', details: { configuration } })));
}
