/**
 * The sign-in engine: every channel a member signs in through (the web login, the login
 * assistant; next the workstation, RADIUS, SAML) drives it, and it knows nothing of HTTP or of
 * the channel's protocol. It names the member (identify.ts), picks the flow that applies
 * (flows.ts), checks each stage's answer against the member's real credential
 * (credentialChecks.ts, app approvals, recovery codes standing in for the credentials recovery
 * mode disabled), ends the flow at a terminating credential, and keeps guessing in check: the
 * credential's own lock, the sign-in throttle (auth/throttle.ts) and the sign-in's own count of
 * wrong answers. It writes the audit event's facts and the member's sign-in record.
 *
 * Against enumeration, unknown names and cards walk a flow like a member, and every wrong answer
 * is the same failure whoever asked (a password or PIN costs one hash either way). Channels that
 * explain refusals (channel.ts) say why (blocked, the group's switch off, no flow) only after a
 * first right answer.
 *
 * A channel keeps its sign-ins in progress itself: it reads its row into a Progress, hands the
 * engine a ProgressStore over it, and turns the typed outcome (outcome.ts) into its answer.
 */
import { type CredentialType, maskEmail, type ProvedKind, type SignInFailureReason } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { auditAction, auditDetails, auditEach, auditMemberActor, auditOutcome, auditTarget } from '../audit/context.ts';
import type { LoginThrottle } from '../auth/throttle.ts';
import type { Db } from '../db/client.ts';
import { configurations, members } from '../db/schema/index.ts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { RecoveryService } from '../modules/recovery/service.ts';
import { APP_TYPES, type AppApprovals, numberMatch } from './appApprovals.ts';
import { CHANNELS, type ChannelRules, type SignInChannel } from './channel.ts';
import type { CredentialChecks } from './credentialChecks.ts';
import { authenticationOf, isMultiFactor } from './factors.ts';
import { type Flow, type FlowApp, SignInFlows } from './flows.ts';
import { MemberLookup, type Who } from './identify.ts';
import { identityExpired } from './identities.ts';
import type { Outcome, SendOutcome } from './outcome.ts';
import { type AnsweredKind, type Progress, type ProgressStore, stageOf } from './progress.ts';
import type { SignInRecord, SignInRecords } from './records.ts';
import { RecoveryStandIn } from './recoveryStandIn.ts';

/** What the sign-in leads into: an application (its app roles pick the flow), or a flow the channel chose. */
export type Target = { application: FlowApp } | { flow: Flow | null };

/** An answer to the current stage. */
export interface Answer {
  channel: SignInChannel;
  ip: string;
  kind: AnsweredKind;
  /**
   * The password, PIN or code; a key pair's or smartcard's signature (base64), or a security
   * key's assertion (JSON); empty for `app` (asked until the phone answers).
   */
  value: string;
  /** What a key pair or smartcard signed (base64): the challenge the channel gave this sign-in; a security key's scope. */
  challenge?: string | null;
  target: Target;
  /** The requester accepts only a multi-factor sign-in (an OpenID request's acr_values). */
  multiFactor?: boolean;
  /**
   * Other readings of the same answer, tried in order after kind and value until one holds (a
   * RADIUS password that may carry a code appended; a typed code any of the stage's kinds may
   * take). All of them wrong count as one wrong answer. Not for the app's approval.
   */
  or?: Array<{ kind: AnsweredKind; value: string }>;
}

/** A phone number with all but its country prefix and last two digits hidden. */
const maskPhone = (phone: string) =>
  `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;

export interface EngineDeps {
  db: Db;
  checks: CredentialChecks;
  approvals: AppApprovals;
  recovery: RecoveryService;
  throttle: LoginThrottle;
  records: SignInRecords;
  now?: () => Date;
}

export class SignInEngine {
  readonly flows: SignInFlows;
  private readonly db: Db;
  private readonly checks: CredentialChecks;
  private readonly approvals: AppApprovals;
  private readonly throttle: LoginThrottle;
  private readonly records: SignInRecords;
  private readonly lookup: MemberLookup;
  private readonly standIn: RecoveryStandIn;
  private readonly now: () => Date;

  constructor(deps: EngineDeps) {
    this.db = deps.db;
    this.checks = deps.checks;
    this.approvals = deps.approvals;
    this.throttle = deps.throttle;
    this.records = deps.records;
    this.now = deps.now ?? (() => new Date());
    this.flows = new SignInFlows(deps.db);
    this.lookup = new MemberLookup(deps.db, deps.checks, this.now);
    this.standIn = new RecoveryStandIn(deps.db, deps.recovery);
  }

  /** The member named (or null) and the name the sign-in shows and counts them by. */
  find(customerId: string, who: Who) {
    return this.lookup.find(customerId, who);
  }

  /**
   * The flow someone walks into the target: the member's own, else the one shown to whoever the
   * sign-in cannot tell apart; null when the target has no flow at all.
   */
  async flowFor(target: Target, member: MemberRow | null): Promise<Flow | null> {
    if ('flow' in target) return target.flow;
    const own = member ? await this.flows.forMember(target.application, member.groupId) : null;
    return own ?? (await this.flows.fallback(target.application));
  }

  /** Who signs in, and the flow they walk (null: none). */
  async identify(customerId: string, who: Who, target: Target) {
    const { member, shown } = await this.find(customerId, who);
    return { member, shown, flow: await this.flowFor(target, member) };
  }

  /** The sign-in's member, as it is now. */
  member(progress: Pick<Progress, 'customerId' | 'memberId'>): Promise<MemberRow | null> {
    return progress.memberId ? this.checks.byId(progress.customerId, progress.memberId) : Promise.resolve(null);
  }

  /**
   * Sends a mail or SMS code, or asks the member's app, for the current stage (the caller checked
   * that it offers the kind). Anyone gets the same answer: nothing goes to nobody, to a blocked
   * member or for a missing credential.
   */
  async send(
    progress: Progress,
    store: ProgressStore,
    channel: SignInChannel,
    kind: 'mail' | 'sms' | 'app',
    /** Where the sign-in comes from: the app shows it. */
    ip: string | null = null,
  ): Promise<SendOutcome> {
    const rules = CHANNELS[channel];
    const now = this.now();
    if (rules.resendS !== null) {
      const last = progress.sentAt[kind];
      const wait = last ? rules.resendS - Math.floor((now.getTime() - Date.parse(last)) / 1000) : 0;
      if (wait > 0) return { type: 'tooSoon', retryAfterS: wait };
      // Counted per sign-in before anything goes out, whoever the member is.
      if (!(await store.claimSend(kind, now))) return { type: 'tooSoon', retryAfterS: null };
    }
    const member = await this.member(progress);
    let target: string | null = null;
    let number: number | null = null;
    if (kind === 'app') {
      // Number matching: anyone gets a number, so that it tells nothing about who has an app.
      const match = numberMatch();
      number = match.number;
      if (member && !member.blocked && (progress.applicationId || progress.machine)) {
        const stage = progress.stages[progress.stage] ?? [];
        const types = APP_TYPES.filter((t) => stage.includes(t));
        const asker = { applicationId: progress.applicationId, machine: progress.machine ?? null, ip };
        target = await this.approvals.request(member, progress.id, asker, match, progress.expiresAt, types, {
          windowsOnly: rules.windows,
        });
      }
    } else {
      target = await this.checks.sendCode(member, kind, { windowsOnly: rules.windows });
    }
    // Where it went is said only once a first answer was right: before, it would tell who exists.
    const shown =
      !progress.answered || !target
        ? ''
        : kind === 'mail'
          ? maskEmail(target)
          : kind === 'sms'
            ? maskPhone(target)
            : target;
    return { type: 'sent', shown, resendS: rules.resendS, number };
  }

  /** Checks an answer to the current stage (the caller checked that it offers the kind). */
  async answer(progress: Progress, store: ProgressStore, answer: Answer): Promise<Outcome> {
    const rules = CHANNELS[answer.channel];
    const p = progress;
    const member = await this.member(p);
    const name = member?.username ?? p.username;
    auditMemberActor(p.customerId, member?.id ?? null, name);
    auditTarget(member?.id ?? null, name);
    auditDetails({ kind: answer.kind, stage: p.stage });

    const key =
      member && rules.throttle.byMember ? member.id : rules.throttle.byMember ? `name:${p.username}` : p.username;
    const { attempt, barredS } = await this.throttle.check(`${rules.throttle.prefix}:${p.customerId}:${key}`, {
      ip: answer.ip,
    });
    if (barredS > 0) {
      auditAction(rules.audit.failure);
      return { type: 'throttled', retryAfterS: barredS };
    }

    const stageKinds = p.stages[p.stage] ?? [];
    // Why a wrong answer was wrong, for the channels that keep it (the record, the trail).
    const detailed = rules.record !== null || rules.audit.reasons === 'detailed';
    let ok = false;
    // What the answer proved: its kind, or more precisely (a security key for a key pair).
    let provedKind: ProvedKind = answer.kind;
    let wrong: SignInFailureReason = 'wrong_answer';
    // The reading of the answer that held (0: kind and value; i: answer.or[i - 1]).
    let reading = 0;
    let kind: AnsweredKind = answer.kind;
    if (answer.kind === 'app' && !answer.value) {
      const found = member ? await this.approvals.latest(p.id, member.id, { windowsOnly: rules.windows }) : null;
      const approval = found?.approval;
      if (!found || !approval || (approval.status === 'pending' && approval.expiresAt > this.now())) {
        // Still waiting (or nothing was asked): no answer yet, nothing to record.
        auditEach([]);
        return { type: 'pending' };
      }
      await this.approvals.spend(approval.id);
      if (approval.status === 'denied') {
        const why = approval.denial ?? 'denied_on_app';
        if (member && why === 'reported_by_member') await this.reported(member);
        return this.refuse(rules, p, store, member, why, answer.ip);
      }
      ok = approval.status === 'approved' && found.usable;
      if (approval.status === 'pending') wrong = 'expired';
    } else {
      // Each reading is checked (one hash each, member or not) until one holds; all of them
      // wrong count as one wrong answer.
      const readings = [{ kind: answer.kind, value: answer.value }, ...(answer.or ?? [])];
      for (const [i, r] of readings.entries()) {
        const proof = await this.prove(rules, member, stageKinds, r.kind, r.value, answer.challenge ?? null);
        if (proof) {
          ok = true;
          provedKind = proof;
          reading = i;
          kind = r.kind;
          break;
        }
        if (detailed && member && wrong === 'wrong_answer' && r.kind !== 'recovery' && r.kind !== 'app') {
          wrong = (await this.checks.whyNot(member, r.kind)) ?? wrong;
        }
      }
    }

    if (!ok || !member) {
      await this.throttle.failure(attempt);
      const failures = (await store.countFailure()) ?? rules.maxFailures;
      if (failures >= rules.maxFailures) {
        await store.spend('too_many_failures');
        wrong = 'too_many_failures';
      }
      await this.record(rules, p, member, 'failure', wrong, answer.ip);
      auditAction(rules.audit.failure);
      auditOutcome('failure', rules.audit.reasons === 'detailed' ? wrong : 'login');
      return { type: 'failure', reason: wrong, told: false };
    }

    // A first right answer: now a refusal may say why.
    if (rules.explains && !p.answered) {
      const why = await this.barrier(rules, answer.target, member);
      if (why) return this.refuse(rules, p, store, member, why, answer.ip);
    }

    const proved: ProvedKind[] = [...p.proved, provedKind];
    const recovered = p.recovered || kind === 'recovery';
    let next = p.stage + 1;
    let finished = next >= p.stages.length || (kind !== 'recovery' && p.terminating.includes(kind as CredentialType));
    // A recovery code stands in for every later stage recovery mode disabled as well.
    while (!finished && recovered && (await this.standIn.covers(member, p.stages[next] ?? []))) {
      proved.push('recovery');
      next += 1;
      finished = next >= p.stages.length;
    }
    // A member blocked (or refused otherwise) after their first right answer does not finish.
    if (finished && rules.explains && p.answered) {
      const why = await this.barrier(rules, answer.target, member);
      if (why) return this.refuse(rules, p, store, member, why, answer.ip);
    }
    if (!(await store.move({ stage: next, proved, recovered, finished }))) return { type: 'gone' };
    if (!finished) {
      // A stage passed is no event of its own: the sign-in's outcome is.
      auditEach([]);
      return { type: 'next', stage: stageOf(p.stages, next), reading };
    }
    await this.throttle.clear(attempt);
    // A requester that asked for more than one factor gets a failure, never less.
    if (answer.multiFactor && !isMultiFactor(proved)) {
      await this.record(rules, { ...p, proved }, member, 'failure', 'mfa_required', answer.ip);
      auditAction(rules.audit.failure);
      auditOutcome('failure', 'mfa_required');
      auditDetails({ kinds: proved });
      return { type: 'failure', reason: 'mfa_required', told: true };
    }
    await this.record(rules, { ...p, proved }, member, 'success', null, answer.ip);
    if (rules.audit.success) {
      auditAction(rules.audit.success);
      auditDetails({ kinds: proved });
    }
    return {
      type: 'success',
      member,
      facts: { kinds: proved, ...authenticationOf(proved), authTime: this.now() },
      reading,
    };
  }

  /**
   * Whether a typed answer (a password, PIN or code; a signature; the app's offline code; a
   * recovery code) holds: what it proved, or null.
   */
  private async prove(
    rules: ChannelRules,
    member: MemberRow | null,
    stageKinds: CredentialType[],
    kind: AnsweredKind,
    value: string,
    challenge: string | null,
  ): Promise<ProvedKind | null> {
    if (kind === 'app') {
      // The app's offline code (a TOTP the app shows), for a phone without network.
      for (const type of APP_TYPES.filter((t) => stageKinds.includes(t))) {
        const proof = await this.checks.check(member, type, value, {
          evenIfBlocked: rules.explains,
          windowsOnly: rules.windows,
        });
        if (proof) return 'app';
      }
      return null;
    }
    if (kind === 'recovery') {
      const held =
        !!member && (await this.standIn.covers(member, stageKinds)) && (await this.standIn.use(member, value));
      return held ? 'recovery' : null;
    }
    return this.checks.check(member, kind as CredentialType, value, {
      evenIfBlocked: rules.explains,
      windowsOnly: rules.windows,
      challenge,
    });
  }

  /** The member gave up: the trail names them, and their record says so. */
  async aborted(
    channel: SignInChannel,
    p: Pick<Progress, 'customerId' | 'applicationId' | 'memberId' | 'proved'> & { username: string | null },
    ip: string,
  ): Promise<void> {
    const member = await this.member(p);
    auditMemberActor(p.customerId, member?.id ?? null, member?.username ?? p.username);
    auditTarget(member?.id ?? null, member?.username ?? p.username);
    await this.record(CHANNELS[channel], p, member, 'abort', null, ip);
  }

  /** Why the member, whose answer was right, may still not sign in here; null when they may. */
  private async barrier(rules: ChannelRules, target: Target, member: MemberRow): Promise<SignInFailureReason | null> {
    if (member.blocked) return 'blocked';
    if (rules.windows && identityExpired(member, this.now())) return 'identity_expired';
    const gate = rules.groupSwitch;
    if (gate && member.groupId) {
      const [group] = await this.db
        .select({ on: configurations[gate.column] })
        .from(configurations)
        .where(eq(configurations.id, member.groupId));
      if (group && !group.on) return gate.refusal;
    }
    const own = 'flow' in target ? target.flow : await this.flows.forMember(target.application, member.groupId);
    if (!own) return 'no_flow';
    return null;
  }

  /** The member said on the app that a sign-in was not theirs: their detail says so until the next. */
  private async reported(member: MemberRow): Promise<void> {
    await this.db.update(members).set({ reportedSignInAt: this.now() }).where(eq(members.id, member.id));
  }

  /** Ends the sign-in with a refusal that says why. */
  private async refuse(
    rules: ChannelRules,
    p: Progress,
    store: ProgressStore,
    member: MemberRow | null,
    why: SignInFailureReason,
    ip: string,
  ): Promise<Outcome> {
    await store.spend(why);
    await this.record(rules, p, member, 'failure', why, ip);
    auditAction(rules.audit.failure);
    auditOutcome('failure', why);
    return { type: 'failure', reason: why, told: true };
  }

  private async record(
    rules: ChannelRules,
    p: Pick<Progress, 'customerId' | 'applicationId' | 'proved' | 'machine'>,
    member: MemberRow | null,
    outcome: SignInRecord['outcome'],
    reason: SignInFailureReason | null,
    ip: string,
  ): Promise<void> {
    if (!rules.record || !member) return;
    await this.records.record({
      channel: rules.record,
      machine: p.machine ?? null,
      customerId: p.customerId,
      memberId: member.id,
      applicationId: p.applicationId,
      outcome,
      reason,
      kinds: p.proved,
      ip,
    });
  }
}
