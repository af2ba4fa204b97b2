/**
 * The workstation sign-in (contracts/workstation.ts): what a credential provider calls to sign a
 * member in at a machine. An adapter over the sign-in engine (signIn/engine.ts, channel
 * 'workstation'): the key names the customer, the workstation settings the flow, progress lives
 * in workstation_sign_ins (progress.ts) under an id only its key's calls may use, and the engine's
 * outcomes become the answers. Only credentials marked usable for Windows login answer; a key
 * pair or smartcard answers by signing a challenge given for the stage.
 *
 * Against guessing and enumeration, as on the web: unknown usernames and cards walk the flow,
 * every wrong answer is 401 `login`, and only after a first right answer does a refusal say why
 * (blocked, the group without workstation login, the identity expired), spending the sign-in.
 */
import { randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  fieldError,
  SIGNIN_MAX_FAILURES,
  type SignInFailureReason,
  WORKSTATION_SIGNIN_TTL_S,
  type WorkstationKind,
  type WorkstationSignIn,
  type WorkstationStart,
  type WorkstationStep,
} from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { auditAction, auditDetails } from '../../audit/context.ts';
import { throttled } from '../../auth/login-service.ts';
import type { Db } from '../../db/client.ts';
import { workstationSignIns } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SignInEngine } from '../../signIn/engine.ts';
import { offers, stageOf } from '../../signIn/progress.ts';
import type { SettingsService } from '../settings/service.ts';
import type { WorkstationCaller } from './caller.ts';
import type { OfflineMaterials } from './offline.ts';
import { progressOf, type WorkstationSignInRow, workstationProgress } from './progress.ts';
import { sessionOf } from './session.ts';

/** A refusal the route answers (not throws), so that the counts and records it wrote are committed. */
export interface Refused {
  refused: ErrorCode;
  status: 401 | 403;
}

const expired = () => new AppError(404, 'workstationSignInExpired');
const badKind = () => new AppError(400, 'validation', undefined, { kind: fieldError('invalid') });

/** Why a spent sign-in can go no further, as the error every later call answers. */
const SPENT: Partial<Record<SignInFailureReason, ErrorCode>> = {
  blocked: 'signInBlocked',
  workstation_login_disabled: 'workstationLoginDisabled',
  identity_expired: 'workstationIdentityExpired',
  too_many_failures: 'signInTooManyFailures',
  denied_on_app: 'signInDenied',
  wrong_number: 'signInWrongNumber',
  reported_by_member: 'signInReported',
};

export class WorkstationSignIns {
  constructor(
    private readonly db: Db,
    private readonly engine: SignInEngine,
    private readonly settings: SettingsService,
    private readonly offline: OfflineMaterials,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Who signs in: the first stage of the customer's workstation flow, for anyone. */
  async start(caller: WorkstationCaller, input: WorkstationStart): Promise<WorkstationSignIn> {
    const customerId = caller.key.customerId;
    const { settings } = await this.settings.get(customerId);
    const flow = await this.engine.flows.byId(customerId, settings.workstation.flow_id);
    if (!flow) throw new AppError(403, 'workstationNoFlow');
    const who =
      'cardCode' in input ? { card: input.cardCode } : { name: input.username, by: settings.general.username_text };
    const { member, shown } = await this.engine.find(customerId, who);
    const now = this.now();
    const [row] = await this.db
      .insert(workstationSignIns)
      .values({
        id: randomBytes(18).toString('base64url'),
        customerId,
        keyId: caller.key.id,
        machine: caller.machine,
        memberId: member?.id ?? null,
        username: shown,
        stages: flow.stages,
        terminating: flow.terminating,
        expiresAt: new Date(now.getTime() + WORKSTATION_SIGNIN_TTL_S * 1000),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    return this.view(row);
  }

  private view(row: WorkstationSignInRow): WorkstationSignIn {
    return {
      id: row.id,
      username: row.username,
      stage: stageOf(row.stages, row.stage),
      attempts_left: Math.max(0, SIGNIN_MAX_FAILURES - row.failures),
      expires_in: Math.max(0, Math.floor((row.expiresAt.getTime() - this.now().getTime()) / 1000)),
    };
  }

  /** The caller's live sign-in; another key's or machine's, an unknown or a finished one is 404. */
  private async row(caller: WorkstationCaller, id: string, kind: WorkstationKind): Promise<WorkstationSignInRow> {
    if (!/^[\w-]{1,64}$/.test(id)) throw expired();
    const [row] = await this.db
      .select()
      .from(workstationSignIns)
      .where(
        and(
          eq(workstationSignIns.id, id),
          eq(workstationSignIns.keyId, caller.key.id),
          eq(workstationSignIns.machine, caller.machine),
        ),
      );
    if (!row || row.expiresAt <= this.now()) throw expired();
    // A spent sign-in goes no further: with the refusal that ended it, or as finished.
    if (row.spent) {
      const spent = row.spent === 'done' ? undefined : SPENT[row.spent];
      throw spent ? new AppError(403, spent) : expired();
    }
    if (!offers(progressOf(row), kind)) throw badKind();
    return row;
  }

  async send(caller: WorkstationCaller, id: string, kind: 'mail' | 'sms' | 'app', ip: string | null = null) {
    const row = await this.row(caller, id, kind);
    const sent = await this.engine.send(progressOf(row), workstationProgress(this.db, row), 'workstation', kind, ip);
    if (sent.type === 'tooSoon') {
      const error = new AppError(429, 'signInResendTooSoon');
      if (sent.retryAfterS !== null) error.retryAfterS = sent.retryAfterS;
      throw error;
    }
    return { sent_to: sent.shown, resend_in: sent.resendS ?? 0, number: sent.number };
  }

  /** A fresh challenge for the stage's key pair or smartcard: random bytes, for anyone alike. */
  async challenge(caller: WorkstationCaller, id: string, kind: 'keypair' | 'smartcard') {
    const row = await this.row(caller, id, kind);
    const challenge = randomBytes(32).toString('base64');
    await this.db
      .update(workstationSignIns)
      .set({ challenge, challengeKind: kind })
      .where(eq(workstationSignIns.id, row.id));
    return { challenge };
  }

  async verify(
    caller: WorkstationCaller,
    id: string,
    input: { kind: WorkstationKind; value: string; offline: boolean },
    ip: string,
  ): Promise<WorkstationStep | Refused> {
    const row = await this.row(caller, id, input.kind);
    const signed = input.kind === 'keypair' || input.kind === 'smartcard';
    if (signed && (row.challengeKind !== input.kind || !row.challenge))
      throw new AppError(409, 'workstationNoChallenge');
    auditDetails({ machine: caller.machine });
    // A failure unless the sign-in ends well (the engine says so); a stage passed records nothing.
    auditAction('workstation.sign_in_failure');
    const outcome = await this.engine.answer(progressOf(row), workstationProgress(this.db, row), {
      channel: 'workstation',
      ip,
      kind: input.kind,
      value: input.value,
      challenge: signed ? row.challenge : null,
      target: { flow: { stages: row.stages, terminating: row.terminating } },
    });
    if (signed && outcome.type !== 'success' && outcome.type !== 'next') {
      // A challenge is signed once, right or wrong.
      await this.db
        .update(workstationSignIns)
        .set({ challenge: null, challengeKind: null })
        .where(eq(workstationSignIns.id, row.id));
    }
    switch (outcome.type) {
      case 'throttled':
        throw throttled(outcome.retryAfterS);
      case 'pending':
        return { done: false, pending: true };
      case 'next':
        return { done: false, pending: false, stage: outcome.stage };
      case 'gone':
        throw expired();
      case 'failure': {
        if (!outcome.told) return { refused: 'login', status: 401 };
        return { refused: SPENT[outcome.reason] ?? 'login', status: 403 };
      }
      case 'success': {
        const offline = input.offline ? await this.offline.issue(caller, outcome.member) : null;
        return { done: true, session: sessionOf(outcome.member, outcome.facts, this.now()), offline };
      }
    }
  }
}
