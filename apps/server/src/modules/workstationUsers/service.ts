/** Workstation users: members with credentials usable for Windows login, and autologon. */
import type { CredentialType, WorkstationUser, WorkstationUserListQuery } from '@portiere/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { yesNo } from '../../lib/list-filters.ts';
import { page, paging } from '../../lib/paging.ts';
import { inOrder } from '../members/list.ts';
import { filterWhere, memberFilters } from '../members/list-query.ts';
import { seekMembers } from '../members/seek.ts';
import type { MembersService } from '../members/service.ts';

export class WorkstationUsersService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(customerId: string, q: WorkstationUserListQuery) {
    const { page: p, size, offset } = paging(q);
    const now = this.now();
    // Members flagged with a Windows credential (members.windows_login), by username.
    const filters = { ...memberFilters({ search: q.search, group: q.group }), windows: true };
    const flags = this.flagFilters(customerId, q, now);
    const { count: total, ids } = flags.length
      ? await this.flagged(customerId, and(filterWhere(customerId, filters), ...flags) ?? sql`false`, offset, size)
      : // The count from the member_counts classes, the page from the partial index on that flag.
        await seekMembers(this.db, customerId, { filters, sort: 'username', descending: false, offset, size });
    const rows = ids.length
      ? await this.db
          .select({
            m: members,
            group: configurations,
            types: sql<
              CredentialType[]
            >`(select coalesce(json_agg(distinct c.type), '[]') from credentials c where c.member_id = ${members.id} and c.windows_login)`,
            card: sql<
              string | null
            >`(select t.card_code from temporary_cards t where t.member_id = ${members.id} and (t.expires_at is null or t.expires_at > ${now.toISOString()}::timestamptz) limit 1)`,
            recovery: sql<boolean>`exists (select 1 from recovery_modes r where r.member_id = ${members.id} and r.deactivated_at is null)`,
          })
          .from(members)
          .leftJoin(configurations, eq(configurations.id, members.groupId))
          .where(and(eq(members.customerId, customerId), inArray(members.id, ids)))
      : [];
    const results: WorkstationUser[] = inOrder(ids, rows, (r) => r.m.id).map(({ m, group, types, card, recovery }) => ({
      id: m.id,
      username: m.username,
      full_name: [m.firstName, m.lastName].filter(Boolean).join(' '),
      group: group?.name ?? null,
      workstation_enabled: !m.blocked && (group?.workstationLoginEnabled ?? true),
      autologon: m.autologon,
      has_identities: m.identities.length > 0,
      windows_credentials: (typeof types === 'string' ? JSON.parse(types) : types) as CredentialType[],
      temporary_card: card,
      recovery_mode: Boolean(recovery),
    }));
    return page(results, total, p, size);
  }

  /** The drawer's yes/no filters (autologon, recovery mode, temporary card): none is a class of the tallies. */
  private flagFilters(customerId: string, q: WorkstationUserListQuery, now: Date): SQL[] {
    const autologon = yesNo(q.autologon);
    const inRecovery = yesNo(q.recovery_mode);
    const withCard = yesNo(q.temporary_card);
    const recovery = sql`exists (select 1 from recovery_modes r where r.member_id = ${members.id} and r.deactivated_at is null)`;
    const card = sql`exists (select 1 from temporary_cards t where t.customer_id = ${customerId} and t.member_id = ${members.id} and (t.expires_at is null or t.expires_at > ${now.toISOString()}::timestamptz))`;
    const out: SQL[] = [];
    if (autologon !== undefined) out.push(eq(members.autologon, autologon));
    if (inRecovery !== undefined) out.push(inRecovery ? recovery : sql`not ${recovery}`);
    if (withCard !== undefined) out.push(withCard ? card : sql`not ${card}`);
    return out;
  }

  /** With a yes/no filter: an exact count over the flagged members and the page by offset. */
  private async flagged(customerId: string, where: SQL, offset: number, size: number) {
    const [rows, [n]] = await Promise.all([
      this.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.customerId, customerId), where))
        .orderBy(asc(members.username), asc(members.id))
        .limit(size)
        .offset(offset),
      this.db.select({ n: count() }).from(members).where(where),
    ]);
    return { count: n?.n ?? 0, ids: rows.map((r) => r.id) };
  }

  /** Autologon signs a member in with its identity: refused when it has none. */
  async setAutologon(customerId: string, memberId: string, enabled: boolean) {
    const row = await this.members.row(customerId, memberId);
    if (enabled && row.identities.length === 0) throw new AppError(422, 'autologonNoIdentities');
    await this.db.update(members).set({ autologon: enabled }).where(eq(members.id, memberId));
    return { autologon: enabled };
  }
}
