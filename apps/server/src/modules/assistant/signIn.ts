/**
 * The assistant's sign-in (contracts/assistant.ts): a member walks the customer's la flow, or
 * for a step-up the flow of one app's effective profile, stage by stage with their real
 * credentials, verified by the credentials module as any sign-in is (attempt counting, locks,
 * single use). Unknown usernames, blocked members and members without the kind asked for take
 * the same path and get the same answers as a wrong value. Guessing is contained three ways:
 * the credential's own lock, the staff sign-in throttle keyed by customer and username, and the
 * sign-in itself, spent after ASSISTANT_SIGN_IN_MAX_FAILURES wrong answers.
 */
import {
  ASSISTANT_SESSION_TTL_S,
  ASSISTANT_SIGN_IN_MAX_FAILURES,
  ASSISTANT_SIGN_IN_TTL_S,
  type AssistantSignIn,
  type AssistantSignInStart,
  type AssistantVerify,
  type AssistantVerifyResult,
  type CredentialType,
  fieldError,
  LOGIN_OTP_RESEND_S,
  LOGIN_OTP_TTL_S,
} from '@portiere/contracts';
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import {
  auditAction,
  auditDetails,
  auditEach,
  auditMemberActor,
  auditOutcome,
  auditTarget,
} from '../../audit/context.ts';
import { throttled } from '../../auth/login-service.ts';
import type { LoginThrottle } from '../../auth/throttle.ts';
import type { Db } from '../../db/client.ts';
import { assistantSessions, credentials, flows, laFlows, members } from '../../db/schema/index.ts';
import { newOpaqueToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import { assertLaEnabled } from '../../plugins/la-guard.ts';
import type { CredentialsService } from '../credentials/service.ts';
import type { MemberRow } from '../members/mapper.ts';
import { reachableApps } from './apps.ts';
import { findSession } from './session.ts';

type SignInRow = typeof assistantSessions.$inferSelect;

/** Expired rows removed per sign-in start: enough to keep up, never a long statement. */
const CLEANUP_BATCH = 100;

const expired = () => new AppError(404, 'assistantSignInExpired');

function stageOf(stages: CredentialType[][], index: number) {
  return { index, count: stages.length, kinds: stages[index] ?? [] };
}

/** A wrong answer: its counts must be committed, so the route answers 401 login instead of throwing. */
export interface Refused {
  refused: 'login';
}

export class AssistantSignIns {
  constructor(
    private readonly db: Db,
    private readonly credentials: CredentialsService,
    private readonly throttle: LoginThrottle,
    private readonly now: () => Date = () => new Date(),
    private readonly log: { warn(obj: object, msg: string): void } = console,
  ) {}

  async start(input: AssistantSignInStart, bearer: string | undefined): Promise<AssistantSignIn> {
    const customerId = input.customer;
    await assertLaEnabled(this.db, customerId);
    await this.removeExpired();
    const username = input.username.trim().toLowerCase();
    const member = await this.member(customerId, username);
    let flow: { stages: CredentialType[][]; terminating: CredentialType[] } | null;
    let stepUp: { appId: string; parentId: string } | null = null;
    if (input.app_id !== undefined) {
      // A step-up extends the session of the same member: its bearer token is the proof.
      const session = bearer ? await findSession(this.db, bearer, this.now()) : null;
      if (!session || !member || session.customerId !== customerId || session.memberId !== member.id)
        throw new AppError(401, 'unauthenticated');
      const [reached] = await reachableApps(this.db, customerId, member, input.app_id);
      if (!reached) throw new AppError(404, 'laAppNotFound');
      flow = reached.profile?.flowId ? await this.appFlow(customerId, reached.profile.flowId) : null;
      stepUp = { appId: reached.app.id, parentId: session.id };
    } else {
      const [row] = await this.db.select().from(laFlows).where(eq(laFlows.customerId, customerId));
      flow = row ? { stages: row.stages, terminating: row.terminatingCredentials } : null;
    }
    if (!flow?.stages.length || flow.stages.some((s) => !s.length)) throw new AppError(422, 'laFlowNotSet');
    const { token, hash } = newOpaqueToken();
    await this.db.insert(assistantSessions).values({
      customerId,
      memberId: member?.id ?? null,
      kind: 'sign_in',
      tokenHash: hash,
      stages: flow.stages,
      terminating: flow.terminating,
      username,
      appId: stepUp?.appId ?? null,
      parentId: stepUp?.parentId ?? null,
      expiresAt: new Date(this.now().getTime() + ASSISTANT_SIGN_IN_TTL_S * 1000),
    });
    return { sign_in_id: token, stage: stageOf(flow.stages, 0), expires_in: ASSISTANT_SIGN_IN_TTL_S };
  }

  /**
   * Sends a code to the member's credential of `kind` in the current stage. Unknown members,
   * blocked ones and those without a usable credential of the kind get the same answer, with
   * nothing sent; so does a request within LOGIN_OTP_RESEND_S of the last code.
   */
  async send(id: string, kind: 'mail' | 'sms'): Promise<void> {
    const row = await this.signIn(id);
    await assertLaEnabled(this.db, row.customerId);
    this.assertInStage(row, kind);
    const member = row.memberId ? await this.memberById(row.customerId, row.memberId) : null;
    if (!member || member.blocked) return;
    const [credential] = await this.usable(member, kind);
    if (!credential) return;
    const now = this.now().getTime();
    const sentAt = credential.codeExpiresAt ? credential.codeExpiresAt.getTime() - LOGIN_OTP_TTL_S * 1000 : 0;
    if (now - sentAt < LOGIN_OTP_RESEND_S * 1000) return;
    try {
      await this.credentials.sendCode(credential, member);
    } catch (err) {
      // A gateway that refuses must not tell this member from one who has no such credential.
      if (!(err instanceof AppError)) throw err;
      this.log.warn({ code: err.code, kind }, 'assistant sign-in: the code could not be sent');
    }
  }

  async verify(id: string, input: AssistantVerify, ip: string): Promise<AssistantVerifyResult | Refused> {
    const row = await this.signIn(id);
    await assertLaEnabled(this.db, row.customerId);
    this.assertInStage(row, input.kind);
    const username = row.username ?? '';
    const member = row.memberId ? await this.memberById(row.customerId, row.memberId) : null;
    auditMemberActor(row.customerId, member?.id ?? null, member?.username ?? username);
    auditTarget(member?.id ?? null, member?.username ?? username);
    auditDetails({ kind: input.kind, stage: row.stage, ...(row.appId ? { app_id: row.appId } : {}) });

    const attempt = await this.throttle.attempt(`assistant:${row.customerId}:${username}`, { ip });
    const barred = await this.throttle.barredFor(attempt);
    if (barred > 0) {
      auditAction('assistant.sign_in_failure');
      throw throttled(barred);
    }

    if (!(await this.check(member, input))) {
      await this.throttle.failure(attempt);
      // Spent after too many wrong answers; an atomic increment, so racing answers each count.
      const [counted] = await this.db
        .update(assistantSessions)
        .set({ failures: sql`${assistantSessions.failures} + 1` })
        .where(eq(assistantSessions.id, row.id))
        .returning({ failures: assistantSessions.failures });
      if ((counted?.failures ?? ASSISTANT_SIGN_IN_MAX_FAILURES) >= ASSISTANT_SIGN_IN_MAX_FAILURES)
        await this.db.delete(assistantSessions).where(eq(assistantSessions.id, row.id));
      auditAction('assistant.sign_in_failure');
      auditOutcome('failure', 'login');
      return { refused: 'login' };
    }

    const stages = row.stages ?? [];
    const next = row.stage + 1;
    const finished = next >= stages.length || (row.terminating ?? []).includes(input.kind);
    if (!finished) {
      const [moved] = await this.db
        .update(assistantSessions)
        .set({ stage: next })
        .where(and(eq(assistantSessions.id, row.id), eq(assistantSessions.stage, row.stage)))
        .returning({ id: assistantSessions.id });
      if (!moved) throw expired();
      // A stage passed is no event of its own: the sign-in's outcome is.
      auditEach([]);
      return { done: false, stage: stageOf(stages, next) };
    }
    const [spent] = await this.db
      .delete(assistantSessions)
      .where(eq(assistantSessions.id, row.id))
      .returning({ id: assistantSessions.id });
    if (!spent || !member) throw expired();
    await this.throttle.clear(attempt);
    return row.appId && row.parentId ? this.unlock(row.parentId, row.appId) : this.openSession(member);
  }

  /** Ends a session and the step-ups started from it. */
  async signOut(sessionId: string): Promise<void> {
    await this.db
      .delete(assistantSessions)
      .where(or(eq(assistantSessions.id, sessionId), eq(assistantSessions.parentId, sessionId)));
  }

  private async openSession(member: MemberRow): Promise<AssistantVerifyResult> {
    const { token, hash } = newOpaqueToken();
    await this.db.insert(assistantSessions).values({
      customerId: member.customerId,
      memberId: member.id,
      kind: 'session',
      tokenHash: hash,
      expiresAt: new Date(this.now().getTime() + ASSISTANT_SESSION_TTL_S * 1000),
    });
    auditAction('assistant.sign_in');
    return { done: true, access_token: token, token_type: 'Bearer', expires_in: ASSISTANT_SESSION_TTL_S };
  }

  private async unlock(sessionId: string, appId: string): Promise<AssistantVerifyResult> {
    const [session] = await this.db
      .update(assistantSessions)
      .set({
        unlockedApps: sql`(select array_agg(distinct a) from unnest(array_append(${assistantSessions.unlockedApps}, ${appId}::uuid)) a)`,
      })
      .where(
        and(
          eq(assistantSessions.id, sessionId),
          eq(assistantSessions.kind, 'session'),
          gt(assistantSessions.expiresAt, this.now()),
        ),
      )
      .returning({ expiresAt: assistantSessions.expiresAt });
    // The session ended (sign-out, expiry) while its step-up was under way.
    if (!session) throw new AppError(401, 'unauthenticated');
    auditAction('assistant.step_up');
    auditDetails({ app_id: appId });
    return {
      done: true,
      expires_in: Math.max(0, Math.floor((session.expiresAt.getTime() - this.now().getTime()) / 1000)),
    };
  }

  /**
   * Whether the value proves `kind` for the member, through the credentials module. A password
   * or PIN costs one hash verification whether or not there is a credential to check it against.
   */
  private async check(member: MemberRow | null, input: AssistantVerify): Promise<boolean> {
    const candidates = member && !member.blocked ? await this.usable(member, input.kind) : [];
    for (const credential of candidates) {
      if (member && (await this.credentials.verify(credential, member, input.value)).ok) return true;
    }
    if (!candidates.length && (input.kind === 'password' || input.kind === 'pin'))
      await verifyPassword(await dummyHash(), input.value);
    return false;
  }

  /**
   * The member's credentials of a kind a sign-in may check: active and not locked, oldest first.
   * A mail or SMS credential must be confirmed: one a member started in the enrolment portal for
   * an address of their choosing gets no sign-in codes until a code sent there came back.
   */
  private usable(member: MemberRow, kind: CredentialType) {
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
        ),
      )
      .orderBy(asc(credentials.createdAt));
  }

  private assertInStage(row: SignInRow, kind: CredentialType): void {
    const kinds = row.stages?.[row.stage] ?? [];
    if (!kinds.includes(kind)) throw new AppError(400, 'validation', undefined, { kind: fieldError('invalid') });
  }

  /** A sign-in in progress by its id (the opaque token), else 404 assistantSignInExpired. */
  private async signIn(id: string): Promise<SignInRow> {
    const [row] = await this.db
      .select()
      .from(assistantSessions)
      .where(
        and(
          eq(assistantSessions.tokenHash, sha256(id)),
          eq(assistantSessions.kind, 'sign_in'),
          gt(assistantSessions.expiresAt, this.now()),
        ),
      );
    if (!row) throw expired();
    return row;
  }

  private async appFlow(customerId: string, flowId: string) {
    const [row] = await this.db
      .select({ stages: flows.stages, terminating: flows.terminatingCredentials })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.customerId, customerId)));
    return row ?? null;
  }

  private async member(customerId: string, username: string): Promise<MemberRow | null> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.customerId, customerId), sql`lower(${members.username}) = ${username}`));
    return row ?? null;
  }

  private async memberById(customerId: string, id: string): Promise<MemberRow | null> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.customerId, customerId), eq(members.id, id)));
    return row ?? null;
  }

  /** Sign-ins and sessions past their time, a bounded batch at a time (no timers). */
  private async removeExpired(): Promise<void> {
    const batch = this.db
      .select({ id: assistantSessions.id })
      .from(assistantSessions)
      .where(lt(assistantSessions.expiresAt, this.now()))
      .limit(CLEANUP_BATCH);
    await this.db.delete(assistantSessions).where(inArray(assistantSessions.id, batch));
  }
}
