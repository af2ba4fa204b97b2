/**
 * Recovery codes (shown once, stored as keyed hashes, single use) and recovery modes: a mode
 * mails a code with the recovery_mode template and, with recovery_disable_tokens, disables
 * the member's other credentials until it ends, then enables exactly those again.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_TTL_HOURS, type RecoveryMode, type RecoveryModeListQuery } from '@portiere/contracts';
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { credentials, members, recoveryCodes, recoveryModes } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { dayRange } from '../../lib/list-filters.ts';
import { page, paging } from '../../lib/paging.ts';
import { renderMemberMail } from '../../mail/member-mail.ts';
import type { MailQueue } from '../../mail/queue.ts';
import { memberWhere } from '../members/list-query.ts';
import { memberTags } from '../members/mail-tags.ts';
import type { MembersService } from '../members/service.ts';
import { aroundTallies } from '../members/tallies.ts';
import type { SettingsService } from '../settings/service.ts';

/** No 0/O, 1/I/L: codes are read out over the phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
const normalize = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export class RecoveryService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly members: MembersService,
    private readonly settings: SettingsService,
    private readonly mail: MailQueue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createCode(customerId: string, memberId: string): Promise<{ code: string; expires_at: string }> {
    await this.members.row(customerId, memberId);
    const code = newRecoveryCode();
    const expiresAt = new Date(this.now().getTime() + RECOVERY_CODE_TTL_HOURS * 3_600_000);
    await this.db
      .insert(recoveryCodes)
      .values({ customerId, memberId, codeHash: this.box.hmac(normalize(code)), expiresAt, createdAt: this.now() });
    return { code, expires_at: expiresAt.toISOString() };
  }

  /** Spends a live code of the member; false for an unknown, used or expired one. */
  async useCode(customerId: string, memberId: string, code: string): Promise<boolean> {
    await this.members.row(customerId, memberId);
    const spent = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.now() })
      .where(
        and(
          eq(recoveryCodes.memberId, memberId),
          eq(recoveryCodes.codeHash, this.box.hmac(normalize(code))),
          isNull(recoveryCodes.usedAt),
          gt(recoveryCodes.expiresAt, this.now()),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return spent.length > 0;
  }

  async current(customerId: string, memberId: string): Promise<RecoveryMode | null> {
    const member = await this.members.row(customerId, memberId);
    const [row] = await this.db
      .select()
      .from(recoveryModes)
      .where(and(eq(recoveryModes.memberId, memberId), isNull(recoveryModes.deactivatedAt)));
    return row ? toMode(row, member) : null;
  }

  async activate(customerId: string, memberId: string, by: string) {
    const member = await this.members.row(customerId, memberId);
    if (!member.email) throw new AppError(422, 'memberHasNoEmail');
    if (await this.current(customerId, memberId)) throw new AppError(409, 'recoveryModeActive');
    const { settings } = await this.settings.get(customerId);
    const { code, expires_at } = await this.createCode(customerId, memberId);
    let disabled: string[] = [];
    if (settings.cms.recovery_disable_tokens) {
      const rows = await this.db
        .update(credentials)
        .set({ isActive: false })
        .where(and(eq(credentials.memberId, memberId), eq(credentials.isActive, true)))
        .returning({ id: credentials.id });
      disabled = rows.map((r) => r.id);
    }
    // The customer's recovery mode counts move with it (members/tallies.ts).
    const [row] = await aroundTallies(this.db, customerId, [memberId], () =>
      this.db
        .insert(recoveryModes)
        .values({ customerId, memberId, activatedBy: by, activatedAt: this.now(), disabledCredentialIds: disabled })
        .onConflictDoNothing()
        .returning(),
    );
    if (!row) throw new AppError(409, 'recoveryModeActive');
    const mail = renderMemberMail(settings, 'recovery_mode', {
      ...memberTags(member, settings.general.domain),
      recovery_code: code,
    });
    await this.mail.enqueue('recovery_code', { to: member.email, ...mail }, { expiresAt: new Date(expires_at) });
    return { recovery_mode: toMode(row, member), code, expires_at };
  }

  async deactivate(customerId: string, memberId: string): Promise<void> {
    await this.members.row(customerId, memberId);
    const [row] = await aroundTallies(this.db, customerId, [memberId], () =>
      this.db
        .update(recoveryModes)
        .set({ deactivatedAt: this.now() })
        .where(and(eq(recoveryModes.memberId, memberId), isNull(recoveryModes.deactivatedAt)))
        .returning(),
    );
    if (!row) throw new AppError(409, 'recoveryModeInactive');
    if (row.disabledCredentialIds.length) {
      await this.db
        .update(credentials)
        .set({ isActive: true })
        .where(and(eq(credentials.memberId, memberId), inArray(credentials.id, row.disabledCredentialIds)));
    }
  }

  async listActive(customerId: string, q: RecoveryModeListQuery) {
    const { page: p, size, offset } = paging(q);
    const where = and(
      eq(recoveryModes.customerId, customerId),
      isNull(recoveryModes.deactivatedAt),
      ...dayRange(recoveryModes.activatedAt, q.activated_after, q.activated_before),
      // The member search (name, username, email) of the members list.
      q.search?.trim() ? memberWhere(customerId, { search: q.search }) : undefined,
    );
    const rows = await this.db
      .select({ mode: recoveryModes, member: members })
      .from(recoveryModes)
      .innerJoin(members, eq(members.id, recoveryModes.memberId))
      .where(where)
      .orderBy(desc(recoveryModes.activatedAt))
      .limit(size)
      .offset(offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(recoveryModes)
      .innerJoin(members, eq(members.id, recoveryModes.memberId))
      .where(where);
    return page(
      rows.map((r) => toMode(r.mode, r.member)),
      total?.n ?? 0,
      p,
      size,
    );
  }
}

function toMode(
  row: typeof recoveryModes.$inferSelect,
  m: { id: string; username: string; firstName: string; lastName: string; email: string },
): RecoveryMode {
  return {
    id: row.id,
    member: {
      id: m.id,
      username: m.username,
      full_name: [m.firstName, m.lastName].filter(Boolean).join(' '),
      email: m.email,
    },
    activated_at: row.activatedAt.toISOString(),
    activated_by: row.activatedBy,
    disabled_credentials: row.disabledCredentialIds.length,
  };
}
