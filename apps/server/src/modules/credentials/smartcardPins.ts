/**
 * Smartcards' PINs (contracts credentials.ts): the transport PIN and PUK made when an operator
 * issues a card, the "send smartcard PIN" mail that alone carries the PIN, the PIN reset an
 * operator enables (the "reset smartcard PIN" mail and its single-use auth_code), and the unblock
 * a workstation trades that code for: the card's challenge answered with its PUK, which never
 * leaves the server.
 */
import { createHmac } from 'node:crypto';
import {
  type CustomerSettings,
  PIN_RESET_CODE_LENGTH,
  PIN_RESET_MAX_TRIES,
  type PinResetResult,
  SMARTCARD_PIN_RESET_HOURS,
  type WorkstationSmartcardUnblock,
} from '@portiere/contracts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { auditMemberActor, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { credentials, members } from '../../db/schema/index.ts';
import { randomDigits, type SecretBox, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { renderMemberMail } from '../../mail/member-mail.ts';
import type { MailQueue } from '../../mail/queue.ts';
import { memberTags } from '../members/mail-tags.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { SettingsService } from '../settings/service.ts';
import type { CredentialRow } from './mapper.ts';

type Cms = CustomerSettings['cms'];

/** A transport secret by its setting: `{secret}` in the default is random digits of the length, one per card. */
export function transportSecret(setting: Cms['transport_pin']): string {
  const fixed = setting.default.trim();
  if (!fixed) return randomDigits(setting.length);
  return fixed.split('{secret}').join(randomDigits(setting.length));
}

/** The CMS rule of spec section 6, for what an operator does at a workstation. */
export function cmsOperatorRefusal(cms: Cms, operator: WorkstationSmartcardUnblock['operator']): AppError | null {
  const group = cms.active_directory_group.trim();
  if (group) {
    const inGroup = operator.groups.some((g) => g.trim().toLowerCase() === group.toLowerCase());
    return inGroup ? null : new AppError(403, 'cmsGroupRequired', { group });
  }
  return operator.admin ? null : new AppError(403, 'cmsAdminRequired');
}

/** A wrong code is answered, not thrown, so that the tries it counted commit. */
export const WRONG_CODE = { refused: 'pinResetInvalid' } as const;

export class SmartcardPins {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: SettingsService,
    private readonly mail: MailQueue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new card's transport PIN (in clear, for its mail) and the sealed columns of both secrets. */
  make(cms: Cms) {
    const pin = transportSecret(cms.transport_pin);
    const puk = transportSecret(cms.transport_puk);
    return { pin, values: { pinEnc: this.box.encrypt(pin), pukEnc: this.box.encrypt(puk) } };
  }

  /** Mails the card's PIN ("send smartcard PIN"): where it went, or null for a member without an address. */
  async mailPin(member: MemberRow, settings: CustomerSettings, pin: string): Promise<string | null> {
    if (!member.email) return null;
    const tags = memberTags(member, settings.general.domain);
    await this.mail.enqueue('smartcard_pin', {
      to: member.email,
      ...renderMemberMail(settings, 'send_pin', { ...tags, pin }),
    });
    return member.email;
  }

  /** Enables a PIN reset: a fresh auth_code (any earlier one dies), mailed to the member. */
  async enableReset(row: CredentialRow, member: MemberRow): Promise<PinResetResult> {
    if (row.type !== 'smartcard' || !row.pukEnc) throw new AppError(422, 'pinResetNotSmartcard');
    if (!member.email) throw new AppError(422, 'memberHasNoEmail');
    const { settings } = await this.settings.get(member.customerId);
    const code = randomDigits(PIN_RESET_CODE_LENGTH);
    const until = new Date(this.now().getTime() + SMARTCARD_PIN_RESET_HOURS * 3600_000);
    const store = this.db
      .update(credentials)
      .set({ pinResetHash: this.box.hmac(code), pinResetUntil: until, pinResetTries: 0 })
      .where(eq(credentials.id, row.id));
    // The code and its mail in one statement: the mail goes once it commits.
    await this.mail.enqueue(
      'smartcard_pin_reset',
      {
        to: member.email,
        ...renderMemberMail(settings, 'token_reset_pin', {
          ...memberTags(member, settings.general.domain),
          auth_code: code,
        }),
      },
      { expiresAt: until, alongside: store },
    );
    return { sent_to: member.email, expires_at: until.toISOString() };
  }

  /**
   * The unblock of the member's card whose reset the code names: the CMS rule first (it tells
   * nothing of the member), then the code, single use and PIN_RESET_MAX_TRIES wrong ones; the
   * answer is the card's challenge keyed by its PUK. An unknown member is a wrong code.
   */
  async unblock(
    customerId: string,
    input: WorkstationSmartcardUnblock,
  ): Promise<{ response: string } | typeof WRONG_CODE> {
    const { settings } = await this.settings.get(customerId);
    const refusal = cmsOperatorRefusal(settings.cms, input.operator);
    if (refusal) throw refusal;
    const [member] = await this.db
      .select()
      .from(members)
      .where(
        and(eq(members.customerId, customerId), sql`lower(${members.username}) = ${input.username.toLowerCase()}`),
      );
    if (!member) return WRONG_CODE;
    auditMemberActor(customerId, member.id, member.username);
    const live = await this.db
      .select()
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          eq(credentials.type, 'smartcard'),
          isNotNull(credentials.pinResetHash),
          gt(credentials.pinResetUntil, this.now()),
        ),
      );
    const hash = this.box.hmac(input.auth_code);
    const card = live.find((c) => safeEqual(c.pinResetHash ?? '', hash));
    if (!card) {
      for (const c of live) {
        const tries = c.pinResetTries + 1;
        await this.db
          .update(credentials)
          .set(
            tries >= PIN_RESET_MAX_TRIES
              ? { pinResetHash: null, pinResetUntil: null, pinResetTries: 0 }
              : { pinResetTries: tries },
          )
          .where(eq(credentials.id, c.id));
      }
      return WRONG_CODE;
    }
    auditTarget(card.id, card.description || card.type);
    // Single use: the code is spent by whichever request clears it first.
    const [spent] = await this.db
      .update(credentials)
      .set({ pinResetHash: null, pinResetUntil: null, pinResetTries: 0 })
      .where(and(eq(credentials.id, card.id), eq(credentials.pinResetHash, hash)))
      .returning({ id: credentials.id });
    if (!spent || !card.pukEnc) return WRONG_CODE;
    const puk = this.box.decrypt(card.pukEnc);
    return { response: createHmac('sha256', puk).update(Buffer.from(input.challenge, 'hex')).digest('hex') };
  }
}
