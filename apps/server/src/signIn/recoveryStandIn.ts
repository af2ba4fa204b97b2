/**
 * Recovery codes as stand-ins: while a member's recovery mode has disabled some of their
 * credentials, one of their recovery codes (single use) passes a stage that asks for a kind
 * among them, and every later stage it also covers.
 */

import type { CredentialType } from '@portiere/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { credentials, recoveryModes } from '../db/schema/index.ts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { RecoveryService } from '../modules/recovery/service.ts';

export class RecoveryStandIn {
  constructor(
    private readonly db: Db,
    private readonly recovery: RecoveryService,
  ) {}

  /** Whether the member's active recovery mode disabled a credential of one of these kinds (still off). */
  async covers(member: MemberRow, kinds: CredentialType[]): Promise<boolean> {
    if (!kinds.length) return false;
    const [mode] = await this.db
      .select({ disabled: recoveryModes.disabledCredentialIds })
      .from(recoveryModes)
      .where(and(eq(recoveryModes.memberId, member.id), isNull(recoveryModes.deactivatedAt)));
    if (!mode?.disabled.length) return false;
    const [covered] = await this.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          inArray(credentials.id, mode.disabled),
          eq(credentials.isActive, false),
          inArray(credentials.type, kinds),
        ),
      )
      .limit(1);
    return !!covered;
  }

  /** Spends one of the member's live recovery codes. */
  use(member: MemberRow, code: string): Promise<boolean> {
    return this.recovery.useCode(member.customerId, member.id, code);
  }
}
