/**
 * The member's sign-in record (member_sign_ins): each outcome of a sign-in of a channel that
 * keeps one, with why it failed and the kinds passed, for the member's detail
 * (users/{id}/sign-ins/, read by modules/webLogin). The audit trail has its events.
 */
import type { ProvedKind, SignInChannelName, SignInFailureReason } from '@portiere/contracts';
import type { Db } from '../db/client.ts';
import { memberSignIns } from '../db/schema/index.ts';

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
    private readonly now: () => Date = () => new Date(),
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
  }
}
