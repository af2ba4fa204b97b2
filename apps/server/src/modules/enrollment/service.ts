/**
 * The members' enrolment portal (issue 15): what a member may do with the link of their
 * enrolment mail. The link token is the only authentication (link.ts); every credential is set
 * up through the credentials service, so the portal, the console and sign-ins share one
 * implementation of each kind. Everything stays within the member's customer.
 */
import {
  type CredentialCreate,
  type CustomerSettings,
  type EnrollConfirmResult,
  type EnrollCredential,
  type EnrollCredentialStarted,
  type EnrollmentCredential,
  type EnrollmentSession,
  LOGIN_OTP_RESEND_S,
  LOGIN_OTP_TTL_S,
  PASSWORD_MIN_LENGTH,
  type WebAuthnOptions,
} from '@portiere/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { auditDetails, auditMemberActor, auditTarget } from '../../audit/context.ts';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Db } from '../../db/client.ts';
import { credentials, enrollmentLinks } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { CredentialsService } from '../credentials/service.ts';
import { enrollScope, userVerificationOf } from '../credentials/webauthn.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { MembersService } from '../members/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { CONFIRMED_BY_CODE, enrollableKinds } from './kinds.ts';
import { type LinkRow, linkRefused, openLink } from './link.ts';
import { enrollmentCredential, maskTarget } from './view.ts';

export class EnrollmentService {
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly members: MembersService,
    private readonly credentials: CredentialsService,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The open link of a token and its member, or 410; audited calls act as that member. */
  private async open(token: string): Promise<{ link: LinkRow; member: MemberRow }> {
    const opened = await openLink(this.db, this.keys, token, this.now());
    const { member } = opened;
    auditMemberActor(member.customerId, member.id, member.username);
    auditTarget(member.id, member.username);
    return opened;
  }

  async session(token: string): Promise<EnrollmentSession> {
    const { link, member } = await this.open(token);
    const { settings } = await this.settings.get(member.customerId);
    const { sca } = settings;
    const held = await this.credentials.list(member.customerId, member.id);
    return {
      member: { first_name: member.firstName, username: member.username },
      customer_id: member.customerId,
      language: settings.general.language,
      allowed: await this.allowed(member, settings),
      credentials: held.map(enrollmentCredential),
      policy: {
        password_min_length: PASSWORD_MIN_LENGTH,
        pin_min_length: sca.pin_credential.min_length,
        pin_max_length: sca.pin_credential.max_length,
        totp_length: sca.totp_credential.length,
        hotp_length: sca.hotp_credential.length,
      },
      expires_at: link.expiresAt.toISOString(),
    };
  }

  /** Starts one credential: created by the credentials service, then (mail/SMS) a code sent to confirm. */
  async start(token: string, input: EnrollCredential): Promise<EnrollCredentialStarted> {
    const { member } = await this.open(token);
    auditDetails({ type: input.type });
    if (!(await this.allowed(member)).includes(input.type)) throw new AppError(403, 'enrollmentKindNotAllowed');
    const create: CredentialCreate = {
      type: input.type,
      description: input.description ?? '',
      is_web: true,
      is_api: false,
      windows_login: false,
      value: input.value,
      public_key: input.public_key,
      certificate: input.certificate,
    };
    const { credential, enrollment } = await this.credentials.create(member.customerId, member.id, create, {
      target: input.target,
      webauthn: input.type === 'keypair' ? input.webauthn : undefined,
    });
    auditDetails({ credential_id: credential.id });
    const started: EnrollCredentialStarted = { credential: enrollmentCredential(credential) };
    if (enrollment?.otpauth_uri) started.otpauth_uri = enrollment.otpauth_uri;
    if (enrollment?.secret) started.secret = enrollment.secret;
    if (enrollment?.confirmation_code) started.confirmation_code = enrollment.confirmation_code;
    if (enrollment?.enrollment_url) started.enrollment_url = enrollment.enrollment_url;
    if (enrollment?.qr_code) started.qr_code = enrollment.qr_code;
    if (credential.type === 'mail' || credential.type === 'sms') {
      // A gateway or mail server that refuses rolls the credential back with the request.
      const row = await this.credentials.row(member.customerId, member.id, credential.id);
      const { sent_to } = await this.credentials.sendCode(row, member);
      started.sent_to = maskTarget(credential.type, sent_to) ?? '';
    }
    return started;
  }

  /** The options to register a security key or passkey in the member's browser. */
  async webauthnOptions(token: string): Promise<WebAuthnOptions> {
    const { member } = await this.open(token);
    if (!(await this.allowed(member)).includes('keypair')) throw new AppError(403, 'enrollmentKindNotAllowed');
    const group = await this.members.group(member.customerId, member.groupId);
    const held = await this.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.memberId, member.id), eq(credentials.customerId, member.customerId)));
    const user = {
      id: member.id,
      name: member.username,
      displayName: [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username,
    };
    const options = await this.credentials.webauthn.creationOptions(
      enrollScope(member.id),
      user,
      held,
      userVerificationOf(group),
    );
    return { options: { ...options } };
  }

  /** A new mail/SMS code for a credential waiting for one; within a minute of the last, that one stays. */
  async send(token: string, id: string): Promise<EnrollCredentialStarted> {
    const { member } = await this.open(token);
    const row = await this.waitingForCode(member, id);
    if (row.type !== 'mail' && row.type !== 'sms') throw new AppError(422, 'credentialNotTestable');
    const sentAt = row.codeExpiresAt ? row.codeExpiresAt.getTime() - LOGIN_OTP_TTL_S * 1000 : 0;
    if (this.now().getTime() - sentAt >= LOGIN_OTP_RESEND_S * 1000) await this.credentials.sendCode(row, member);
    return { credential: enrollmentCredential(row), sent_to: maskTarget(row.type, row.target) ?? '' };
  }

  /** One code confirms a TOTP, HOTP, mail or SMS credential; wrong ones count towards its lock. */
  async confirm(token: string, id: string, value: string): Promise<EnrollConfirmResult> {
    const { member } = await this.open(token);
    const row = await this.waitingForCode(member, id);
    const result = await this.credentials.verify(row, member, value);
    const after = await this.credentials.row(member.customerId, member.id, id);
    return { ...result, credential: enrollmentCredential(after) };
  }

  /** A credential's state (the page polls it while an app enrols on its device). */
  async credential(token: string, id: string): Promise<EnrollmentCredential> {
    const { member } = await this.open(token);
    return enrollmentCredential(await this.credentials.row(member.customerId, member.id, id));
  }

  /** Drops a credential that is not confirmed yet (started and abandoned); a confirmed one stays. */
  async drop(token: string, id: string): Promise<void> {
    const { member } = await this.open(token);
    const row = await this.credentials.row(member.customerId, member.id, id);
    if (row.isEnrolled) throw forbidden();
    await this.credentials.remove(member.customerId, member.id, id);
  }

  /** Needs one enrolled credential; spends every open link of the member and answers where to go. */
  async complete(token: string): Promise<{ redirect_url: string | null }> {
    const { link, member } = await this.open(token);
    const enrolled = await this.db
      .select({ type: credentials.type })
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          eq(credentials.customerId, member.customerId),
          eq(credentials.isEnrolled, true),
        ),
      );
    if (!enrolled.length) throw new AppError(422, 'enrollmentNothingEnrolled');
    const spent = await this.db
      .update(enrollmentLinks)
      .set({ completedAt: this.now() })
      .where(and(eq(enrollmentLinks.memberId, member.id), isNull(enrollmentLinks.completedAt)))
      .returning({ jti: enrollmentLinks.jti });
    // Another request completed through this link meanwhile.
    if (!spent.some((s) => s.jti === link.jti)) throw linkRefused('enrollmentLinkUsed');
    await this.credentials.syncMember(member.id);
    auditDetails({ credential_types: [...new Set(enrolled.map((c) => c.type))].sort() });
    const { settings } = await this.settings.get(member.customerId);
    return { redirect_url: settings.sca.callback_url_successful_enroll || null };
  }

  private async allowed(member: MemberRow, known?: CustomerSettings) {
    const settings = known ?? (await this.settings.get(member.customerId)).settings;
    return enrollableKinds(settings.enroller, await this.members.group(member.customerId, member.groupId));
  }

  /** One of the member's credentials that a code confirms and that is not confirmed yet. */
  private async waitingForCode(member: MemberRow, id: string) {
    const row = await this.credentials.row(member.customerId, member.id, id);
    auditDetails({ type: row.type, credential_id: row.id });
    if (!CONFIRMED_BY_CODE.includes(row.type) || row.isEnrolled) throw new AppError(422, 'credentialNotTestable');
    return row;
  }
}
