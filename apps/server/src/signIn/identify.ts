/**
 * Who signs in: the customer's member a channel's first answer names, by what the customer asks
 * for (settings' username_text), by username, or by a paired temporary card. Nobody found is no
 * error: the sign-in walks on for them as for a member, and never succeeds.
 */
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, temporaryCards } from '../db/schema/index.ts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { SettingsService } from '../modules/settings/service.ts';
import type { CredentialChecks } from './credentialChecks.ts';

/**
 * What the member gave: a name looked up as the customer's settings ask (`setting`) or as a
 * username (`username`), or a temporary card's code.
 */
export type Who = { name: string; by: 'setting' | 'username' } | { card: string };

/** A card's code as shown back: only its last two digits. */
export const maskCard = (code: string) => `${'*'.repeat(Math.max(0, code.length - 2))}${code.slice(-2)}`;

export class MemberLookup {
  constructor(
    private readonly db: Db,
    private readonly checks: CredentialChecks,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member named (or null), and the name the sign-in shows and counts them by. */
  async find(customerId: string, who: Who): Promise<{ member: MemberRow | null; shown: string }> {
    if ('card' in who) return { member: await this.byCard(customerId, who.card), shown: maskCard(who.card) };
    const member =
      who.by === 'setting'
        ? await this.bySetting(customerId, who.name)
        : await this.checks.byUsername(customerId, who.name);
    return { member, shown: who.name };
  }

  /** The customer's member named by what the settings' username_text asks for; one or none. */
  private async bySetting(customerId: string, value: string): Promise<MemberRow | null> {
    const { settings } = await this.settings.get(customerId);
    switch (settings.general.username_text) {
      case 'id':
        return this.checks.byId(customerId, value);
      case 'email':
      case 'phone_number': {
        const column =
          settings.general.username_text === 'email'
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
