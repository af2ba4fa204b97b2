/**
 * Temporary cards: created with codes of the customer's card_code_length, paired to one
 * member until an expiration date. A pairing past its date no longer counts as paired.
 */

import {
  fieldError,
  type TemporaryCard,
  type TemporaryCardStatus,
  temporaryCardPairFieldErrors,
} from '@portiere/contracts';
import { and, asc, count, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { auditDetails, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { members, temporaryCards } from '../../db/schema/index.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { AppError } from '../../lib/errors.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';
import type { MembersService } from '../members/service.ts';
import type { SettingsService } from '../settings/service.ts';

type CardRow = typeof temporaryCards.$inferSelect;

export class TemporaryCardsService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** SQL for each status, evaluated at the service's clock. */
  statusWhere(status: TemporaryCardStatus): SQL {
    const now = this.now();
    if (status === 'not_paired') return isNull(temporaryCards.memberId);
    const live = or(isNull(temporaryCards.expiresAt), gt(temporaryCards.expiresAt, now));
    if (status === 'paired') return and(isNotNull(temporaryCards.memberId), live) ?? sql`false`;
    return and(isNotNull(temporaryCards.memberId), lte(temporaryCards.expiresAt, now)) ?? sql`false`;
  }

  private status(row: CardRow): TemporaryCardStatus {
    if (!row.memberId) return 'not_paired';
    return row.expiresAt && row.expiresAt <= this.now() ? 'expired' : 'paired';
  }

  private toCard(row: CardRow, username: string | null): TemporaryCard {
    return {
      id: row.id,
      cardCode: row.cardCode,
      status: this.status(row),
      member: row.memberId && username ? { id: row.memberId, username } : null,
      paired_at: row.pairedAt?.toISOString() ?? null,
      expiration_date: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: { page?: string; page_size?: string; status?: string; search?: string }) {
    const { page: p, size, offset } = paging(q);
    const parts: SQL[] = [eq(temporaryCards.customerId, customerId)];
    if (q.status) {
      const statuses = [...new Set(q.status.split(','))] as TemporaryCardStatus[];
      parts.push(or(...statuses.map((st) => this.statusWhere(st))) ?? sql`false`);
    }
    if (q.search?.trim()) parts.push(ilike(temporaryCards.cardCode, likeOf(q.search.trim())));
    const where = and(...parts);
    const rows = await this.db
      .select({ card: temporaryCards, username: members.username })
      .from(temporaryCards)
      .leftJoin(members, eq(members.id, temporaryCards.memberId))
      .where(where)
      .orderBy(asc(temporaryCards.cardCode))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(temporaryCards).where(where);
    return page(
      rows.map((r) => this.toCard(r.card, r.username)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  async create(customerId: string, input: { count: number; cardCode?: string }): Promise<TemporaryCard[]> {
    const { settings } = await this.settings.get(customerId);
    if (!settings.cms.temporary) throw new AppError(403, 'temporaryCardsOff');
    const length = settings.cms.card_code_length;
    if (input.cardCode !== undefined) {
      if (input.cardCode.length !== length) {
        throw new AppError(400, 'cardCodeLength', { length }, { cardCode: fieldError('cardCodeLength', { length }) });
      }
      const [row] = await this.db
        .insert(temporaryCards)
        .values({ customerId, cardCode: input.cardCode })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'cardCodeExists');
      return [this.toCard(row, null)];
    }
    const created: CardRow[] = [];
    // Random codes; a rare clash with an existing code is simply drawn again.
    for (let attempts = 0; created.length < input.count && attempts < input.count * 5; attempts++) {
      const rows = await this.db
        .insert(temporaryCards)
        .values({ customerId, cardCode: randomDigits(length) })
        .onConflictDoNothing()
        .returning();
      created.push(...rows);
    }
    return created.map((r) => this.toCard(r, null));
  }

  private row(customerId: string, id: string): Promise<CardRow> {
    return customerRow(this.db, temporaryCards, customerId, id);
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    if (this.status(row) === 'paired') throw new AppError(409, 'cardAlreadyPaired');
    await this.db.delete(temporaryCards).where(eq(temporaryCards.id, id));
  }

  /** The member's live pairing, if any. */
  async forMember(customerId: string, memberId: string): Promise<TemporaryCard | null> {
    const member = await this.members.row(customerId, memberId);
    const [row] = await this.db
      .select()
      .from(temporaryCards)
      .where(
        and(
          eq(temporaryCards.customerId, customerId),
          eq(temporaryCards.memberId, memberId),
          this.statusWhere('paired'),
        ),
      );
    return row ? this.toCard(row, member.username) : null;
  }

  async pair(customerId: string, memberId: string, cardId: string, expiration: Date): Promise<TemporaryCard> {
    const member = await this.members.row(customerId, memberId);
    const card = await this.row(customerId, cardId);
    if (!(await this.settings.get(customerId)).settings.cms.temporary) throw new AppError(403, 'temporaryCardsOff');
    const late = temporaryCardPairFieldErrors({ expiration_date: expiration.toISOString() }, this.now());
    if (late.expiration_date) throw new AppError(400, 'expirationInPast', undefined, late);
    if (this.status(card) === 'paired') throw new AppError(409, 'cardAlreadyPaired');
    if (await this.forMember(customerId, memberId)) throw new AppError(409, 'memberHasCard');
    // Only a card that is still free (or whose pairing expired) is taken.
    const [row] = await this.db
      .update(temporaryCards)
      .set({ memberId, pairedAt: this.now(), expiresAt: expiration })
      .where(and(eq(temporaryCards.id, cardId), or(isNull(temporaryCards.memberId), this.statusWhere('expired'))))
      .returning();
    if (!row) throw new AppError(409, 'cardAlreadyPaired');
    auditTarget(member.id, member.username);
    auditDetails({ card_id: cardId, expires_at: expiration.toISOString() });
    return this.toCard(row, member.username);
  }

  async unpair(customerId: string, memberId: string): Promise<void> {
    const member = await this.members.row(customerId, memberId);
    auditTarget(member.id, member.username);
    await this.db
      .update(temporaryCards)
      .set({ memberId: null, pairedAt: null, expiresAt: null })
      .where(and(eq(temporaryCards.customerId, customerId), eq(temporaryCards.memberId, memberId)));
  }
}
