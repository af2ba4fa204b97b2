/**
 * A member's sign-ins (member_sign_ins): each outcome of a sign-in through a channel that keeps
 * one (the web login's OpenID provider, the workstations), with why it failed, for the member's
 * detail (users/{id}/sign-ins/: the Web tab, with its RADIUS sign-ins, and the Workstation tab). The engine writes the
 * records (signIn/records.ts); the audit trail has their events.
 */
import { type MemberSignIn, SIGNIN_CHANNELS, type SignInChannelName } from '@portiere/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, memberSignIns, members } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { page, paging } from '../../lib/paging.ts';

export class MemberSignInsService {
  constructor(private readonly db: Db) {}

  /** The member's sign-ins, newest first; another customer's member is 404. */
  async list(
    customerId: string,
    memberId: string,
    q: { page?: string; page_size?: string; outcome?: string; channel?: string },
  ) {
    await customerRow(this.db, members, customerId, memberId);
    const { page: p, size, offset } = paging(q);
    const parts: SQL[] = [eq(memberSignIns.memberId, memberId)];
    if (q.outcome === 'success' || q.outcome === 'failure' || q.outcome === 'abort')
      parts.push(eq(memberSignIns.outcome, q.outcome));
    if (SIGNIN_CHANNELS.includes(q.channel as SignInChannelName))
      parts.push(eq(memberSignIns.channel, q.channel as SignInChannelName));
    const where = and(...parts);
    const rows = await this.db
      .select({ r: memberSignIns, app: { id: applications.id, name: applications.name } })
      .from(memberSignIns)
      .leftJoin(applications, eq(applications.id, memberSignIns.applicationId))
      .where(where)
      .orderBy(desc(memberSignIns.at), desc(memberSignIns.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(memberSignIns).where(where);
    const results: MemberSignIn[] = rows.map(({ r, app }) => ({
      id: r.id,
      at: r.at.toISOString(),
      channel: r.channel,
      machine: r.machine,
      application: app?.id ? { id: app.id, name: app.name } : null,
      outcome: r.outcome,
      reason: r.reason ?? null,
      kinds: r.kinds,
      ip: r.ip,
    }));
    return page(results, total?.n ?? 0, p, size);
  }
}
