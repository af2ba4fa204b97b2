/**
 * The member's sign-in record (member_sign_ins): each outcome of a sign-in of a channel that
 * keeps one, with why it failed and the kinds passed, for the member's detail
 * (users/{id}/sign-ins/, read by modules/memberSignIns), and the day's tally the dashboard sums
 * (added after the commit, in a statement of its own). The audit trail has its events.
 */
import type { ProvedKind, SignInChannelName, SignInFailureReason } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { afterCommit } from '../audit/context.ts';
import type { Db } from '../db/client.ts';
import { memberSignIns, signInTallies } from '../db/schema/index.ts';

export interface SignInRecord {
  channel: SignInChannelName;
  /** The workstation's machine name. */
  machine: string | null;
  customerId: string;
  memberId: string;
  applicationId: string | null;
  outcome: 'success' | 'failure' | 'abort';
  reason?: SignInFailureReason | null;
  kinds: ProvedKind[];
  ip: string | null;
}

export class SignInRecords {
  constructor(
    private readonly db: Db,
    /** The database outside any request's transaction: the day's tally is counted after the commit. */
    private readonly raw: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly log: { warn(obj: object, msg: string): void } = console,
  ) {}

  async record(r: SignInRecord): Promise<void> {
    await this.db.insert(memberSignIns).values({
      channel: r.channel,
      machine: r.machine,
      customerId: r.customerId,
      memberId: r.memberId,
      applicationId: r.applicationId,
      outcome: r.outcome,
      reason: r.reason ?? null,
      kinds: r.kinds,
      ip: r.ip,
      at: this.now(),
    });
    const day = this.now().toISOString().slice(0, 10);
    afterCommit(() => {
      this.raw
        .insert(signInTallies)
        .values({ customerId: r.customerId, channel: r.channel, day, outcome: r.outcome, n: 1 })
        .onConflictDoUpdate({
          target: [signInTallies.customerId, signInTallies.day, signInTallies.channel, signInTallies.outcome],
          set: { n: sql`${signInTallies.n} + 1` },
        })
        .catch((err: unknown) => this.log.warn({ err: String(err) }, 'sign-in tally not counted'));
    });
  }
}
