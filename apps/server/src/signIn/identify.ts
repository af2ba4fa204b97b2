/**
 * Who signs in: the customer's member a channel's first answer names, by what the customer asks
 * for (settings' username_text, read by the channel with the rest of what it shows), by
 * username, or by a paired temporary card. Nobody found is no error: the sign-in walks on for
 * them as for a member, and never succeeds.
 */

import type { UsernameText } from '@portiere/contracts';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, temporaryCards } from '../db/schema/index.ts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { CredentialChecks } from './credentialChecks.ts';

/** What the member gave: a name and what it is (a username, an email address ...), or a temporary card's code. */
export type Who = { name: string; by: UsernameText } | { card: string };

/** A card's code as shown back: only its last two digits. */
export const maskCard = (code: string) => `${'*'.repeat(Math.max(0, code.length - 2))}${code.slice(-2)}`;

export class MemberLookup {
  constructor(
    private readonly db: Db,
    private readonly checks: CredentialChecks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member named (or null), and the name the sign-in shows and counts them by. */
  async find(customerId: string, who: Who): Promise<{ member: MemberRow | null; shown: string }> {
    if ('card' in who) return { member: await this.byCard(customerId, who.card), shown: maskCard(who.card) };
    return { member: await this.byName(customerId, who.name, who.by), shown: who.name };
  }

  /** The customer's member `value` names as `by` says; one or none. */
  private async byName(customerId: string, value: string, by: UsernameText): Promise<MemberRow | null> {
    switch (by) {
      case 'id':
        return this.checks.byId(customerId, value);
      case 'email':
      case 'phone_number': {
        const column =
          by === 'email'
            ? sql`lower(${members.email}) = ${value.toLowerCase()}`
            : sql`${members.phoneNumber} = ${value.replace(/[\s()-]/g, '')}`;
        // An address two members share names neither.
        const rows = await this.db
          .select()
          .from(members)
          .where(and(eq(members.customerId, customerId), column))
          .limit(2);
        return rows.length === 1 ? (rows[0] ?? null) : null;
      }
      default:
        return this.checks.byUsername(customerId, value);
    }
  }

  /** A paired, unexpired card's member. */
  private async byCard(customerId: string, cardCode: string): Promise<MemberRow | null> {
    const [card] = await this.db
      .select({ memberId: temporaryCards.memberId })
      .from(temporaryCards)
      .where(
        and(
          eq(temporaryCards.customerId, customerId),
          eq(temporaryCards.cardCode, cardCode),
          isNotNull(temporaryCards.memberId),
          or(isNull(temporaryCards.expiresAt), gt(temporaryCards.expiresAt, this.now())),
        ),
      );
    return card?.memberId ? this.checks.byId(customerId, card.memberId) : null;
  }
}
