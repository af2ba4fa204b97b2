/**
 * The smartphone app's side (contracts/device.ts): enrolment by confirmation code, which binds
 * the device's public key (and, for app with biometry, the phone's platform authenticator), and
 * the calls a bound device makes, each checked against its signature. Sign-in requests
 * themselves are the engine's (signIn/appApprovals.ts).
 */
import type {
  AppEnrollResult,
  DeviceApprovalAnswer,
  DeviceProof,
  DeviceState,
  WebAuthnOptions,
  WebAuthnRegistration,
} from '@portiere/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { auditAction, auditMemberActor, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { credentials, customers, members } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { AppApprovals } from '../../signIn/appApprovals.ts';
import type { CredentialRow } from '../credentials/mapper.ts';
import { type Algorithm, newSecret } from '../credentials/otp.ts';
import type { CredentialsService } from '../credentials/service.ts';
import type { GroupRow } from '../members/allowed-kinds.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { MembersService } from '../members/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { devicePublicKeyPem, proofHolds } from './proof.ts';

const APP_KINDS = ['app', 'app_biometry'] as const;
type Biometry = DeviceState['biometry'];

/** App with biometry asks for the phone's authenticator where the member's group asks for biometry. */
const biometryOf = (row: CredentialRow, group: GroupRow | null): Biometry =>
  row.type === 'app_biometry' && group ? group.appCredentialBiometry : 'none';

const enrollScope = (credentialId: string) => `app:${credentialId}`;
const approvalScope = (approvalId: string) => `approval:${approvalId}`;
/** What a call signed: its method, its path as the server saw it, the rest of its body. */
export type SignedCall = { method: string; path: string; payload: object };

export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly credentials: CredentialsService,
    private readonly members: MembersService,
    private readonly settings: SettingsService,
    private readonly approvals: AppApprovals,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The pending app credential a confirmation code names; 404 otherwise. */
  private async pendingByCode(code: string): Promise<{ row: CredentialRow; member: MemberRow; biometry: Biometry }> {
    const [row] = await this.db
      .select()
      .from(credentials)
      .where(
        and(
          eq(credentials.confirmationHash, this.box.hmac(code)),
          eq(credentials.status, 'pending'),
          inArray(credentials.type, [...APP_KINDS]),
        ),
      );
    if (!row) throw notFound();
    const member = await this.members.row(row.customerId, row.memberId);
    return { row, member, biometry: biometryOf(row, await this.members.group(member.customerId, member.groupId)) };
  }

  /** Registration options for the phone's authenticator, where the credential needs one; 422 deviceBiometryNotNeeded otherwise. */
  async enrollOptions(code: string): Promise<WebAuthnOptions> {
    const { row, member, biometry } = await this.pendingByCode(code);
    if (biometry === 'none') throw new AppError(422, 'deviceBiometryNotNeeded');
    const name = member.username;
    const display = [member.firstName, member.lastName].filter(Boolean).join(' ') || name;
    const options = await this.credentials.webauthn.creationOptions(
      enrollScope(row.id),
      { id: row.id, name, displayName: display },
      [],
      'required',
      'platform',
    );
    return { options: { ...options } };
  }

  /**
   * Binds the device: its public key, the phone's authenticator where biometry is asked (strong:
   * one that is not a synced passkey), and a fresh TOTP secret for the app's offline codes,
   * given here once.
   */
  async enroll(input: {
    confirmation_code: string;
    deviceModel: string;
    public_key: string;
    webauthn?: WebAuthnRegistration | undefined;
  }): Promise<AppEnrollResult> {
    const publicKey = devicePublicKeyPem(input.public_key);
    const { row, member, biometry } = await this.pendingByCode(input.confirmation_code);
    auditMemberActor(member.customerId, member.id, member.username);
    auditTarget(row.id, row.description || row.type);
    let key: Partial<typeof credentials.$inferInsert> = {};
    if (biometry !== 'none') {
      if (!input.webauthn) throw new AppError(422, 'deviceBiometryRequired');
      const registered = await this.credentials.webauthn.register(enrollScope(row.id), input.webauthn, 'required');
      if (biometry === 'strong' && registered.params.synced) throw new AppError(422, 'webauthnRefused');
      // The counter column keeps the offline codes' last step: the key's own count goes in params.
      const { counter, params, ...rest } = registered;
      key = { ...rest, params: { ...params, sign_count: counter } };
    }
    const t = (await this.settings.get(member.customerId)).settings.sca.totp_credential;
    const totp = { algorithm: t.algorithm as Algorithm, digits: t.length, period: t.time_step };
    const secret = newSecret(totp.algorithm);
    const [updated] = await this.db
      .update(credentials)
      .set({
        ...key,
        params: { ...(key.params ?? {}), ...totp },
        counter: 0,
        status: 'active',
        isEnrolled: true,
        deviceModel: input.deviceModel,
        publicKey,
        secretEnc: this.box.encrypt(secret),
        confirmationHash: null,
        confirmationEnc: null,
      })
      .where(and(eq(credentials.id, row.id), eq(credentials.status, 'pending')))
      .returning();
    if (!updated) throw notFound();
    await this.credentials.syncMember(member.id);
    return { ...(await this.state(updated, member)), status: 'active', totp: { ...totp, secret } };
  }

  /** The bound app credential that signed this call; 404 deviceNotFound for anything else (reset, deleted, forged, stale). */
  async authenticate(proof: DeviceProof, call: SignedCall): Promise<{ row: CredentialRow; member: MemberRow }> {
    const refused = () => new AppError(404, 'deviceNotFound');
    if (!isUuid(proof.id)) throw refused();
    const [row] = await this.db
      .select()
      .from(credentials)
      .where(
        and(
          eq(credentials.id, proof.id),
          inArray(credentials.type, [...APP_KINDS]),
          eq(credentials.status, 'active'),
          isNotNull(credentials.publicKey),
        ),
      );
    if (!row?.publicKey || !proofHolds(row.publicKey, proof, call, this.now())) throw refused();
    const [member] = await this.db.select().from(members).where(eq(members.id, row.memberId));
    if (!member) throw refused();
    return { row, member };
  }

  /** How approvals of this credential are confirmed on the phone (its member's group's setting). */
  private async biometry(row: CredentialRow, member: MemberRow): Promise<Biometry> {
    return biometryOf(row, await this.members.group(member.customerId, member.groupId));
  }

  /** The account as the app shows it. */
  async state(row: CredentialRow, member: MemberRow): Promise<DeviceState> {
    const [customer] = await this.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, member.customerId));
    const { settings } = await this.settings.get(member.customerId);
    return {
      id: row.id,
      kind: row.type as DeviceState['kind'],
      username: member.username,
      customer_id: member.customerId,
      customer_name: customer?.name ?? '',
      language: settings.general.language,
      biometry: await this.biometry(row, member),
    };
  }

  /** The phone authenticator's challenge for approving one request (biometry). */
  async approvalOptions(row: CredentialRow, member: MemberRow, approvalId: string): Promise<WebAuthnOptions> {
    const approval = await this.approvals.open(row.id, approvalId);
    if ((await this.biometry(row, member)) === 'none') throw new AppError(422, 'deviceBiometryNotNeeded');
    const options = await this.credentials.webauthn.requestOptions(approvalScope(approval.id), [row], 'required');
    return { options: { ...options } };
  }

  /**
   * Approves (with the number picked, and the phone's authenticator where biometry is asked) or
   * denies a request. A wrong number is an answer too: the sign-in ends.
   */
  async answer(row: CredentialRow, member: MemberRow, approvalId: string, input: Omit<DeviceApprovalAnswer, 'device'>) {
    auditMemberActor(member.customerId, member.id, member.username);
    auditTarget(row.id, row.description || row.type);
    if (input.approve && input.number === undefined) throw new AppError(422, 'deviceNumberRequired');
    const approval = await this.approvals.open(row.id, approvalId);
    if (input.approve) {
      const biometry = await this.biometry(row, member);
      if (biometry !== 'none') {
        if (!input.webauthn) throw new AppError(422, 'deviceBiometryRequired');
        const counted = { ...row, counter: Number(row.params?.sign_count ?? 0) };
        const checked = await this.credentials.webauthn.assert(
          counted,
          input.webauthn,
          approvalScope(approval.id),
          'required',
        );
        if (!checked.ok || (biometry === 'strong' && checked.synced)) throw new AppError(422, 'webauthnRefused');
        await this.db
          .update(credentials)
          .set({ params: { ...row.params, sign_count: checked.counter } })
          .where(eq(credentials.id, row.id));
      }
    }
    const outcome = await this.approvals.answer(approval, {
      approve: input.approve,
      number: input.number,
      notMe: input.not_me,
    });
    auditAction(
      outcome === 'reported_by_member' ? 'device.report' : outcome === 'approved' ? 'device.approve' : 'device.deny',
    );
  }
}
