/** Workstation users: members with credentials usable for Windows login, and autologon. */
import type { CredentialType, WorkstationUser } from '@portiere/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { page, paging } from '../../lib/paging.ts';
import { inOrder } from '../members/list.ts';
import { memberFilters } from '../members/list-query.ts';
import { seekMembers } from '../members/seek.ts';
import type { MembersService } from '../members/service.ts';

export class WorkstationUsersService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(customerId: string, q: { page?: string; page_size?: string; search?: string }) {
    const { page: p, size, offset } = paging(q);
    // Members flagged with a Windows credential (members.windows_login), by username: the count
    // from the member_counts classes, the page from the partial index on that flag.
    const { count, ids } = await seekMembers(this.db, customerId, {
      filters: { ...memberFilters({ search: q.search }), windows: true },
      sort: 'username',
      descending: false,
      offset,
      size,
    });
    const now = this.now();
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
    return page(results, count, p, size);
  }

  /** Autologon signs a member in with its identity: refused when it has none. */
  async setAutologon(customerId: string, memberId: string, enabled: boolean) {
    const row = await this.members.row(customerId, memberId);
    if (enabled && row.identities.length === 0) throw new AppError(422, 'autologonNoIdentities');
    await this.db.update(members).set({ autologon: enabled }).where(eq(members.id, memberId));
    return { autologon: enabled };
  }
}
