/** Workstation users: members with credentials usable for Windows login, and autologon. */
import type { CredentialType, WorkstationUser, WorkstationUserListQuery } from '@portiere/contracts';
import { and, asc, count, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, credentials, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { idFilter, page, paging } from '../../lib/ids.ts';
import { yesNo } from '../../lib/list-filters.ts';
import { memberWhere } from '../members/list-query.ts';
import type { MembersService } from '../members/service.ts';

export class WorkstationUsersService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(customerId: string, q: WorkstationUserListQuery) {
    const { page: p, size, offset } = paging(q);
    const hasWindows = exists(
      this.db
        .select({ one: sql`1` })
        .from(credentials)
        .where(and(eq(credentials.memberId, members.id), eq(credentials.windowsLogin, true))),
    );
    const now = this.now();
    const autologon = yesNo(q.autologon);
    const inRecovery = yesNo(q.recovery_mode);
    const withCard = yesNo(q.temporary_card);
    const recovery = sql`exists (select 1 from recovery_modes r where r.member_id = ${members.id} and r.deactivated_at is null)`;
    const card = sql`exists (select 1 from temporary_cards t where t.customer_id = ${customerId} and t.member_id = ${members.id} and (t.expires_at is null or t.expires_at > ${now.toISOString()}::timestamptz))`;
    const where = and(
      memberWhere(customerId, { search: q.search }),
      hasWindows,
      autologon === undefined ? undefined : eq(members.autologon, autologon),
      inRecovery === undefined ? undefined : inRecovery ? recovery : sql`not ${recovery}`,
      withCard === undefined ? undefined : withCard ? card : sql`not ${card}`,
      idFilter(members.groupId, q.group),
    );
    const rows = await this.db
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
      .where(where)
      .orderBy(asc(members.username), asc(members.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(members).where(where);
    const results: WorkstationUser[] = rows.map(({ m, group, types, card, recovery }) => ({
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
    return page(results, total?.n ?? 0, p, size);
  }

  /** Autologon signs a member in with its identity: refused when it has none. */
  async setAutologon(customerId: string, memberId: string, enabled: boolean) {
    const row = await this.members.row(customerId, memberId);
    if (enabled && row.identities.length === 0) throw new AppError(422, 'autologonNoIdentities');
    await this.db.update(members).set({ autologon: enabled }).where(eq(members.id, memberId));
    return { autologon: enabled };
  }
}
