/**
 * What a signed-in assistant reads and changes for its member: the member's apps, profiles and
 * credentials, a credential's password for typing in, and, as the customer's la settings allow,
 * new credentials and new passwords. Every query is scoped by the session's customer and member.
 */
import type {
  AssistantMe,
  AssistantSecret,
  assistantCredentialInputSchema,
  assistantPasswordChangeSchema,
} from '@portiere/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditDetails, auditMemberActor, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laApps, laUsers, loginGroups, members } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LaUsersService } from '../laUsers/service.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { SettingsService } from '../settings/service.ts';
import { reachableApps } from './apps.ts';
import type { SessionRow } from './session.ts';

type Session = SessionRow & { memberId: string };
type CredentialInput = z.infer<typeof assistantCredentialInputSchema>;
type PasswordChange = z.infer<typeof assistantPasswordChangeSchema>;

const fullName = (m: MemberRow) => [m.firstName, m.lastName].filter(Boolean).join(' ');

export class AssistantService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: SettingsService,
    private readonly laUsers: LaUsersService,
  ) {}

  async me(session: Session): Promise<AssistantMe> {
    const member = await this.member(session);
    const la = await this.la(session.customerId);
    const [apps, creds, groups] = await Promise.all([
      reachableApps(this.db, session.customerId, member),
      this.db
        .select({ c: laUsers, group: { id: loginGroups.id, name: loginGroups.name } })
        .from(laUsers)
        .innerJoin(loginGroups, eq(loginGroups.id, laUsers.loginGroupId))
        .where(and(eq(laUsers.memberId, member.id), eq(laUsers.customerId, session.customerId)))
        .orderBy(asc(loginGroups.name)),
      this.db
        .select({ id: loginGroups.id, name: loginGroups.name })
        .from(loginGroups)
        .where(eq(loginGroups.customerId, session.customerId))
        .orderBy(asc(loginGroups.name)),
    ]);
    return {
      member: { id: member.id, username: member.username, full_name: fullName(member) },
      settings: la,
      apps: apps.map(({ app, credential, profile }) => {
        const requiresFlow = Boolean(profile?.flowId);
        return {
          id: app.id,
          name: app.name,
          kind: app.kind,
          target: app.target,
          profile: profile
            ? { id: profile.id, displayName: profile.displayName, steps: profile.steps, requires_flow: requiresFlow }
            : null,
          credential_id: credential.id,
          unlocked: !requiresFlow || session.unlockedApps.includes(app.id),
        };
      }),
      credentials: creds.map(({ c, group }) => ({
        id: c.id,
        loginGroup: group,
        username: c.username,
        autologon: la.autologon && c.autologon,
      })),
      login_groups: groups,
    };
  }

  /** The credential the assistant types into one app, once the app's flow (if any) was passed. */
  async secret(session: Session, appId: string): Promise<AssistantSecret> {
    const member = await this.member(session);
    const [app] = isUuid(appId)
      ? await this.db
          .select({ id: laApps.id, name: laApps.name })
          .from(laApps)
          .where(and(eq(laApps.id, appId), eq(laApps.customerId, session.customerId)))
      : [];
    if (!app) throw new AppError(404, 'laAppNotFound');
    auditDetails({ app_id: app.id, app: app.name });
    const [reached] = await reachableApps(this.db, session.customerId, member, app.id);
    if (!reached) throw notFound();
    if (reached.profile?.flowId && !session.unlockedApps.includes(app.id))
      throw new AppError(403, 'assistantStepUpRequired');
    const la = await this.la(session.customerId);
    auditDetails({ la_user_id: reached.credential.id });
    return {
      username: reached.credential.username,
      password: this.box.decrypt(reached.credential.passwordEnc),
      autologon: la.autologon && reached.credential.autologon,
    };
  }

  /** A credential of the member's own in a login group (la setting user_create_credential). */
  async createCredential(session: Session, input: CredentialInput) {
    const member = await this.member(session);
    const la = await this.la(session.customerId);
    if (!la.user_create_credential) throw new AppError(403, 'laSettingForbids');
    this.refuseSentPassword(input.password, la.force_password_generation);
    await this.laUsers.checkGroup(session.customerId, input.loginGroupId);
    const row = await this.laUsers.insert(session.customerId, {
      memberId: member.id,
      loginGroupId: input.loginGroupId,
      username: input.username,
      password: input.password,
    });
    auditTarget(row.id, input.username);
    auditDetails({ member_id: member.id, login_group_id: input.loginGroupId, generated: row.generated });
    return { id: row.id, password: row.generated ? row.password : null };
  }

  /** A new password for one of the member's own credentials (la setting user_change_password). */
  async changePassword(session: Session, id: string, input: PasswordChange) {
    const member = await this.member(session);
    const la = await this.la(session.customerId);
    if (!la.user_change_password) throw new AppError(403, 'laSettingForbids');
    const [current] = isUuid(id)
      ? await this.db
          .select({ id: laUsers.id, username: laUsers.username })
          .from(laUsers)
          .where(and(eq(laUsers.id, id), eq(laUsers.memberId, member.id), eq(laUsers.customerId, session.customerId)))
      : [];
    if (!current) throw notFound();
    this.refuseSentPassword(input.password, la.force_password_generation);
    const { password, generated } = await this.laUsers.setPassword(current.id, input.password);
    auditTarget(current.id, current.username);
    auditDetails({ member_id: member.id, generated });
    return { id: current.id, password: generated ? password : null };
  }

  /** With forced generation the server makes every password: a sent one is refused. */
  private refuseSentPassword(sent: string | undefined, forced: boolean): void {
    if (sent !== undefined && forced) throw new AppError(422, 'laPasswordGenerated');
  }

  /** The session's member, named as the actor and target of what the request records. */
  async actor(session: Session): Promise<MemberRow | null> {
    const [member] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.id, session.memberId), eq(members.customerId, session.customerId)));
    auditMemberActor(session.customerId, member?.id ?? null, member?.username ?? null);
    if (member) auditTarget(member.id, member.username);
    return member ?? null;
  }

  /** The session's member, who must not be blocked. */
  private async member(session: Session): Promise<MemberRow> {
    const member = await this.actor(session);
    // A member deleted since takes their sessions along (cascade); blocked ones lose them here.
    if (!member || member.blocked) throw new AppError(401, 'unauthenticated');
    return member;
  }

  private async la(customerId: string) {
    return (await this.settings.get(customerId)).settings.la;
  }
}
