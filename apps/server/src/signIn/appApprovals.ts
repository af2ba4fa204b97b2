/**
 * Sign-ins approved on the member's phone: a stage that accepts `app` asks the member's active
 * app credential (send/), the device lists and answers its requests (device/approvals/),
 * authenticated by the device token it gave at enrolment (kept sealed, and as a keyed hash to
 * find it by), and the sign-in polls (verify/ with kind app) until an answer comes.
 */
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appApprovals, applications, credentials } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { MemberRow } from '../modules/members/mapper.ts';

export type Approval = typeof appApprovals.$inferSelect;

export const APP_TYPES = ['app', 'app_biometry'] as const;
export type AppType = (typeof APP_TYPES)[number];

export class AppApprovals {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Asks the member's active app credential of one of `types` (the app kinds the stage offers) to
   * approve the sign-in `uid` (replacing an earlier request of that sign-in) into an application
   * or at a workstation's machine; its device model, or null when there is no app to ask.
   */
  async request(
    member: MemberRow,
    uid: string,
    asker: { applicationId: string | null; machine: string | null },
    expiresAt: Date,
    types: readonly AppType[] = ['app'],
    /** Only an app credential usable for Windows login (a workstation's sign-in). */
    { windowsOnly = false } = {},
  ): Promise<string | null> {
    if (!types.length) return null;
    const [credential] = await this.db
      .select({ id: credentials.id, deviceModel: credentials.deviceModel })
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          eq(credentials.customerId, member.customerId),
          inArray(credentials.type, [...types]),
          eq(credentials.status, 'active'),
          eq(credentials.isActive, true),
          eq(credentials.locked, false),
          windowsOnly ? eq(credentials.windowsLogin, true) : undefined,
        ),
      )
      .orderBy(asc(credentials.createdAt))
      .limit(1);
    if (!credential) return null;
    await this.db.delete(appApprovals).where(eq(appApprovals.uid, uid));
    await this.db
      .insert(appApprovals)
      .values({ credentialId: credential.id, uid, ...asker, createdAt: this.now(), expiresAt });
    return credential.deviceModel ?? '';
  }

  /** The sign-in's latest request, with whether its credential may still sign the member in. */
  async latest(
    uid: string,
    memberId: string,
    { windowsOnly = false } = {},
  ): Promise<{ approval: Approval; usable: boolean } | null> {
    const [row] = await this.db
      .select({ approval: appApprovals, credential: credentials })
      .from(appApprovals)
      .innerJoin(credentials, eq(credentials.id, appApprovals.credentialId))
      .where(eq(appApprovals.uid, uid))
      .orderBy(desc(appApprovals.createdAt))
      .limit(1);
    if (!row) return null;
    const c = row.credential;
    return {
      approval: row.approval,
      usable:
        c.memberId === memberId && c.status === 'active' && c.isActive && !c.locked && (!windowsOnly || c.windowsLogin),
    };
  }

  /** An answered or expired request is used once. */
  async spend(id: string): Promise<boolean> {
    const gone = await this.db.delete(appApprovals).where(eq(appApprovals.id, id)).returning({ id: appApprovals.id });
    return gone.length > 0;
  }

  /** The device's app credential, by the token it enrolled with; 404 deviceNotFound otherwise. */
  private async device(deviceToken: string) {
    const [row] = await this.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(
        and(
          eq(credentials.deviceTokenHash, this.box.hmac(deviceToken)),
          inArray(credentials.type, [...APP_TYPES]),
          eq(credentials.status, 'active'),
        ),
      );
    if (!row) throw new AppError(404, 'deviceNotFound');
    return row;
  }

  async pending(deviceToken: string) {
    const device = await this.device(deviceToken);
    const rows = await this.db
      .select({ approval: appApprovals, application: applications.name })
      .from(appApprovals)
      .leftJoin(applications, eq(applications.id, appApprovals.applicationId))
      .where(
        and(
          eq(appApprovals.credentialId, device.id),
          eq(appApprovals.status, 'pending'),
          gt(appApprovals.expiresAt, this.now()),
        ),
      )
      .orderBy(asc(appApprovals.createdAt));
    return {
      items: rows.map((r) => ({
        id: r.approval.id,
        // A workstation's request names its machine.
        application: r.application ?? r.approval.machine ?? '',
        requested_at: r.approval.createdAt.toISOString(),
        expires_at: r.approval.expiresAt.toISOString(),
      })),
    };
  }

  /** Approves or denies one of the device's pending requests; anything else is 404. */
  async answer(deviceToken: string, id: string, approve: boolean): Promise<void> {
    const device = await this.device(deviceToken);
    if (!isUuid(id)) throw notFound();
    const answered = await this.db
      .update(appApprovals)
      .set({ status: approve ? 'approved' : 'denied' })
      .where(
        and(
          eq(appApprovals.id, id),
          eq(appApprovals.credentialId, device.id),
          eq(appApprovals.status, 'pending'),
          gt(appApprovals.expiresAt, this.now()),
        ),
      )
      .returning({ id: appApprovals.id });
    if (!answered.length) throw notFound();
  }
}

/** Devices enrolled before device tokens were hashed get their lookup hash (once, at start). */
export async function hashDeviceTokens(db: Db, box: SecretBox): Promise<void> {
  const rows = await db
    .select({ id: credentials.id, sealed: credentials.secretEnc })
    .from(credentials)
    .where(
      and(
        inArray(credentials.type, [...APP_TYPES]),
        eq(credentials.status, 'active'),
        isNull(credentials.deviceTokenHash),
      ),
    );
  for (const row of rows) {
    if (!row.sealed) continue;
    await db
      .update(credentials)
      .set({ deviceTokenHash: box.hmac(box.decrypt(row.sealed)) })
      .where(eq(credentials.id, row.id));
  }
}
