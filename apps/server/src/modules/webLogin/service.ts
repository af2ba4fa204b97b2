/**
 * The web login (contracts/webLogin.ts): what the portal's `/signin/<uid>` pages call to sign a
 * member in for a target (target.ts): an OpenID provider interaction or a SAML request. An
 * adapter over the sign-in engine (signIn/engine.ts), which names the member, picks the flow the
 * app roles assign and checks each answer; this file ties it to the target: the member is looked
 * up in the application's customer only, progress lives in oidc_sign_ins keyed by the target's
 * uid (progress.ts), its clock is the app's and its end the target's, and the engine's outcomes
 * become the pages' answers.
 *
 * Against guessing and enumeration, as for the staff sign-in: unknown usernames and cards,
 * blocked members, groups without web login and members without a flow here all walk a flow and
 * get 401 `login` for every answer until a first answer is right; only then does a refusal say
 * why (403), and the sign-in is spent.
 *
 * At the end the target gets its login result and says where the browser goes: back to the
 * provider, or to the SAML response's form.
 */
import {
  type ErrorCode,
  fieldError,
  SIGNIN_MAX_FAILURES,
  type SignInFailureReason,
  type SignInKind,
  type SignInRedirect,
  type SignInSent,
  type SignInState,
  type SignInStepResult,
  type SignInVerify,
  type WebAuthnOptions,
} from '@portiere/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { auditAction, auditDetails } from '../../audit/context.ts';
import { throttled } from '../../auth/login-service.ts';
import type { Db } from '../../db/client.ts';
import { credentials, webLogins } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ClientApp } from '../../oidc/clients.ts';
import type { SignInEngine } from '../../signIn/engine.ts';
import type { Who } from '../../signIn/identify.ts';
import { offers, stageOf } from '../../signIn/progress.ts';
import type { WebAuthnRp } from '../credentials/webauthn.ts';
import { type IdentifiedRow, progressOf, type WebLoginRow, webLoginProgress } from './progress.ts';
import type { SignInResult, SignInTarget, SignInTargets } from './target.ts';

type App = ClientApp;

/** A refusal the route answers (not throws), so that the counts and records it wrote are committed. */
export interface Refused {
  refused: ErrorCode;
  status: 401 | 403;
}

interface Context {
  uid: string;
  target: SignInTarget;
  app: App;
  row: WebLoginRow | null;
}

export const expired = () => new AppError(404, 'signInExpired');
const badKind = () => new AppError(400, 'validation', undefined, { kind: fieldError('invalid') });

/** Why a spent sign-in can go no further, as the error every later call answers. */
const SPENT: Partial<Record<string, { status: 403; code: ErrorCode }>> = {
  blocked: { status: 403, code: 'signInBlocked' },
  web_login_disabled: { status: 403, code: 'signInWebLoginDisabled' },
  no_flow: { status: 403, code: 'signInNoFlow' },
  too_many_failures: { status: 403, code: 'signInTooManyFailures' },
  denied_on_app: { status: 403, code: 'signInDenied' },
  wrong_number: { status: 403, code: 'signInWrongNumber' },
  reported_by_member: { status: 403, code: 'signInReported' },
};

/** The scope of a sign-in's security key challenges (credentials/webauthn.ts). */
const signInScope = (uid: string) => `signin:${uid}`;

export class WebLoginService {
  constructor(
    private readonly db: Db,
    private readonly targets: SignInTargets[],
    private readonly engine: SignInEngine,
    private readonly webauthn: WebAuthnRp,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The live target a uid names, its application and the sign-in's progress; else 404 signInExpired. */
  private async context(uid: string, { allowSpent = false } = {}): Promise<Context> {
    if (!/^[\w-]{1,64}$/.test(uid)) throw expired();
    let target: SignInTarget | null = null;
    for (const find of this.targets) {
      target = await find(uid);
      if (target) break;
    }
    if (!target) throw expired();
    const { app } = target;
    const [row] = await this.db.select().from(webLogins).where(eq(webLogins.uid, uid));
    if (row) {
      if (row.expiresAt <= this.now() || row.spent === 'done' || row.spent === 'aborted') throw expired();
      const spent = row.spent ? SPENT[row.spent] : undefined;
      if (spent && !allowSpent) throw new AppError(spent.status, spent.code);
    }
    return { uid, target, app, row: row ?? null };
  }

  /** When the target ends, on the app's clock. */
  private endOf(target: SignInTarget): Date {
    return new Date(this.now().getTime() + (target.expiresAt.getTime() - Date.now()));
  }

  private answer(ctx: Context, row: WebLoginRow | null): SignInState {
    const { settings } = ctx.app;
    const ends = row?.expiresAt ?? this.endOf(ctx.target);
    return {
      customer_id: ctx.app.customerId,
      language: settings.general.language,
      application: { name: ctx.app.name },
      username_text: settings.general.username_text,
      step: row?.stages ? 'stage' : 'identify',
      username: row?.username ?? null,
      stage: row?.stages ? stageOf(row.stages, row.stage) : null,
      attempts_left: Math.max(0, SIGNIN_MAX_FAILURES - (row?.failures ?? 0)),
      expires_in: Math.max(0, Math.floor((ends.getTime() - this.now().getTime()) / 1000)),
    };
  }

  async state(uid: string): Promise<SignInState> {
    const ctx = await this.context(uid);
    // No flow at all is the application's set-up, not the member's: said at once.
    if (!ctx.row && !(await this.engine.flows.fallback(ctx.app))) throw new AppError(403, 'signInNoFlow');
    return this.answer(ctx, ctx.row);
  }

  async identify(uid: string, username: string): Promise<SignInState> {
    const ctx = await this.context(uid);
    return this.start(ctx, { name: username, by: ctx.app.settings.general.username_text });
  }

  /** A paired, unexpired card identifies its member; an unknown card walks on like an unknown username. */
  async card(uid: string, cardCode: string): Promise<SignInState> {
    return this.start(await this.context(uid), { card: cardCode });
  }

  /** (Re)starts the flow for whoever was named; wrong answers given so far still count. */
  private async start(ctx: Context, who: Who): Promise<SignInState> {
    const { member, shown } = await this.engine.find(ctx.app.customerId, who);
    if (ctx.row?.answered) throw new AppError(409, 'conflict');
    const flow = await this.engine.flowFor({ application: ctx.app }, member);
    if (!flow) throw new AppError(403, 'signInNoFlow');
    const progress = {
      memberId: member?.id ?? null,
      username: shown,
      stages: flow.stages,
      terminating: flow.terminating,
      stage: 0,
      proved: [] as SignInKind[],
      recovered: false,
    };
    const [row] = await this.db
      .insert(webLogins)
      .values({
        uid: ctx.uid,
        customerId: ctx.app.customerId,
        applicationId: ctx.app.id,
        expiresAt: this.endOf(ctx.target),
        createdAt: this.now(),
        ...progress,
      })
      .onConflictDoUpdate({ target: webLogins.uid, set: progress })
      .returning();
    return this.answer(ctx, row ?? null);
  }

  /** A stage in progress that offers `kind`; else 400 on the kind. */
  private inStage(row: WebLoginRow | null, kind: SignInKind): IdentifiedRow {
    if (!row?.stages || !offers(progressOf(row as IdentifiedRow), kind)) throw badKind();
    return row as IdentifiedRow;
  }

  async send(uid: string, kind: 'mail' | 'sms' | 'app', ip: string | null = null): Promise<SignInSent> {
    const ctx = await this.context(uid);
    const row = this.inStage(ctx.row, kind);
    const sent = await this.engine.send(progressOf(row), webLoginProgress(this.db, row), 'web', kind, ip);
    if (sent.type === 'tooSoon') {
      const error = new AppError(429, 'signInResendTooSoon');
      if (sent.retryAfterS !== null) error.retryAfterS = sent.retryAfterS;
      throw error;
    }
    return { sent_to: sent.shown, resend_in: sent.resendS ?? 0, number: sent.number };
  }

  /**
   * The options of a security key's answer to the stage. They name the member's keys only once a
   * first answer was right: before, a list (or none) would tell who exists and what they hold.
   */
  async webauthnOptions(uid: string): Promise<WebAuthnOptions> {
    const ctx = await this.context(uid);
    const row = this.inStage(ctx.row, 'keypair');
    const keys =
      row.answered && row.memberId
        ? await this.db
            .select()
            .from(credentials)
            .where(
              and(
                eq(credentials.memberId, row.memberId),
                eq(credentials.type, 'keypair'),
                isNotNull(credentials.webauthnId),
              ),
            )
        : [];
    return { options: { ...(await this.webauthn.requestOptions(signInScope(uid), keys)) } };
  }

  async verify(uid: string, input: SignInVerify, ip: string): Promise<SignInStepResult | Refused> {
    const ctx = await this.context(uid);
    const row = this.inStage(ctx.row, input.kind);
    // A security key answers with its assertion, to the challenge given for this sign-in.
    const key = input.kind === 'keypair';
    if (key && !input.webauthn) throw new AppError(400, 'validation', undefined, { webauthn: fieldError('required') });
    auditDetails({ application_id: row.applicationId });
    // A failure unless the sign-in ends well (the engine says so); a stage passed records nothing.
    auditAction('signin.failure');
    const { target } = ctx;
    const outcome = await this.engine.answer(progressOf(row), webLoginProgress(this.db, row), {
      channel: 'web',
      ip,
      kind: input.kind,
      value: key ? JSON.stringify(input.webauthn) : input.value,
      challenge: key ? signInScope(uid) : null,
      target: { application: ctx.app },
      multiFactor: target.multiFactor,
    });
    switch (outcome.type) {
      case 'throttled':
        throw throttled(outcome.retryAfterS);
      case 'pending':
        return { done: false, pending: true };
      case 'next':
        return { done: false, pending: false, stage: outcome.stage };
      case 'gone':
        throw expired();
      case 'failure':
        if (outcome.reason === 'mfa_required') {
          // An application that asked for more than one factor gets an error, never less.
          const redirect = await target.conclude({
            error: 'unmet_authentication_requirements',
            error_description: 'The application requires a multi-factor sign-in; the sign-in passed one factor',
          });
          return { done: true, redirect };
        }
        return this.refusal(outcome.reason, outcome.told);
      case 'success': {
        const { amr, acr } = outcome.facts;
        // Consent too, granted by loadExistingGrant (policy.ts): a request that asks for a consent
        // prompt (as offline_access needs) must not come back here for it.
        const result = { login: { accountId: outcome.member.id, amr, acr }, consent: {} } as SignInResult;
        return { done: true, redirect: await target.conclude(result) };
      }
    }
  }

  /** A failure as the pages see it: a wrong answer is `login`, whatever its reason; a told refusal its own code. */
  private refusal(reason: SignInFailureReason, told: boolean): Refused {
    if (!told) return { refused: 'login', status: 401 };
    const spent = SPENT[reason];
    if (!spent) throw new Error(`no refusal for ${reason}`);
    return { refused: spent.code, status: spent.status };
  }

  async abort(uid: string, ip: string): Promise<SignInRedirect> {
    const ctx = await this.context(uid, { allowSpent: true });
    const { target, app } = ctx;
    const redirect = await target.abort();
    const [row] = await this.db
      .insert(webLogins)
      .values({
        uid,
        customerId: app.customerId,
        applicationId: app.id,
        expiresAt: this.endOf(target),
        createdAt: this.now(),
        spent: 'aborted',
      })
      .onConflictDoUpdate({ target: webLogins.uid, set: { spent: 'aborted' } })
      .returning();
    auditDetails({ application_id: app.id });
    if (row) await this.engine.aborted('web', row, ip);
    return { redirect };
  }
}
