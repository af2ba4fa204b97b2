/**
 * Credentials with real semantics: hashed passwords and PINs, sealed TOTP/HOTP secrets with
 * the customer's parameters, app enrolment by confirmation code, uploaded keys and
 * certificates, and mail/SMS codes really sent. test() applies the lockout, attempt counting
 * and single-use rules a real sign-in applies.
 */
import {
  appEnrollUrl,
  type CredentialCreate,
  type CredentialTestResult,
  type CredentialType,
  cmsIssues,
  EMAIL_PATTERN,
  type Enrollment,
  fieldError,
  isValidPhone,
  LOGIN_OTP_MAX_TRIES,
  LOGIN_OTP_TTL_S,
  PASSWORD_CREDENTIAL_MAX_ATTEMPTS,
  type ProvedKind,
  passwordPolicyError,
  SINGLE_CREDENTIAL_TYPES,
  type WebAuthnRegistration,
} from '@portiere/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { credentials } from '../../db/schema/index.ts';
import { randomDigits, type SecretBox, safeEqual } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { qrCode } from '../../lib/qr-code.ts';
import { qrCodeImage, renderMemberMail } from '../../mail/member-mail.ts';
import type { MailQueue } from '../../mail/queue.ts';
import { sendSmsOtp } from '../../sms/gateway.ts';
import { allowedKinds, type GroupRow } from '../members/allowed-kinds.ts';
import { memberTags } from '../members/mail-tags.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { MembersService } from '../members/service.ts';
import { aroundTallies } from '../members/tallies.ts';
import type { SettingsService } from '../settings/service.ts';
import { type CredentialRow, toCredential } from './mapper.ts';
import { type Algorithm, hotpMatchCounter, hotpUri, newSecret, totpMatchStep, totpUri } from './otp.ts';
import { verifiesChallenge } from './signatures.ts';
import { SmartcardPins } from './smartcardPins.ts';
import { invalid, readCertificate, readPublicKey } from './uploads.ts';
import { assertionOf, enrollScope, userVerificationOf, WebAuthnRp } from './webauthn.ts';

const ISSUER = 'Portiere';
const CONFIRMATION_LENGTH = 8;

/**
 * A credential the member starts in the enrolment portal: a mail or SMS credential goes to the
 * target given (else the member's own address or phone) and stays unconfirmed until a code sent
 * there comes back (verify). Staff-made ones are confirmed at once.
 */
export interface MemberStart {
  target?: string;
  /** keypair: a security key or passkey registered in the member's browser. */
  webauthn?: WebAuthnRegistration;
}

/** What a check of a value tells a sign-in besides the staff test's result: which kind it proved. */
export type Verified = CredentialTestResult & { proved?: ProvedKind };

export class CredentialsService {
  /** The relying party of security keys and passkeys, at PUBLIC_URL. */
  readonly webauthn: WebAuthnRp;
  /** Smartcards' transport PINs and PUKs, PIN resets and unblocks. */
  readonly pins: SmartcardPins;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly members: MembersService,
    private readonly settings: SettingsService,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.webauthn = new WebAuthnRp(box, publicUrl, now);
    this.pins = new SmartcardPins(db, box, settings, mail, now);
  }

  async list(customerId: string, memberId: string) {
    await this.members.row(customerId, memberId);
    const rows = await this.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.memberId, memberId), eq(credentials.customerId, customerId)))
      .orderBy(asc(credentials.createdAt));
    return rows.map(toCredential);
  }

  /** One of the member's credentials, within the customer; anything else is 404. */
  async row(customerId: string, memberId: string, id: string): Promise<CredentialRow> {
    await this.members.row(customerId, memberId);
    return customerRow(this.db, credentials, customerId, id, eq(credentials.memberId, memberId));
  }

  /** The member, if its configuration allows one more credential of this kind. */
  private async admit(customerId: string, memberId: string, type: CredentialType): Promise<MemberRow> {
    const member = await this.members.row(customerId, memberId);
    const group = await this.members.group(customerId, member.groupId);
    if (!allowedKinds(group).includes(type)) throw new AppError(422, 'credentialNotAllowed', { type });
    if (SINGLE_CREDENTIAL_TYPES.includes(type)) {
      const [existing] = await this.db
        .select({ id: credentials.id })
        .from(credentials)
        .where(and(eq(credentials.memberId, memberId), eq(credentials.type, type)))
        .limit(1);
      if (existing) throw new AppError(409, 'credentialExists', { type });
    }
    return member;
  }

  /** Inserts a credential; it moves the customer's counts by kind and maybe the member's class. */
  private async insert(customerId: string, memberId: string, values: typeof credentials.$inferInsert) {
    const [row] = await aroundTallies(this.db, customerId, [memberId], async () => {
      const inserted = await this.db.insert(credentials).values(values).returning();
      await this.syncMember(memberId, true);
      return inserted;
    });
    if (!row) throw new Error('insert failed');
    return row;
  }

  /**
   * A HOTP/TOTP credential holding a hardware token's seed (base32) with the token's own
   * parameters: enrolled at once, since the member holds the device that shows the codes.
   */
  async adoptToken(
    customerId: string,
    memberId: string,
    token: { kind: 'hotp' | 'totp'; serial: string; secret: string; algorithm: Algorithm; digits: number },
    timing: { period: number } | { counter: number },
  ) {
    await this.admit(customerId, memberId, token.kind);
    const { settings } = await this.settings.get(customerId);
    const h = settings.sca.hotp_credential;
    const params: Record<string, string | number> =
      'period' in timing
        ? { algorithm: token.algorithm, digits: token.digits, period: timing.period }
        : { algorithm: token.algorithm, digits: token.digits, window: h.window, max_attempts: h.max_attempts };
    const row = await this.insert(customerId, memberId, {
      customerId,
      memberId,
      type: token.kind,
      secretEnc: this.box.encrypt(token.secret),
      params,
      counter: 'counter' in timing ? timing.counter : 0,
      isEnrolled: true,
      tokenSerial: token.serial,
    });
    return toCredential(row);
  }

  /** The sealed seed of a credential, for the hardware token's resynchronisation. */
  secretOf(row: CredentialRow): string {
    return this.box.decrypt(row.secretEnc ?? '');
  }

  async create(customerId: string, memberId: string, input: CredentialCreate, byMember?: MemberStart) {
    const member = await this.admit(customerId, memberId, input.type);
    const { settings } = await this.settings.get(customerId);
    // Operators issue what the CMS settings allow; a member enrols what the enroller settings allow (enrollment/kinds.ts).
    if (!byMember && !cmsIssues(settings.cms, input.type)) {
      throw new AppError(403, 'credentialNotIssued', { type: input.type });
    }
    const base = {
      customerId,
      memberId,
      type: input.type,
      description: input.description,
      isWeb: input.is_web,
      isApi: input.is_api,
      windowsLogin: input.windows_login,
    };
    let values: typeof credentials.$inferInsert;
    let enrollment: Enrollment | null = null;
    let transportPin: string | null = null;
    const label = member.username;

    switch (input.type) {
      case 'password': {
        const policy = passwordPolicyError(input.value ?? '');
        if (!input.value || policy) throw invalid('value', policy ?? fieldError('required'));
        values = { ...base, secretHash: await hashPassword(input.value), isEnrolled: true };
        break;
      }
      case 'pin': {
        const { min_length, max_length } = settings.sca.pin_credential;
        const pin = input.value ?? '';
        if (!/^\d+$/.test(pin)) throw invalid('value', fieldError('onlyNumbers'));
        if (pin.length < min_length || pin.length > max_length) {
          throw invalid('value', fieldError('pinLength', { min: min_length, max: max_length }));
        }
        values = { ...base, secretHash: await hashPassword(pin), isEnrolled: true };
        break;
      }
      case 'totp': {
        const t = settings.sca.totp_credential;
        const params = { algorithm: t.algorithm as Algorithm, digits: t.length, period: t.time_step };
        const secret = newSecret(params.algorithm);
        values = { ...base, secretEnc: this.box.encrypt(secret), params, counter: 0 };
        const uri = totpUri(secret, params, label, ISSUER);
        enrollment = { secret, otpauth_uri: uri, qr_code: await (await qrCode()).toDataURL(uri) };
        break;
      }
      case 'hotp': {
        const h = settings.sca.hotp_credential;
        const params = {
          algorithm: h.algorithm as Algorithm,
          digits: h.length,
          window: h.window,
          max_attempts: h.max_attempts,
        };
        const secret = newSecret(params.algorithm);
        values = { ...base, secretEnc: this.box.encrypt(secret), params, counter: 0 };
        const uri = hotpUri(secret, params, label, ISSUER, 0);
        enrollment = { secret, otpauth_uri: uri, qr_code: await (await qrCode()).toDataURL(uri) };
        break;
      }
      case 'app':
      case 'app_biometry': {
        const code = randomDigits(CONFIRMATION_LENGTH);
        values = { ...base, status: 'pending', ...this.confirmation(code) };
        enrollment = await this.appEnrollment(code);
        break;
      }
      case 'mail': {
        const target = byMember?.target?.trim() || member.email;
        if (!target) throw new AppError(422, 'memberHasNoEmail');
        if (byMember?.target && !EMAIL_PATTERN.test(target)) throw invalid('target', fieldError('email'));
        values = { ...base, target, isEnrolled: !byMember };
        break;
      }
      case 'sms': {
        const target = byMember?.target?.trim() || member.phoneNumber;
        if (!target) throw new AppError(422, 'memberHasNoPhone');
        if (byMember?.target && !isValidPhone(target)) throw invalid('target', fieldError('phone'));
        values = { ...base, target, isEnrolled: !byMember };
        break;
      }
      case 'keypair':
        values = byMember?.webauthn
          ? {
              ...base,
              ...(await this.registerKey(
                member,
                byMember.webauthn,
                await this.members.group(customerId, member.groupId),
              )),
              isEnrolled: true,
            }
          : { ...base, ...readPublicKey(input.public_key), isEnrolled: true };
        break;
      case 'smartcard': {
        values = { ...base, ...readCertificate(input.certificate), isEnrolled: true };
        // A card an operator issues gets its transport PIN and PUK; the PIN goes to the member by mail only.
        if (!byMember) {
          const made = this.pins.make(settings.cms);
          transportPin = made.pin;
          values = { ...values, ...made.values };
        }
        break;
      }
    }
    const row = await this.insert(customerId, memberId, values);
    if (transportPin !== null) {
      const sentTo = await this.pins.mailPin(member, settings, transportPin);
      if (sentTo) enrollment = { pin_sent_to: sentTo };
    }
    return { credential: toCredential(row), enrollment };
  }

  async update(
    customerId: string,
    memberId: string,
    id: string,
    patch: { description?: string; is_web?: boolean; is_api?: boolean; isActive?: boolean; windows_login?: boolean },
  ) {
    const before = await this.row(customerId, memberId, id);
    const set: Partial<typeof credentials.$inferInsert> = {};
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.is_web !== undefined) set.isWeb = patch.is_web;
    if (patch.is_api !== undefined) set.isApi = patch.is_api;
    if (patch.isActive !== undefined) set.isActive = patch.isActive;
    if (patch.windows_login !== undefined) set.windowsLogin = patch.windows_login;
    const write = async () => {
      const updated = await this.db.update(credentials).set(set).where(eq(credentials.id, id)).returning();
      await this.syncMember(memberId, true);
      return updated;
    };
    // Web and Windows use are counted per kind, and the Windows flag is the member's class.
    const tallied = set.isWeb !== undefined || set.windowsLogin !== undefined;
    const [row] = !Object.keys(set).length
      ? await this.db.select().from(credentials).where(eq(credentials.id, id))
      : tallied
        ? await aroundTallies(this.db, customerId, [memberId], write)
        : await this.db.update(credentials).set(set).where(eq(credentials.id, id)).returning();
    if (!row) throw notFound();
    auditTarget(row.id, row.description || row.type);
    auditChange(toCredential(before), toCredential(row));
    return toCredential(row);
  }

  async remove(customerId: string, memberId: string, id: string): Promise<void> {
    const row = await this.row(customerId, memberId, id);
    auditTarget(row.id, row.description || row.type);
    await aroundTallies(this.db, customerId, [memberId], async () => {
      await this.db.delete(credentials).where(eq(credentials.id, id));
      await this.syncMember(memberId, true);
    });
  }

  /** Clears the wrong-attempt count and the lock. */
  async unlock(customerId: string, memberId: string, id: string) {
    await this.row(customerId, memberId, id);
    const [row] = await this.db
      .update(credentials)
      .set({ locked: false, failedAttempts: 0 })
      .where(eq(credentials.id, id))
      .returning();
    if (!row) throw notFound();
    return toCredential(row);
  }

  /** Smartcard: mails the member a single-use code that unblocks the card at a workstation. */
  async enablePinReset(customerId: string, memberId: string, id: string) {
    const row = await this.row(customerId, memberId, id);
    auditTarget(row.id, row.description || row.type);
    return this.pins.enableReset(row, await this.members.row(customerId, memberId));
  }

  /** App: back to pending with a new confirmation code; the device app must enrol again. */
  async reset(customerId: string, memberId: string, id: string) {
    const row = await this.row(customerId, memberId, id);
    if (row.type !== 'app' && row.type !== 'app_biometry') throw new AppError(422, 'credentialNotTestable');
    const code = randomDigits(CONFIRMATION_LENGTH);
    const [updated] = await this.db
      .update(credentials)
      .set({
        status: 'pending',
        isEnrolled: false,
        // The device's key, its authenticator and its offline codes' secret go: its calls are refused.
        deviceModel: null,
        secretEnc: null,
        publicKey: null,
        webauthnId: null,
        cosePublicKey: null,
        aaguid: null,
        params: null,
        counter: 0,
        ...this.confirmation(code),
      })
      .where(eq(credentials.id, id))
      .returning();
    if (!updated) throw notFound();
    await this.syncMember(memberId);
    return { credential: toCredential(updated), enrollment: await this.appEnrollment(code) };
  }

  /** Mail/SMS: sends a fresh code. App: mails the QR code and confirmation code. */
  async send(customerId: string, memberId: string, id: string): Promise<{ sent_to: string }> {
    const row = await this.row(customerId, memberId, id);
    const member = await this.members.row(customerId, memberId);
    if (row.type === 'mail' || row.type === 'sms') return this.sendCode(row, member);
    const { settings } = await this.settings.get(customerId);
    const tags = memberTags(member, settings.general.domain);
    if ((row.type === 'app' || row.type === 'app_biometry') && row.status === 'pending' && row.confirmationEnc) {
      if (!member.email) throw new AppError(422, 'memberHasNoEmail');
      const code = this.box.decrypt(row.confirmationEnc);
      const qr = await qrCodeImage(this.enrollmentUri(code), settings.general.language);
      await this.mail.enqueue('qr_code', {
        to: member.email,
        ...renderMemberMail(settings, 'send_qrcode', { ...tags, confirmation_code: code, qrcode_url: { image: qr } }),
      });
      return { sent_to: member.email };
    }
    throw new AppError(
      422,
      row.type === 'app' || row.type === 'app_biometry' ? 'appAlreadyActive' : 'credentialNotTestable',
    );
  }

  /**
   * Mail/SMS: sends a fresh code to the credential's target. The caller has found the row within
   * the member's customer (staff test, the login assistant's sign-in).
   */
  async sendCode(row: CredentialRow, member: MemberRow): Promise<{ sent_to: string }> {
    if (row.type !== 'mail' && row.type !== 'sms') throw new AppError(422, 'credentialNotTestable');
    const { settings } = await this.settings.get(member.customerId);
    const code = randomDigits(6);
    const target = row.target ?? '';
    const codeExpiresAt = new Date(this.now().getTime() + LOGIN_OTP_TTL_S * 1000);
    const store = () =>
      this.db
        .update(credentials)
        .set({ codeHash: this.box.hmac(code), codeExpiresAt, failedAttempts: 0 })
        .where(eq(credentials.id, row.id));
    if (row.type === 'mail') {
      const tags = memberTags(member, settings.general.domain);
      // The code and its mail in one statement: the mail goes once it commits (mail/queue.ts).
      await this.mail.enqueue(
        'member_code',
        { to: target, ...renderMemberMail(settings, 'send_otp', { ...tags, otp: code }) },
        { expiresAt: codeExpiresAt, alongside: store() },
      );
    } else {
      // The gateway answers at once whether it took the message: the code is kept only then.
      await sendSmsOtp(settings, await this.settings.smsApiToken(member.customerId), target, code);
      await store();
    }
    return { sent_to: target };
  }

  async test(customerId: string, memberId: string, id: string, value: string): Promise<CredentialTestResult> {
    const row = await this.row(customerId, memberId, id);
    const member = await this.members.row(customerId, memberId);
    return this.verify(row, member, value);
  }

  /**
   * Checks a value against a credential as a real sign-in does: a locked, inactive or blocked
   * member's credential refuses; wrong values count towards the lock (and spend a mailed code);
   * a right one is used once (TOTP step, HOTP counter, mail/SMS code). For staff tests and for
   * the sign-ins of members (login assistant, OIDC). The caller has found the row within the
   * member's customer.
   */
  async verify(
    row: CredentialRow,
    member: MemberRow,
    value: string,
    { challenge = null as string | null } = {},
  ): Promise<Verified> {
    const { id } = row;
    const memberId = member.id;
    // The customer's settings matter to a PIN's lock only: a password's sign-in does not read them.
    const pinMax =
      row.type === 'pin' ? (await this.settings.get(member.customerId)).settings.sca.pin_credential.max_attempts : 0;
    const maxAttempts = this.maxAttempts(row, pinMax);
    const refuse = (locked = row.locked): CredentialTestResult => ({ ok: false, locked, attempts_left: null });
    if (row.locked) return refuse(true);
    if (!row.isActive || member.blocked) return refuse();

    let ok = false;
    let proved: ProvedKind | undefined;
    const set: Partial<typeof credentials.$inferInsert> = {};
    switch (row.type) {
      case 'password':
      case 'pin':
        ok = await verifyPassword(row.secretHash ?? '', value);
        break;
      case 'totp': {
        // drift: steps a hardware token's clock is ahead (set by its resynchronisation).
        const p = row.params as { algorithm: Algorithm; digits: number; period: number; drift?: number };
        const step = totpMatchStep(this.box.decrypt(row.secretEnc ?? ''), p, value, this.now());
        // A step at or before the last accepted one is a replay.
        ok = step !== null && step > row.counter;
        if (ok && step !== null) Object.assign(set, { counter: step, isEnrolled: true });
        break;
      }
      case 'app':
      case 'app_biometry': {
        // The app's offline code (a TOTP of its own secret), where the device was bound.
        const p = row.params as { algorithm?: Algorithm; digits?: number; period?: number } | null;
        if (row.status !== 'active' || !row.secretEnc || !p?.algorithm || !p.digits || !p.period) break;
        const params = { algorithm: p.algorithm, digits: p.digits, period: p.period };
        const step = totpMatchStep(this.box.decrypt(row.secretEnc), params, value, this.now());
        ok = step !== null && step > row.counter;
        if (ok && step !== null) set.counter = step;
        break;
      }
      case 'hotp': {
        const p = row.params as { algorithm: Algorithm; digits: number; window: number };
        const matched = hotpMatchCounter(this.box.decrypt(row.secretEnc ?? ''), p, value, row.counter);
        ok = matched !== null;
        if (ok && matched !== null) Object.assign(set, { counter: matched + 1, isEnrolled: true });
        break;
      }
      case 'mail':
      case 'sms': {
        const live = row.codeHash && row.codeExpiresAt && row.codeExpiresAt > this.now();
        ok = Boolean(live && safeEqual(row.codeHash ?? '', this.box.hmac(value)));
        // Single use: a right code is spent, and so is one after too many wrong tries. A right
        // code also confirms the target (a member-started credential waits for it).
        if (ok) Object.assign(set, { codeHash: null, codeExpiresAt: null, isEnrolled: true });
        break;
      }
      case 'keypair':
      case 'smartcard': {
        // Only where a sign-in gave a challenge (a workstation's); a certificate past its end signs nothing.
        if (challenge === null) throw new AppError(422, 'credentialNotTestable');
        if (row.webauthnId) {
          // A security key answers the web's challenge (its scope) with an assertion.
          const assertion = assertionOf(value);
          if (!assertion || assertion.id !== row.webauthnId) return refuse();
          const group = await this.members.group(member.customerId, member.groupId);
          const checked = await this.webauthn.assert(row, assertion, challenge, userVerificationOf(group));
          if (!checked.ok && checked.cloned) {
            // The key exists twice: it signs nothing more until an operator unlocks it.
            await this.db.update(credentials).set({ clonedAt: this.now(), locked: true }).where(eq(credentials.id, id));
            return refuse(true);
          }
          ok = checked.ok;
          if (checked.ok) {
            Object.assign(set, { counter: checked.counter });
            proved = checked.synced ? 'keypair' : 'security_key';
          }
          break;
        }
        const smartcard = row.type === 'smartcard';
        const pem = (smartcard ? row.certificate : row.publicKey) ?? '';
        const current = !smartcard || (!!row.validTo && row.validTo > this.now());
        ok = current && verifiesChallenge(pem, smartcard, challenge, value);
        break;
      }
      default:
        throw new AppError(422, 'credentialNotTestable');
    }

    // A right password or PIN with no wrong tries to forget changes nothing: no write (a sign-in's
    // commonest case). The row was read unlocked just before.
    if (ok && row.failedAttempts === 0 && Object.keys(set).length === 0) {
      return { ok: true, locked: false, attempts_left: maxAttempts, proved };
    }
    if (ok) {
      // Compare-and-set on the counter so two concurrent uses of one code cannot both pass.
      const [won] = await this.db
        .update(credentials)
        .set({ ...set, failedAttempts: 0 })
        .where(
          and(
            eq(credentials.id, id),
            eq(credentials.counter, row.counter),
            row.codeHash ? eq(credentials.codeHash, row.codeHash) : undefined,
            sql`${credentials.locked} = false`,
          ),
        )
        .returning({ id: credentials.id });
      if (won) {
        // The member's credential state follows only a credential that became enrolled.
        if (set.isEnrolled && !row.isEnrolled) await this.syncMember(memberId);
        return { ok: true, locked: false, attempts_left: maxAttempts, proved };
      }
      return refuse();
    }
    const failed = row.failedAttempts + 1;
    const locked = maxAttempts !== null && failed >= maxAttempts;
    const spendCode = (row.type === 'mail' || row.type === 'sms') && failed >= LOGIN_OTP_MAX_TRIES;
    await this.db
      .update(credentials)
      .set({ failedAttempts: failed, locked, ...(spendCode ? { codeHash: null, codeExpiresAt: null } : {}) })
      .where(eq(credentials.id, id));
    return { ok: false, locked, attempts_left: maxAttempts === null ? null : Math.max(0, maxAttempts - failed) };
  }

  /** A security key's registration, checked; one the customer holds already is refused. */
  private async registerKey(member: MemberRow, registration: WebAuthnRegistration, group: GroupRow | null) {
    const key = await this.webauthn.register(enrollScope(member.id), registration, userVerificationOf(group));
    const [held] = await this.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(and(eq(credentials.customerId, member.customerId), eq(credentials.webauthnId, key.webauthnId)));
    if (held) throw new AppError(409, 'webauthnRegistered');
    return key;
  }

  /** Wrong tries before a credential locks: HOTP from its own frozen settings, PIN from the customer's, password as staff. */
  private maxAttempts(row: CredentialRow, pinMax: number): number | null {
    if (row.type === 'hotp') return Number((row.params as { max_attempts?: number }).max_attempts ?? 5);
    if (row.type === 'pin') return pinMax;
    if (row.type === 'password') return PASSWORD_CREDENTIAL_MAX_ATTEMPTS;
    return null;
  }

  private confirmation(code: string) {
    return { confirmationHash: this.box.hmac(code), confirmationEnc: this.box.encrypt(code) };
  }

  private enrollmentUri(code: string): string {
    return appEnrollUrl(this.publicUrl, code);
  }

  private async appEnrollment(code: string): Promise<Enrollment> {
    const uri = this.enrollmentUri(code);
    return { confirmation_code: code, enrollment_url: uri, qr_code: await (await qrCode()).toDataURL(uri) };
  }

  /**
   * Brings the member's credential kinds, Windows flag, enrolled and enrolled_at in step with its
   * credentials. `tallied`: the caller moves the member's tallies around the whole change.
   */
  async syncMember(memberId: string, tallied = false): Promise<void> {
    const rows = await this.db
      .select({ type: credentials.type, enrolled: credentials.isEnrolled, windows: credentials.windowsLogin })
      .from(credentials)
      .where(eq(credentials.memberId, memberId));
    await this.members.refreshCredentialState(
      memberId,
      {
        types: rows.map((r) => r.type as CredentialType),
        anyEnrolled: rows.some((r) => r.enrolled),
        windowsLogin: rows.some((r) => r.windows),
      },
      tallied,
    );
  }
}

export type { MemberRow };
