/**
 * What the sign-in engine does with a member's credentials, whatever the channel: find the
 * member, pick the credentials a sign-in may check, check an answer through
 * CredentialsService.verify (password and PIN argon2id, TOTP, HOTP, mail and SMS codes; attempt
 * counting, locks, single use) and send mail or SMS codes. Unknown members take the same path as known ones: a password or PIN costs one hash
 * verification either way, and a code "sent" to nobody answers like one sent.
 */
import { type CredentialType, LOGIN_OTP_RESEND_S, LOGIN_OTP_TTL_S, type ProvedKind } from '@portiere/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { credentials, members } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import { dummyHash, verifyPassword } from '../lib/passwords.ts';
import type { CredentialsService } from '../modules/credentials/service.ts';
import type { MemberRow } from '../modules/members/mapper.ts';

export class CredentialChecks {
  constructor(
    private readonly db: Db,
    private readonly credentials: CredentialsService,
    private readonly now: () => Date = () => new Date(),
    private readonly log: { warn(obj: object, msg: string): void } = console,
  ) {}

  /** The customer's member by username, ignoring case. */
  async byUsername(customerId: string, username: string): Promise<MemberRow | null> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.customerId, customerId), sql`lower(${members.username}) = ${username.toLowerCase()}`));
    return row ?? null;
  }

  async byId(customerId: string, id: string): Promise<MemberRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.customerId, customerId), eq(members.id, id)));
    return row ?? null;
  }

  /**
   * The member's credentials of a kind a sign-in may check: active and not locked, oldest first.
   * A mail or SMS credential must be confirmed: one a member started in the enrolment portal for
   * an address of their choosing gets no sign-in codes until a code sent there came back.
   */
  usable(member: MemberRow, kind: CredentialType, { windowsOnly = false } = {}) {
    return this.db
      .select()
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          eq(credentials.customerId, member.customerId),
          eq(credentials.type, kind),
          eq(credentials.isActive, true),
          eq(credentials.locked, false),
          kind === 'mail' || kind === 'sms' ? eq(credentials.isEnrolled, true) : undefined,
          windowsOnly ? eq(credentials.windowsLogin, true) : undefined,
        ),
      )
      .orderBy(asc(credentials.createdAt));
  }

  /**
   * The kind `value` proves for the member (a key pair held by one authenticator proves a
   * `security_key`), or null when it proves nothing. A blocked member's answers are wrong unless
   * `evenIfBlocked` (a sign-in that says "blocked" only after a right answer checks it first);
   * `windowsOnly`: only credentials usable for Windows login answer; `challenge`: what a key
   * pair's or smartcard's signature (the value) signs, or the scope of a security key's.
   */
  async check(
    member: MemberRow | null,
    kind: CredentialType,
    value: string,
    { evenIfBlocked = false, windowsOnly = false, challenge = null as string | null } = {},
  ): Promise<ProvedKind | null> {
    const checked = member && (evenIfBlocked || !member.blocked) ? { ...member, blocked: false } : null;
    // A key pair answers as a security key (a JSON assertion) or as a PEM key's signature, never both.
    const assertion = value.startsWith('{');
    const candidates = (checked ? await this.usable(checked, kind, { windowsOnly }) : []).filter(
      (c) => kind !== 'keypair' || (c.webauthnId !== null) === assertion,
    );
    for (const credential of checked ? candidates : []) {
      const verified = await this.credentials.verify(credential, checked as MemberRow, value, { challenge });
      if (verified.ok) return verified.proved ?? (kind as ProvedKind);
    }
    if (!candidates.length && (kind === 'password' || kind === 'pin')) await verifyPassword(await dummyHash(), value);
    return null;
  }

  /**
   * Sends a code to the member's first usable credential of `kind`. Nothing is sent to nobody, to
   * a blocked member, or within LOGIN_OTP_RESEND_S of the credential's last code (which stays
   * valid); a gateway that refuses is logged, not told, so that it cannot tell this member from
   * one without such a credential. The credential's target, when a code went or was still live.
   */
  async sendCode(member: MemberRow | null, kind: 'mail' | 'sms', { windowsOnly = false } = {}): Promise<string | null> {
    if (!member || member.blocked) return null;
    const [credential] = await this.usable(member, kind, { windowsOnly });
    if (!credential) return null;
    const now = this.now().getTime();
    const sentAt = credential.codeExpiresAt ? credential.codeExpiresAt.getTime() - LOGIN_OTP_TTL_S * 1000 : 0;
    if (now - sentAt < LOGIN_OTP_RESEND_S * 1000) return credential.target;
    try {
      return (await this.credentials.sendCode(credential, member)).sent_to;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.log.warn({ code: err.code, kind }, 'sign-in: the code could not be sent');
      return null;
    }
  }

  /**
   * Why a wrong answer of `kind` could not have been right, for the record: every credential of
   * the kind is locked, or (smartcards) every certificate has expired; null otherwise.
   */
  async whyNot(member: MemberRow, kind: CredentialType): Promise<'locked' | 'certificate_expired' | null> {
    const rows = await this.db
      .select({ locked: credentials.locked, validTo: credentials.validTo })
      .from(credentials)
      .where(and(eq(credentials.memberId, member.id), eq(credentials.type, kind), eq(credentials.isActive, true)));
    if (!rows.length) return null;
    if (rows.every((r) => r.locked)) return 'locked';
    const now = this.now();
    if (kind === 'smartcard' && rows.every((r) => !r.validTo || r.validTo <= now)) return 'certificate_expired';
    return null;
  }
}
