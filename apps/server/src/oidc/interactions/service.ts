/**
 * The web sign-in (contracts/signin.ts): what the portal's `/signin/<uid>` pages call to sign a
 * member in for a provider interaction. The member is looked up in the client's customer only,
 * then walks the flow the app roles assign (flows.ts) stage by stage with their real credentials,
 * checked as every member sign-in checks them (credentials/sign-in-checks.ts). A right answer of
 * a terminating kind ends the flow at once; a recovery code stands in for the credentials the
 * member's recovery mode disabled (for the current stage and every later one they cover).
 *
 * Against guessing and enumeration, as for the staff sign-in: unknown usernames and cards,
 * blocked members, groups without web login and members without a flow here all walk a flow and
 * get 401 `login` for every answer until a first answer is right; only then does a refusal say
 * why (403), and the sign-in is spent. Wrong answers count towards the credential's lock, the
 * sign-in throttle (customer and member or username) and the interaction's SIGNIN_MAX_FAILURES.
 *
 * Progress lives in oidc_sign_ins, keyed by the interaction's uid; its clock is the app's, its
 * end the interaction's. At the end the interaction gets its login result and the browser goes
 * back to the provider (returnTo), whose resume cookie binds it to the browser that started.
 */
import {
  type CredentialType,
  type ErrorCode,
  fieldError,
  maskEmail,
  SIGNIN_MAX_FAILURES,
  SIGNIN_RESEND_S,
  type SignInFailureReason,
  type SignInKind,
  type SignInRedirect,
  type SignInSent,
  type SignInState,
  type SignInStepResult,
  type SignInVerify,
} from '@portiere/contracts';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Interaction } from 'oidc-provider';
import {
  auditAction,
  auditDetails,
  auditEach,
  auditMemberActor,
  auditOutcome,
  auditTarget,
} from '../../audit/context.ts';
import { throttled } from '../../auth/login-service.ts';
import type { Attempt, LoginThrottle } from '../../auth/throttle.ts';
import type { Db } from '../../db/client.ts';
import {
  configurations,
  credentials,
  members,
  oidcSignIns,
  recoveryModes,
  temporaryCards,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SignInChecks } from '../../modules/credentials/sign-in-checks.ts';
import type { MemberSignInsService } from '../../modules/memberSignIns/service.ts';
import type { MemberRow } from '../../modules/members/mapper.ts';
import type { RecoveryService } from '../../modules/recovery/service.ts';
import type { SettingsService } from '../../modules/settings/service.ts';
import { authenticationOf, isMultiFactor, requiresMultiFactor } from '../authentication.ts';
import type { OidcProvider } from '../provider.ts';
import { APP_TYPES, type AppApprovals } from './approvals.ts';
import { type Flow, SignInFlows } from './flows.ts';

type Row = typeof oidcSignIns.$inferSelect;
type App = NonNullable<Awaited<ReturnType<OidcProvider['clients']['application']>>>;

/** A refusal the route answers (not throws), so that the counts and records it wrote are committed. */
export interface Refused {
  refused: ErrorCode;
  status: 401 | 403;
}

interface Context {
  uid: string;
  interaction: Interaction;
  app: App;
  row: Row | null;
}

const expired = () => new AppError(404, 'signInExpired');
const badKind = () => new AppError(400, 'validation', undefined, { kind: fieldError('invalid') });

/** Why a spent sign-in can go no further, as the error every later call answers. */
const SPENT: Partial<Record<string, { status: 403; code: ErrorCode }>> = {
  blocked: { status: 403, code: 'signInBlocked' },
  web_login_disabled: { status: 403, code: 'signInWebLoginDisabled' },
  no_flow: { status: 403, code: 'signInNoFlow' },
  too_many_failures: { status: 403, code: 'signInTooManyFailures' },
  denied_on_app: { status: 403, code: 'signInDenied' },
};

const stageOf = (stages: CredentialType[][], index: number) => ({
  index,
  count: stages.length,
  kinds: stages[index] ?? [],
});

/** A phone number with all but its country prefix and last two digits hidden. */
const maskPhone = (phone: string) =>
  `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;
/** A card's code as shown back: only its last two digits. */
const maskCard = (code: string) => `${'*'.repeat(Math.max(0, code.length - 2))}${code.slice(-2)}`;

export class WebSignIns {
  private readonly flows: SignInFlows;

  constructor(
    private readonly db: Db,
    private readonly oidc: OidcProvider,
    private readonly checks: SignInChecks,
    private readonly approvals: AppApprovals,
    private readonly recovery: RecoveryService,
    private readonly settings: SettingsService,
    private readonly throttle: LoginThrottle,
    private readonly records: MemberSignInsService,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.flows = new SignInFlows(db);
  }

  /** The live interaction a uid names, its application and the sign-in's progress; else 404 signInExpired. */
  private async context(uid: string, { allowSpent = false } = {}): Promise<Context> {
    if (!/^[\w-]{1,64}$/.test(uid)) throw expired();
    const provider = await this.oidc.provider();
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result) throw expired();
    const app = await this.oidc.clients.application(String(interaction.params.client_id ?? ''));
    if (!app || app.type === 'machine') throw expired();
    const [row] = await this.db.select().from(oidcSignIns).where(eq(oidcSignIns.uid, uid));
    if (row) {
      if (row.expiresAt <= this.now() || row.spent === 'done' || row.spent === 'aborted') throw expired();
      const spent = row.spent ? SPENT[row.spent] : undefined;
      if (spent && !allowSpent) throw new AppError(spent.status, spent.code);
    }
    return { uid, interaction, app, row: row ?? null };
  }

  /** When the interaction ends, on the app's clock. */
  private endOf(interaction: Interaction): Date {
    return new Date(this.now().getTime() + (interaction.exp * 1000 - Date.now()));
  }

  private async answer(ctx: Context, row: Row | null): Promise<SignInState> {
    const { settings } = await this.settings.get(ctx.app.customerId);
    const ends = row?.expiresAt ?? this.endOf(ctx.interaction);
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
    if (!ctx.row && !(await this.flows.fallback(ctx.app))) throw new AppError(403, 'signInNoFlow');
    return this.answer(ctx, ctx.row);
  }

  /** The customer's member named by what the settings' username_text asks for; one or none. */
  private async lookup(customerId: string, value: string): Promise<MemberRow | null> {
    const { settings } = await this.settings.get(customerId);
    switch (settings.general.username_text) {
      case 'id':
        return this.checks.byId(customerId, value);
      case 'email':
      case 'phone_number': {
        const column =
          settings.general.username_text === 'email'
            ? sql`lower(${members.email}) = ${value.toLowerCase()}`
            : sql`${members.phoneNumber} = ${value.replace(/[\s()-]/g, '')}`;
        // An address two members share names neither.
        const rows = await this.db
          .select()
          .from(members)
          .where(and(eq(members.customerId, customerId), column))
          .limit(2);
        return rows.length === 1 ? (rows[0] ?? null) : null;
      }
      default:
        return this.checks.byUsername(customerId, value);
    }
  }

  async identify(uid: string, username: string): Promise<SignInState> {
    const ctx = await this.context(uid);
    return this.start(ctx, await this.lookup(ctx.app.customerId, username), username);
  }

  /** A paired, unexpired card identifies its member; an unknown card walks on like an unknown username. */
  async card(uid: string, cardCode: string): Promise<SignInState> {
    const ctx = await this.context(uid);
    const now = this.now();
    const [card] = await this.db
      .select({ memberId: temporaryCards.memberId })
      .from(temporaryCards)
      .where(
        and(
          eq(temporaryCards.customerId, ctx.app.customerId),
          eq(temporaryCards.cardCode, cardCode),
          isNotNull(temporaryCards.memberId),
          or(isNull(temporaryCards.expiresAt), gt(temporaryCards.expiresAt, now)),
        ),
      );
    const member = card?.memberId ? await this.checks.byId(ctx.app.customerId, card.memberId) : null;
    return this.start(ctx, member, maskCard(cardCode));
  }

  /** (Re)starts the flow for whoever was named; wrong answers given so far still count. */
  private async start(ctx: Context, member: MemberRow | null, shown: string): Promise<SignInState> {
    if (ctx.row?.answered) throw new AppError(409, 'conflict');
    const flow: Flow | null =
      (member ? await this.flows.forMember(ctx.app, member.groupId) : null) ?? (await this.flows.fallback(ctx.app));
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
      .insert(oidcSignIns)
      .values({
        uid: ctx.uid,
        customerId: ctx.app.customerId,
        applicationId: ctx.app.id,
        expiresAt: this.endOf(ctx.interaction),
        createdAt: this.now(),
        ...progress,
      })
      .onConflictDoUpdate({ target: oidcSignIns.uid, set: progress })
      .returning();
    return this.answer(ctx, row ?? null);
  }

  /**
   * A stage in progress that offers `kind` (recovery: any stage; the app also where the stage asks
   * for the app with biometry, which the member's phone approves the same way).
   */
  private inStage(row: Row | null, kind: SignInKind): asserts row is Row & { stages: CredentialType[][] } {
    if (!row?.stages) throw badKind();
    const stage = row.stages[row.stage] ?? [];
    const offered = kind === 'recovery' || stage.includes(kind) || (kind === 'app' && stage.includes('app_biometry'));
    if (!offered) throw badKind();
  }

  async send(uid: string, kind: 'mail' | 'sms' | 'app'): Promise<SignInSent> {
    const ctx = await this.context(uid);
    const row = ctx.row;
    this.inStage(row, kind);
    const now = this.now();
    const last = row.sentAt[kind];
    const wait = last ? SIGNIN_RESEND_S - Math.floor((now.getTime() - Date.parse(last)) / 1000) : 0;
    if (wait > 0) {
      const error = new AppError(429, 'signInResendTooSoon');
      error.retryAfterS = wait;
      throw error;
    }
    // Counted per sign-in before anything goes out, whoever the member is.
    const [claimed] = await this.db
      .update(oidcSignIns)
      .set({ sentAt: { ...row.sentAt, [kind]: now.toISOString() } })
      .where(and(eq(oidcSignIns.uid, uid), sql`${oidcSignIns.sentAt} = ${JSON.stringify(row.sentAt)}::jsonb`))
      .returning({ uid: oidcSignIns.uid });
    if (!claimed) throw new AppError(429, 'signInResendTooSoon');
    const member = row.memberId ? await this.checks.byId(row.customerId, row.memberId) : null;
    let target: string | null = null;
    if (kind === 'app') {
      if (member && !member.blocked) {
        const stage = row.stages[row.stage] ?? [];
        const types = APP_TYPES.filter((t) => stage.includes(t));
        target = await this.approvals.request(member, uid, row.applicationId, row.expiresAt, types);
      }
    } else {
      target = await this.checks.sendCode(member, kind);
    }
    // Where it went is said only once a first answer was right: before, it would tell who exists.
    const shown =
      !row.answered || !target ? '' : kind === 'mail' ? maskEmail(target) : kind === 'sms' ? maskPhone(target) : target;
    return { sent_to: shown, resend_in: SIGNIN_RESEND_S };
  }

  async verify(uid: string, input: SignInVerify, ip: string): Promise<SignInStepResult | Refused> {
    const ctx = await this.context(uid);
    const row = ctx.row;
    this.inStage(row, input.kind);
    const member = row.memberId ? await this.checks.byId(row.customerId, row.memberId) : null;
    const username = row.username ?? '';
    auditMemberActor(row.customerId, member?.id ?? null, member?.username ?? username);
    auditTarget(member?.id ?? null, member?.username ?? username);
    auditDetails({ application_id: row.applicationId, kind: input.kind, stage: row.stage });
    // A failure unless the sign-in ends well (advance() says so); a stage passed records nothing.
    auditAction('signin.failure');

    const { attempt, barredS } = await this.throttle.check(
      `signin:${row.customerId}:${member?.id ?? `name:${username}`}`,
      {
        ip,
      },
    );
    if (barredS > 0) throw throttled(barredS);

    const stageKinds = row.stages[row.stage] ?? [];
    let ok: boolean;
    let wrong: SignInFailureReason = 'wrong_answer';
    if (input.kind === 'app') {
      const found = member ? await this.approvals.latest(uid, member.id) : null;
      const approval = found?.approval;
      if (!found || !approval || (approval.status === 'pending' && approval.expiresAt > this.now())) {
        // Still waiting (or nothing was asked): no answer yet, nothing to record.
        auditEach([]);
        return { done: false, pending: true };
      }
      await this.approvals.spend(approval.id);
      if (approval.status === 'denied') return this.refuse(ctx, row, member, 'denied_on_app', ip);
      ok = approval.status === 'approved' && found.usable;
      if (approval.status === 'pending') wrong = 'expired';
    } else if (input.kind === 'recovery') {
      ok =
        !!member &&
        (await this.recoveryCovers(member, stageKinds)) &&
        (await this.useRecoveryCode(member, input.value));
    } else {
      ok = await this.checks.check(member, input.kind, input.value, { evenIfBlocked: true });
      if (!ok && member && (await this.lockedOnly(member, input.kind))) wrong = 'locked';
    }

    if (!ok || !member) {
      await this.throttle.failure(attempt);
      // Spent after too many wrong answers; an atomic increment, so racing answers each count.
      const [counted] = await this.db
        .update(oidcSignIns)
        .set({ failures: sql`${oidcSignIns.failures} + 1` })
        .where(eq(oidcSignIns.uid, uid))
        .returning({ failures: oidcSignIns.failures });
      if ((counted?.failures ?? SIGNIN_MAX_FAILURES) >= SIGNIN_MAX_FAILURES) {
        await this.db.update(oidcSignIns).set({ spent: 'too_many_failures' }).where(eq(oidcSignIns.uid, uid));
        wrong = 'too_many_failures';
      }
      await this.record(row, member, 'failure', wrong, ip);
      auditOutcome('failure', wrong);
      return { refused: 'login', status: 401 };
    }

    // A first right answer: now a refusal may say why.
    if (!row.answered) {
      const why = await this.barrier(ctx.app, member);
      if (why) return this.refuse(ctx, row, member, why, ip);
    }
    return this.advance(ctx, row, member, input.kind, ip, attempt);
  }

  /** Why the member, whose answer was right, may still not sign in here; null when they may. */
  private async barrier(app: App, member: MemberRow): Promise<SignInFailureReason | null> {
    if (member.blocked) return 'blocked';
    if (member.groupId) {
      const [group] = await this.db
        .select({ web: configurations.webLoginEnabled })
        .from(configurations)
        .where(eq(configurations.id, member.groupId));
      if (group && !group.web) return 'web_login_disabled';
    }
    if (!(await this.flows.forMember(app, member.groupId))) return 'no_flow';
    return null;
  }

  private async advance(
    ctx: Context,
    row: Row & { stages: CredentialType[][] },
    member: MemberRow,
    kind: SignInKind,
    ip: string,
    attempt: Attempt,
  ): Promise<SignInStepResult | Refused> {
    const stages = row.stages;
    const proved: SignInKind[] = [...row.proved, kind];
    const recovered = row.recovered || kind === 'recovery';
    let next = row.stage + 1;
    let finished = next >= stages.length || (kind !== 'recovery' && row.terminating.includes(kind as CredentialType));
    // A recovery code stands in for every later stage recovery mode disabled as well.
    while (!finished && recovered && (await this.recoveryCovers(member, stages[next] ?? []))) {
      proved.push('recovery');
      next += 1;
      finished = next >= stages.length;
    }
    const [moved] = await this.db
      .update(oidcSignIns)
      .set({ stage: next, proved, answered: true, recovered, ...(finished ? { spent: 'done' as const } : {}) })
      .where(and(eq(oidcSignIns.uid, row.uid), eq(oidcSignIns.stage, row.stage), isNull(oidcSignIns.spent)))
      .returning({ uid: oidcSignIns.uid });
    if (!moved) throw expired();
    if (!finished) {
      // A stage passed is no event of its own: the sign-in's outcome is.
      auditEach([]);
      return { done: false, pending: false, stage: stageOf(stages, next) };
    }
    const interaction = ctx.interaction;
    const ttl = interaction.exp - Math.floor(Date.now() / 1000);
    if (ttl <= 0) throw expired();
    await this.throttle.clear(attempt);
    // An application that asked for more than one factor gets an error, never less.
    if (requiresMultiFactor(interaction.params.acr_values) && !isMultiFactor(proved)) {
      interaction.result = {
        error: 'unmet_authentication_requirements',
        error_description: 'The application requires a multi-factor sign-in; the sign-in passed one factor',
      };
      await interaction.save(ttl);
      await this.record({ ...row, proved }, member, 'failure', 'mfa_required', ip);
      auditOutcome('failure', 'mfa_required');
      auditDetails({ kinds: proved });
      return { done: true, redirect: interaction.returnTo };
    }
    // Consent too, granted by loadExistingGrant (policy.ts): a request that asks for a consent
    // prompt (as offline_access needs) must not come back here for it.
    interaction.result = { login: { accountId: member.id, ...authenticationOf(proved) }, consent: {} };
    await interaction.save(ttl);
    await this.record({ ...row, proved }, member, 'success', null, ip);
    auditAction('signin.success');
    auditDetails({ kinds: proved });
    return { done: true, redirect: interaction.returnTo };
  }

  /** Ends the sign-in with a refusal that says why (after a right answer, or the member's app said no). */
  private async refuse(ctx: Context, row: Row, member: MemberRow | null, why: SignInFailureReason, ip: string) {
    const spent = SPENT[why];
    if (!spent) throw new Error(`no refusal for ${why}`);
    await this.db.update(oidcSignIns).set({ spent: why }).where(eq(oidcSignIns.uid, ctx.uid));
    await this.record(row, member, 'failure', why, ip);
    auditOutcome('failure', why);
    return { refused: spent.code, status: spent.status } satisfies Refused;
  }

  async abort(uid: string, ip: string): Promise<SignInRedirect> {
    const ctx = await this.context(uid, { allowSpent: true });
    const { interaction, app } = ctx;
    const ttl = interaction.exp - Math.floor(Date.now() / 1000);
    if (ttl <= 0) throw expired();
    interaction.result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    await interaction.save(ttl);
    const [row] = await this.db
      .insert(oidcSignIns)
      .values({
        uid,
        customerId: app.customerId,
        applicationId: app.id,
        expiresAt: this.endOf(interaction),
        createdAt: this.now(),
        spent: 'aborted',
      })
      .onConflictDoUpdate({ target: oidcSignIns.uid, set: { spent: 'aborted' } })
      .returning();
    const member = row?.memberId ? await this.checks.byId(app.customerId, row.memberId) : null;
    auditMemberActor(app.customerId, member?.id ?? null, member?.username ?? row?.username ?? null);
    auditTarget(member?.id ?? null, member?.username ?? row?.username ?? null);
    auditDetails({ application_id: app.id });
    if (row) await this.record(row, member, 'abort', null, ip);
    // Where the application wants aborted sign-ins; else back to it through the provider (access_denied).
    return { redirect: app.redirectUriAbortLoginFlow || interaction.returnTo };
  }

  private async record(
    row: Row,
    member: MemberRow | null,
    outcome: 'success' | 'failure' | 'abort',
    reason: SignInFailureReason | null,
    ip: string,
  ): Promise<void> {
    if (!member) return;
    await this.records.record({
      customerId: row.customerId,
      memberId: member.id,
      applicationId: row.applicationId,
      outcome,
      reason,
      kinds: row.proved,
      ip,
    });
  }

  /** Whether the member holds credentials of `kind` and every one of them is locked. */
  private async lockedOnly(member: MemberRow, kind: CredentialType): Promise<boolean> {
    const rows = await this.db
      .select({ locked: credentials.locked })
      .from(credentials)
      .where(and(eq(credentials.memberId, member.id), eq(credentials.type, kind), eq(credentials.isActive, true)));
    return rows.length > 0 && rows.every((r) => r.locked);
  }

  /**
   * Whether the member's active recovery mode disabled a credential of one of these kinds (and
   * it is still off): a recovery code then stands in for the stage.
   */
  private async recoveryCovers(member: MemberRow, kinds: CredentialType[]): Promise<boolean> {
    if (!kinds.length) return false;
    const [mode] = await this.db
      .select({ disabled: recoveryModes.disabledCredentialIds })
      .from(recoveryModes)
      .where(and(eq(recoveryModes.memberId, member.id), isNull(recoveryModes.deactivatedAt)));
    if (!mode?.disabled.length) return false;
    const [covered] = await this.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(
        and(
          eq(credentials.memberId, member.id),
          inArray(credentials.id, mode.disabled),
          eq(credentials.isActive, false),
          inArray(credentials.type, kinds),
        ),
      )
      .limit(1);
    return !!covered;
  }

  /** Spends one of the member's live recovery codes (single use). */
  private useRecoveryCode(member: MemberRow, code: string): Promise<boolean> {
    return this.recovery.useCode(member.customerId, member.id, code);
  }
}
