/** Members of one customer: list, CRUD, block/unblock, bulk actions, enrolment mails. */
import {
  type CredentialType,
  type CustomerSettings,
  cmsIssues,
  ENROLLMENT_LINK_HOURS,
  type FieldError,
  fieldError,
  type MemberCountQuery,
  type MemberDetail,
  type MemberInput,
  type MemberListQuery,
  memberFieldErrors,
} from '@portiere/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { auditChange, auditEach, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { configurations, credentialKindMask, members } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { builtInMails, renderMemberMail } from '../../mail/member-mail.ts';
import type { MailQueue } from '../../mail/queue.ts';
import { endMemberSessions } from '../../signIn/endSessions.ts';
import { releaseMembersLaCredentials } from '../laUsers/counters.ts';
import type { SettingsService } from '../settings/service.ts';
import { allowedKinds, type GroupRow } from './allowed-kinds.ts';
import { listMembers } from './list.ts';
import { memberFilters } from './list-query.ts';
import { memberTags } from './mail-tags.ts';
import { type MemberRow, toMember } from './mapper.ts';
import { countMembers } from './seek.ts';
import { aroundTallies, joinTallies, leaveTallies, lockTallies } from './tallies.ts';

export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly mail: MailQueue,
    /** Records a new enrolment link and answers its token: enrollment/link.ts's, handed in by services.ts. */
    private readonly issueEnrollmentLink: (
      customerId: string,
      memberId: string,
      at: Date,
    ) => Promise<{ token: string }>,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of members; a search matching many answers an estimated count, marked as such. */
  list(customerId: string, q: MemberListQuery) {
    return listMembers(this.db, customerId, q, true);
  }

  /** The exact count of the members the list's filters keep (after a page with an estimated one). */
  async count(customerId: string, q: MemberCountQuery): Promise<{ count: number }> {
    return { count: await countMembers(this.db, customerId, memberFilters(q)) };
  }

  /** The member row, only within the customer; anything else is 404. */
  row(customerId: string, id: string): Promise<MemberRow> {
    return customerRow(this.db, members, customerId, id);
  }

  async group(customerId: string, groupId: string | null): Promise<GroupRow | null> {
    if (!groupId) return null;
    if (!isUuid(groupId)) throw new AppError(400, 'groupNotFound', undefined, groupError());
    const [g] = await this.db
      .select()
      .from(configurations)
      .where(and(eq(configurations.id, groupId), eq(configurations.customerId, customerId)));
    if (!g) throw new AppError(400, 'groupNotFound', undefined, groupError());
    return g;
  }

  async get(customerId: string, id: string): Promise<MemberDetail> {
    const row = await this.row(customerId, id);
    return detail(row, await this.group(customerId, row.groupId), await this.cms(customerId));
  }

  private async cms(customerId: string) {
    return (await this.settings.get(customerId)).settings.cms;
  }

  async create(customerId: string, input: MemberInput, provisioned?: Provisioned): Promise<MemberDetail> {
    assertValid(memberFieldErrors(input));
    const group = await this.group(customerId, input.group_id);
    // The unique index on (customer_id, lower(username)) decides, also between racing requests.
    const [row] = await orConflict(
      () =>
        this.db
          .insert(members)
          .values({
            customerId,
            ...toColumns(input),
            username: input.username.trim(),
            ...(provisioned ? provisionedColumns(provisioned, this.now()) : {}),
          })
          .returning(),
      memberConflict,
    );
    if (!row) throw new Error('insert failed');
    await lockTallies(this.db, customerId, 1);
    await joinTallies(this.db, customerId, [row.id]);
    return detail(row, group, await this.cms(customerId));
  }

  async update(
    customerId: string,
    id: string,
    patch: Partial<MemberInput>,
    provisioned?: Provisioned,
  ): Promise<MemberDetail> {
    const current = await this.row(customerId, id);
    assertValid(memberFieldErrors(patch));
    const values = {
      ...toColumns(patch),
      ...(provisioned ? provisionedColumns(provisioned, current.scimManagedAt ?? this.now()) : {}),
    };
    const group = await this.group(customerId, current.groupId);
    const cms = await this.cms(customerId);
    const before = detail(current, group, cms);
    if (!Object.keys(values).length) return before;
    const newGroup = patch.group_id !== undefined ? await this.group(customerId, patch.group_id) : group;
    const write = () =>
      orConflict(() => this.db.update(members).set(values).where(eq(members.id, id)).returning(), memberConflict);
    // The group is a counted class, the names are list orderings: their tallies move with them.
    const tallied = TALLIED_FIELDS.some((f) => values[f] !== undefined && values[f] !== current[f]);
    const [row] = tallied ? await aroundTallies(this.db, customerId, [id], write) : await write();
    if (!row) throw new Error('update failed');
    const after = detail(row, newGroup, cms);
    auditChange(before, after);
    return after;
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    auditTarget(row.id, row.username);
    await releaseMembersLaCredentials(this.db, customerId, [id]);
    await this.deleteMembers(customerId, and(eq(members.id, id), eq(members.customerId, customerId)), [id]);
  }

  /** Deletes the members `ids` (as far as `scope` holds them), their tallies leaving first. */
  private async deleteMembers(customerId: string, scope: SQL | undefined, ids: string[]) {
    await endMemberSessions(this.db, customerId, ids, this.now());
    await lockTallies(this.db, customerId);
    await leaveTallies(this.db, customerId, ids);
    const gone = await this.db.delete(members).where(scope).returning({ id: members.id, username: members.username });
    await lockTallies(this.db, customerId, -gone.length);
    return gone;
  }

  async setBlocked(customerId: string, id: string, blocked: boolean, by: string): Promise<MemberDetail> {
    await this.row(customerId, id);
    await aroundTallies(this.db, customerId, [id], () =>
      this.db
        .update(members)
        .set(
          blocked ? { blocked, blockedBy: by, blockedAt: this.now() } : { blocked, blockedBy: null, blockedAt: null },
        )
        .where(eq(members.id, id)),
    );
    if (blocked) await endMemberSessions(this.db, customerId, [id], this.now());
    return this.get(customerId, id);
  }

  /** Bulk actions touch only ids of this customer; others count as skipped. */
  async bulk(
    customerId: string,
    action: 'block' | 'unblock' | 'delete' | 'send_enrollment',
    ids: string[],
    by: string,
  ) {
    const valid = ids.filter((i) => isUuid(i));
    const scope = and(
      eq(members.customerId, customerId),
      inArray(members.id, valid.length ? valid : ['00000000-0000-0000-0000-000000000000']),
    );
    const picked = { id: members.id, username: members.username };
    let acted: { id: string; username: string }[] = [];
    if (action === 'delete') {
      await releaseMembersLaCredentials(this.db, customerId, valid);
      acted = await this.deleteMembers(customerId, scope, valid);
    } else if (action === 'block' || action === 'unblock') {
      const set =
        action === 'block'
          ? { blocked: true, blockedBy: by, blockedAt: this.now() }
          : { blocked: false, blockedBy: null, blockedAt: null };
      acted = await aroundTallies(this.db, customerId, valid, () =>
        this.db.update(members).set(set).where(scope).returning(picked),
      );
      if (action === 'block')
        await endMemberSessions(
          this.db,
          customerId,
          acted.map((m) => m.id),
          this.now(),
        );
    } else {
      const rows = await this.db.select().from(members).where(scope);
      for (const row of rows) {
        if (!row.email) continue;
        await this.sendEnrollment(customerId, row);
        acted.push(row);
      }
    }
    const done = acted.length;
    // One event per member acted on; those skipped changed nothing.
    auditEach(
      acted.map((m) => ({
        id: m.id,
        name: m.username,
        action: `member.${action}` as const,
        details: { bulk: action },
      })),
    );
    return { done, skipped: ids.length - done };
  }

  async sendEnrollmentMail(customerId: string, id: string): Promise<{ sent_to: string }> {
    const row = await this.row(customerId, id);
    auditTarget(row.id, row.username);
    if (!row.email) throw new AppError(422, 'memberHasNoEmail');
    await this.sendEnrollment(customerId, row);
    return { sent_to: row.email };
  }

  private async sendEnrollment(customerId: string, row: MemberRow): Promise<void> {
    const { settings } = await this.settings.get(customerId);
    // The link and its mail in the request's transaction: the mail goes once it commits.
    const issuedAt = this.now();
    const { token } = await this.issueEnrollmentLink(customerId, row.id, issuedAt);
    const mail = renderMemberMail(settings, 'send_enrollment_link', {
      ...memberTags(row, settings.general.domain),
      enrollment_link: { link: `${this.publicUrl}/enroll/${token}` },
      duration: builtInMails(settings.general.language).hours(ENROLLMENT_LINK_HOURS),
    });
    await this.mail.enqueue(
      'enrollment_link',
      { to: row.email, ...mail },
      { expiresAt: new Date(issuedAt.getTime() + ENROLLMENT_LINK_HOURS * 3_600_000) },
    );
  }

  /**
   * Keeps members.credential_types (and its bit set), the Windows flag and the enrolment state in
   * step with the credentials. `tallied`: the caller already moves the member's tallies around
   * this change (it changed credentials' counted columns too); else they move here if needed.
   */
  async refreshCredentialState(
    memberId: string,
    held: { types: CredentialType[]; anyEnrolled: boolean; windowsLogin: boolean },
    tallied = false,
  ): Promise<void> {
    const [row] = await this.db.select().from(members).where(eq(members.id, memberId));
    if (!row) return;
    const types = [...new Set(held.types)].sort();
    const next = {
      credentialTypes: types,
      credentialKinds: credentialKindMask(types),
      windowsLogin: held.windowsLogin,
      enrolled: held.anyEnrolled,
      enrolledAt: held.anyEnrolled ? (row.enrolledAt ?? this.now()) : null,
    };
    // Kinds, Windows flag and enrolment are counted classes, enrolled_at an ordering.
    const moved =
      next.credentialKinds !== row.credentialKinds ||
      next.windowsLogin !== row.windowsLogin ||
      next.enrolled !== row.enrolled ||
      next.enrolledAt?.getTime() !== row.enrolledAt?.getTime();
    if (!moved && JSON.stringify(types) === JSON.stringify(row.credentialTypes)) return;
    const write = () => this.db.update(members).set(next).where(eq(members.id, memberId));
    if (moved && !tallied) await aroundTallies(this.db, row.customerId, [memberId], write);
    else await write();
  }
}

/** Member columns that are counted classes or list orderings. */
const TALLIED_FIELDS = ['groupId', 'username', 'lastName', 'email'] as const;

const detail = (row: MemberRow, group: GroupRow | null, cms: CustomerSettings['cms']): MemberDetail => {
  const allowed = allowedKinds(group);
  return {
    ...toMember(row, group),
    allowed_credential_types: allowed,
    issuable_credential_types: allowed.filter((kind) => cmsIssues(cms, kind)),
    reported_sign_in_at: row.reportedSignInAt?.toISOString() ?? null,
    scim: row.scimManagedAt ? { managed_since: row.scimManagedAt.toISOString(), external_id: row.externalId } : null,
  };
};

const usernameTaken = () => new AppError(409, 'usernameExists', undefined, { username: fieldError('usernameExists') });
/** The unique index a write ran into: the username's, or a directory's external id (SCIM). */
const memberConflict = (constraint: string | undefined) =>
  constraint === 'members_customer_external_id_idx'
    ? new AppError(409, 'conflict', undefined, { externalId: fieldError('nameExists') })
    : usernameTaken();

/** What a directory provisioning the member (SCIM) keeps on it besides the member's fields. */
export interface Provisioned {
  externalId: string | null;
  enterprise: Record<string, unknown> | null;
}

function provisionedColumns(p: Provisioned, managedSince: Date) {
  return { externalId: p.externalId, scimEnterprise: p.enterprise, scimManagedAt: managedSince };
}

function groupError(): Record<string, FieldError> {
  return { group_id: fieldError('configurationNotFound') };
}

function assertValid(errors: Record<string, FieldError>): void {
  if (Object.keys(errors).length) throw new AppError(400, 'validation', undefined, errors);
}

function toColumns(input: Partial<MemberInput>) {
  const out: Partial<typeof members.$inferInsert> = {};
  if (input.username !== undefined) out.username = input.username.trim();
  if (input.first_name !== undefined) out.firstName = input.first_name;
  if (input.last_name !== undefined) out.lastName = input.last_name;
  if (input.email !== undefined) out.email = input.email;
  if (input.phone_number !== undefined) out.phoneNumber = input.phone_number;
  if (input.group_id !== undefined) out.groupId = input.group_id;
  if (input.extra_info !== undefined) out.extraInfo = input.extra_info;
  if (input.identities !== undefined) out.identities = input.identities;
  if (input.identity_not_valid_after !== undefined) {
    out.identityNotValidAfter = input.identity_not_valid_after ? new Date(input.identity_not_valid_after) : null;
  }
  return out;
}
