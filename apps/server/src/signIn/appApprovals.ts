/**
 * Sign-ins approved on the member's phone: a stage that accepts `app` asks the member's active
 * app credential (send/) with a number the sign-in shows, the device lists and answers its
 * requests (modules/device, which checks the device's signature), and the sign-in polls (verify/
 * with kind app) until an answer comes.
 */
import { randomInt } from 'node:crypto';
import { DEVICE_NUMBER_CHOICES, DEVICE_NUMBER_MAX, DEVICE_NUMBER_MIN, type DeviceApproval } from '@portiere/contracts';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appApprovals, applications, credentials } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { MemberRow } from '../modules/members/mapper.ts';

export type Approval = typeof appApprovals.$inferSelect;

export const APP_TYPES = ['app', 'app_biometry'] as const;
export type AppType = (typeof APP_TYPES)[number];

export class AppApprovals {
  constructor(
    private readonly db: Db,
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
    asker: { applicationId: string | null; machine: string | null; ip: string | null },
    match: { number: number; choices: number[] },
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
      .values({ credentialId: credential.id, uid, ...asker, ...match, createdAt: this.now(), expiresAt });
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

  /** The credential's pending, unexpired requests, oldest first, as the app lists them. */
  async pending(credentialId: string): Promise<DeviceApproval[]> {
    const rows = await this.db
      .select({ approval: appApprovals, application: applications.name })
      .from(appApprovals)
      .leftJoin(applications, eq(applications.id, appApprovals.applicationId))
      .where(
        and(
          eq(appApprovals.credentialId, credentialId),
          eq(appApprovals.status, 'pending'),
          gt(appApprovals.expiresAt, this.now()),
        ),
      )
      .orderBy(asc(appApprovals.createdAt));
    return rows.map((r) => ({
      id: r.approval.id,
      // A workstation's request names its machine.
      application: r.application ?? r.approval.machine ?? '',
      place: r.approval.ip,
      requested_at: r.approval.createdAt.toISOString(),
      expires_at: r.approval.expiresAt.toISOString(),
      choices: r.approval.choices,
    }));
  }

  /** One of the credential's pending, unexpired requests; 404 otherwise. */
  async open(credentialId: string, id: string): Promise<Approval> {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.db
      .select()
      .from(appApprovals)
      .where(
        and(
          eq(appApprovals.id, id),
          eq(appApprovals.credentialId, credentialId),
          eq(appApprovals.status, 'pending'),
          gt(appApprovals.expiresAt, this.now()),
        ),
      );
    if (!row) throw notFound();
    return row;
  }

  /**
   * Answers a pending request (as open() gave it). Approving takes the sign-in's number: another
   * one denies it (the member did not see this sign-in's page), as "not me" does, with its reason.
   * The sign-in reads the answer at its next poll. What it became; 404 when it was answered meanwhile.
   */
  async answer(
    approval: Approval,
    answer: { approve: boolean; number?: number | undefined; notMe?: boolean | undefined },
  ): Promise<Approval['denial'] | 'approved'> {
    const denial: Approval['denial'] = !answer.approve
      ? answer.notMe
        ? 'reported_by_member'
        : 'denied_on_app'
      : answer.number === approval.number
        ? null
        : 'wrong_number';
    const answered = await this.db
      .update(appApprovals)
      .set({ status: denial ? 'denied' : 'approved', denial })
      .where(and(eq(appApprovals.id, approval.id), eq(appApprovals.status, 'pending')))
      .returning({ id: appApprovals.id });
    if (!answered.length) throw notFound();
    return denial ?? 'approved';
  }
}

/** A two-digit number for the sign-in to show, and the app's choices: it and others, shuffled. */
export function numberMatch(): { number: number; choices: number[] } {
  const span = DEVICE_NUMBER_MAX - DEVICE_NUMBER_MIN + 1;
  const picked = new Set<number>();
  while (picked.size < DEVICE_NUMBER_CHOICES) picked.add(DEVICE_NUMBER_MIN + randomInt(span));
  const choices = [...picked];
  const number = choices[randomInt(choices.length)] as number;
  return { number, choices };
}
