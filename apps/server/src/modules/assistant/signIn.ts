/**
 * The assistant's sign-in (contracts/assistant.ts), an adapter over the sign-in engine
 * (signIn/engine.ts): a member walks the customer's la flow, or for a step-up the flow of one
 * app's effective profile, stage by stage with their real credentials, checked by the engine as
 * every sign-in is (attempt counting, locks, single use); at the end this file opens the session
 * or unlocks the app. Unknown usernames, blocked members and members without the kind asked for take
 * the same path and get the same answers as a wrong value. Guessing is contained three ways:
 * the credential's own lock, the staff sign-in throttle keyed by customer and username, and the
 * sign-in itself, spent after ASSISTANT_SIGN_IN_MAX_FAILURES wrong answers.
 */
import {
  ASSISTANT_SESSION_TTL_S,
  ASSISTANT_SIGN_IN_TTL_S,
  type ASSISTANT_VERIFIABLE_KINDS,
  type AssistantSignIn,
  type AssistantSignInStart,
  type AssistantVerify,
  type AssistantVerifyResult,
  fieldError,
} from '@portiere/contracts';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { auditAction, auditDetails } from '../../audit/context.ts';
import { throttled } from '../../auth/login-service.ts';
import type { Db } from '../../db/client.ts';
import { assistantSessions } from '../../db/schema/index.ts';
import { newOpaqueToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { assertLaEnabled } from '../../plugins/la-guard.ts';
import type { SignInEngine } from '../../signIn/engine.ts';
import type { Flow } from '../../signIn/flows.ts';
import { offers, type Progress, stageOf } from '../../signIn/progress.ts';
import type { MemberRow } from '../members/mapper.ts';
import { reachableApps } from './apps.ts';
import { AssistantProgress, progressOf, type SignInRow } from './progress.ts';
import { findSession } from './session.ts';

/** Expired rows removed per sign-in start: enough to keep up, never a long statement. */
const CLEANUP_BATCH = 100;

const expired = () => new AppError(404, 'assistantSignInExpired');

/** A wrong answer: its counts must be committed, so the route answers 401 login instead of throwing. */
export interface Refused {
  refused: 'login';
}

export class AssistantSignIns {
  constructor(
    private readonly db: Db,
    private readonly engine: SignInEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(input: AssistantSignInStart, bearer: string | undefined): Promise<AssistantSignIn> {
    const customerId = input.customer;
    await assertLaEnabled(this.db, customerId);
    await this.removeExpired();
    const username = input.username.trim().toLowerCase();
    const { member } = await this.engine.find(customerId, { name: username, by: 'username' });
    let flow: Flow | null;
    let stepUp: { appId: string; parentId: string } | null = null;
    if (input.app_id !== undefined) {
      // A step-up extends the session of the same member: its bearer token is the proof.
      const session = bearer ? await findSession(this.db, bearer, this.now()) : null;
      if (!session || !member || session.customerId !== customerId || session.memberId !== member.id)
        throw new AppError(401, 'unauthenticated');
      const [reached] = await reachableApps(this.db, customerId, member, input.app_id);
      if (!reached) throw new AppError(404, 'laAppNotFound');
      flow = await this.engine.flows.byId(customerId, reached.profile?.flowId);
      stepUp = { appId: reached.app.id, parentId: session.id };
    } else {
      flow = await this.engine.flows.loginAssistant(customerId);
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
    const progress = this.inStage(row, kind);
    await this.engine.send(progress, new AssistantProgress(this.db, row), 'assistant', kind);
  }

  async verify(id: string, input: AssistantVerify, ip: string): Promise<AssistantVerifyResult | Refused> {
    const row = await this.signIn(id);
    await assertLaEnabled(this.db, row.customerId);
    const progress = this.inStage(row, input.kind);
    if (row.appId) auditDetails({ app_id: row.appId });
    const outcome = await this.engine.answer(progress, new AssistantProgress(this.db, row), {
      channel: 'assistant',
      ip,
      kind: input.kind,
      value: input.value,
      target: { flow: { stages: progress.stages, terminating: progress.terminating } },
    });
    switch (outcome.type) {
      case 'throttled':
        throw throttled(outcome.retryAfterS);
      case 'failure':
        return { refused: 'login' };
      case 'next':
        return { done: false, stage: outcome.stage };
      case 'success':
        return row.appId && row.parentId ? this.unlock(row.parentId, row.appId) : this.openSession(outcome.member);
      default:
        // 'gone' (another answer moved it first); 'pending' is the app's, which the assistant does not offer.
        throw expired();
    }
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

  /** The sign-in as the engine reads it, when its current stage offers `kind`; else 400 on the kind. */
  private inStage(row: SignInRow, kind: (typeof ASSISTANT_VERIFIABLE_KINDS)[number]): Progress {
    const progress = progressOf(row);
    if (!offers(progress, kind)) throw new AppError(400, 'validation', undefined, { kind: fieldError('invalid') });
    return progress;
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
