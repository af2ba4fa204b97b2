/**
 * Members' login-assistant credentials (spec 3): one per member and login group. The password
 * is sealed with the SecretBox (the assistant must type it) and never answered. The customer's
 * la settings are enforced here: generated passwords, autologon. Keeps
 * login_groups.credentials_count in the same transaction.
 */
import {
  fieldError,
  type ItemsList,
  type LaUser,
  type LaUserInput,
  type LaUserListQuery,
  type LaUserPatch,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AuditTarget, auditChange, auditEach } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laUsers, loginGroups, members } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { idFilter, isUuid } from '../../lib/ids.ts';
import { generateLaPassword } from '../../lib/la-password.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { memberSearched } from '../../lib/list-filters.ts';
import { paging } from '../../lib/paging.ts';
import type { SettingsService } from '../settings/service.ts';

type LaUserRow = typeof laUsers.$inferSelect;

const taken = () => new AppError(409, 'laUserExists');
const fullName = sql<string>`trim(${members.firstName} || ' ' || ${members.lastName})`;

/**
 * Two events per change: one on the credential and one on its member, so that the member's
 * Activity tab (events whose target is the member) shows it too.
 */
function auditBoth(row: LaUserRow, member: LaUser['member']): void {
  const targets: AuditTarget[] = [
    { id: row.id, name: row.username },
    { id: member.id, name: member.username, targetType: 'member', details: { la_user_id: row.id } },
  ];
  auditEach(targets);
}

export class LaUsersService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: SettingsService,
  ) {}

  private select(where: SQL | undefined) {
    return this.db
      .select({
        u: laUsers,
        member: { id: members.id, username: members.username, full_name: fullName },
        group: { id: loginGroups.id, name: loginGroups.name },
      })
      .from(laUsers)
      .innerJoin(members, eq(members.id, laUsers.memberId))
      .innerJoin(loginGroups, eq(loginGroups.id, laUsers.loginGroupId))
      .where(where);
  }

  private toLaUser(r: { u: LaUserRow; member: LaUser['member']; group: { id: string; name: string } }): LaUser {
    return {
      id: r.u.id,
      member: r.member,
      loginGroup: r.group,
      username: r.u.username,
      password_generated: r.u.passwordGenerated,
      password_changed_at: r.u.passwordChangedAt.toISOString(),
      autologon: r.u.autologon,
      created_at: r.u.createdAt.toISOString(),
    };
  }

  async list(customerId: string, q: Partial<LaUserListQuery>): Promise<ItemsList<LaUser>> {
    const { size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(laUsers.customerId, customerId)];
    const search = q.search?.trim();
    if (search) {
      parts.push(or(memberSearched(search), ilike(laUsers.username, likeOf(search))));
    }
    parts.push(idFilter(laUsers.memberId, q.member_id), idFilter(laUsers.loginGroupId, q.login_group_id));
    if (q.autologon) parts.push(eq(laUsers.autologon, q.autologon === 'true'));
    const where = and(...parts);
    const rows = await this.select(where).orderBy(asc(laUsers.createdAt), asc(laUsers.id)).limit(size).offset(offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(laUsers)
      .innerJoin(members, eq(members.id, laUsers.memberId))
      .where(where);
    return { count: total?.n ?? 0, items: rows.map((r) => this.toLaUser(r)) };
  }

  async get(customerId: string, id: string): Promise<LaUser> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(laUsers.id, id), eq(laUsers.customerId, customerId)));
    if (!r) throw notFound();
    return this.toLaUser(r);
  }

  private async checkMember(customerId: string, memberId: string) {
    const found = isUuid(memberId)
      ? await this.db
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.id, memberId), eq(members.customerId, customerId)))
      : [];
    if (!found.length) throw validationError({ memberId: fieldError('invalid') });
  }

  /** 400 on loginGroupId unless the group is the customer's. */
  async checkGroup(customerId: string, groupId: string) {
    const found = isUuid(groupId)
      ? await this.db
          .select({ id: loginGroups.id })
          .from(loginGroups)
          .where(and(eq(loginGroups.id, groupId), eq(loginGroups.customerId, customerId)))
      : [];
    if (!found.length) {
      throw new AppError(400, 'loginGroupNotFound', undefined, { loginGroupId: fieldError('invalid') });
    }
  }

  private async laSettings(customerId: string) {
    return (await this.settings.get(customerId)).settings.la;
  }

  private bumpCredentials(groupId: string, by: number) {
    return this.db
      .update(loginGroups)
      .set({ credentialsCount: sql`${loginGroups.credentialsCount} + ${by}` })
      .where(eq(loginGroups.id, groupId));
  }

  private async row(customerId: string, id: string) {
    return customerRow(this.db, laUsers, customerId, id);
  }

  /**
   * Stores a credential with its password (generated when none is sent) and moves its login
   * group's counter, in the caller's transaction. Callers check the la settings and references;
   * the operator API (create) and the assistant (a member's own credential) both store through it.
   */
  async insert(
    customerId: string,
    input: { memberId: string; loginGroupId: string; username: string; password?: string; autologon?: boolean },
  ) {
    const password = input.password ?? generateLaPassword();
    const [row] = await orConflict(
      () =>
        this.db
          .insert(laUsers)
          .values({
            customerId,
            memberId: input.memberId,
            loginGroupId: input.loginGroupId,
            username: input.username,
            passwordEnc: this.box.encrypt(password),
            passwordGenerated: input.password === undefined,
            autologon: input.autologon ?? false,
          })
          .returning(),
      taken,
    );
    if (!row) throw new Error('insert failed');
    await this.bumpCredentials(input.loginGroupId, 1);
    return { ...row, password, generated: input.password === undefined };
  }

  /** Replaces a credential's password (generated when none is sent); answers what was stored. */
  async setPassword(id: string, sent: string | undefined) {
    const password = sent ?? generateLaPassword();
    await this.db
      .update(laUsers)
      .set({
        passwordEnc: this.box.encrypt(password),
        passwordGenerated: sent === undefined,
        passwordChangedAt: new Date(),
      })
      .where(eq(laUsers.id, id));
    return { password, generated: sent === undefined };
  }

  async create(customerId: string, input: LaUserInput): Promise<LaUser> {
    const la = await this.laSettings(customerId);
    if (la.force_password_generation && input.password !== undefined) {
      throw new AppError(422, 'laPasswordGenerated', undefined, { password: fieldError('invalid') });
    }
    if (!la.force_password_generation && input.password === undefined) {
      throw validationError({ password: fieldError('required') });
    }
    if (input.autologon && !la.autologon) throw new AppError(422, 'laAutologonDisabled');
    await this.checkMember(customerId, input.memberId);
    await this.checkGroup(customerId, input.loginGroupId);
    const row = await this.insert(customerId, input);
    const created = await this.get(customerId, row.id);
    auditBoth(row, created.member);
    return created;
  }

  async update(customerId: string, id: string, patch: LaUserPatch): Promise<LaUser> {
    const row = await this.row(customerId, id);
    const before = await this.get(customerId, id);
    const la = await this.laSettings(customerId);
    if (patch.password !== undefined && (la.force_password_generation || patch.generatePassword)) {
      // Forced generation refuses a sent password; sending both asks for two different things.
      if (la.force_password_generation) {
        throw new AppError(422, 'laPasswordGenerated', undefined, { password: fieldError('invalid') });
      }
      throw validationError({ password: fieldError('invalid') });
    }
    if (patch.autologon === true && !row.autologon && !la.autologon) throw new AppError(422, 'laAutologonDisabled');
    if (patch.loginGroupId !== undefined) await this.checkGroup(customerId, patch.loginGroupId);
    const set: Partial<typeof laUsers.$inferInsert> = {};
    if (patch.loginGroupId !== undefined) set.loginGroupId = patch.loginGroupId;
    if (patch.username !== undefined) set.username = patch.username;
    if (patch.autologon !== undefined) set.autologon = patch.autologon;
    const newPassword = patch.generatePassword ? generateLaPassword() : patch.password;
    if (newPassword !== undefined) {
      set.passwordEnc = this.box.encrypt(newPassword);
      set.passwordGenerated = patch.generatePassword === true;
      set.passwordChangedAt = new Date();
    }
    if (Object.keys(set).length) {
      await orConflict(() => this.db.update(laUsers).set(set).where(eq(laUsers.id, id)), taken);
    }
    if (patch.loginGroupId !== undefined && patch.loginGroupId !== row.loginGroupId) {
      await this.bumpCredentials(row.loginGroupId, -1);
      await this.bumpCredentials(patch.loginGroupId, 1);
    }
    const after = await this.get(customerId, id);
    auditBoth(row, after.member);
    auditChange(before, after);
    return after;
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    const current = await this.get(customerId, id);
    auditBoth(row, current.member);
    await this.db.delete(laUsers).where(eq(laUsers.id, id));
    await this.bumpCredentials(row.loginGroupId, -1);
  }
}
