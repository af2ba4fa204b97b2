/**
 * The RADIUS sign-in (RFC 2865 with RFC 2869's challenges): an adapter over the sign-in engine
 * (signIn/engine.ts, channel 'radius'). The client names the customer and the RADIUS
 * application, whose app roles pick the member's flow (and admit their group); progress lives
 * in radius_sign_ins under the State each Access-Challenge carries.
 *
 * - An Access-Request without State names the member (User-Name, as the customer's settings say
 *   members are named) and answers the first stage with User-Password: the password or PIN, or
 *   the password with the next stage's code appended ("secret123456"), which VPN users are used
 *   to. Each reading is tried (one failure if none holds), so a password ending in digits works
 *   alone too.
 * - Any further stage is an Access-Challenge with a Reply-Message saying what to type. A stage
 *   with the app asks it at once and shows the number to pick; the next Access-Request (Enter)
 *   waits for the approval, up to the client's approval wait. A stage that sends a code by mail
 *   or SMS sends it; where the stage offers those beside a typed code, the member types `mail`,
 *   `sms` or `app` to have it sent. A recovery code answers any stage, as on the web.
 * - The last right answer is an Access-Accept with the attributes of the member's app role.
 *   Anything else is an Access-Reject, which ends the sign-in: with the reason once a first
 *   answer was right (blocked, not admitted...), else a plain failure, whoever asked.
 */
import { randomBytes } from 'node:crypto';
import {
  type CredentialType,
  type CustomerSettings,
  RADIUS_REPLY_ATTRIBUTES,
  RADIUS_SIGNIN_TTL_S,
  type RadiusAttribute,
  type SignInFailureReason,
} from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, appRoles, radiusSignIns } from '../db/schema/index.ts';
import { loadEffectiveApplication } from '../modules/applications/effective.ts';
import type { SettingsService } from '../modules/settings/service.ts';
import type { SignInEngine } from '../signIn/engine.ts';
import type { FlowApp } from '../signIn/flows.ts';
import type { Outcome } from '../signIn/outcome.ts';
import { type AnsweredKind, offers, type Progress } from '../signIn/progress.ts';
import { progressColumnsOf, TableProgress } from '../signIn/tableProgress.ts';
import type { AuditedSteps, RadiusSource } from './audited.ts';
import type { RadiusClientEntry } from './clients.ts';
import { type RadiusMessage, refusalOf, say } from './messages.ts';
import type { AccessRequest, ReplyAttribute, ReplyCode } from './packets.ts';

export interface RadiusReply {
  code: ReplyCode;
  attributes: ReplyAttribute[];
}

type Row = typeof radiusSignIns.$inferSelect;

/** One way to read what the member typed; `rest`: a code appended to a password, for the next stage. */
interface Reading {
  kind: AnsweredKind;
  value: string;
  rest?: string;
}

/** Where a sign-in stands, and what it needs to say things in the customer's words. */
interface Ctx {
  client: RadiusClientEntry;
  usernameText: CustomerSettings['general']['username_text'];
  source: RadiusSource;
  app: FlowApp;
  language: string;
  codeLengths: Partial<Record<CredentialType, number>>;
}

const APP_KINDS: CredentialType[] = ['app', 'app_biometry'];
const KNOWLEDGE: AnsweredKind[] = ['password', 'pin'];
/** What a member types without anything sent first. */
const TYPED = ['password', 'pin', 'totp', 'hotp'] as const;
const digits = (v: string) => /^\d+$/.test(v);
/** How often a request waiting for the app's approval looks again. */
const APPROVAL_POLL_MS = 250;

const progressOf = (row: Row, client: RadiusClientEntry): Progress => ({
  id: row.id,
  customerId: row.customerId,
  applicationId: row.applicationId,
  // The member's sign-in record names the RADIUS client where a workstation's names its machine.
  machine: client.name,
  memberId: row.memberId,
  username: row.username,
  stages: row.stages,
  ...progressColumnsOf(row),
});

export class RadiusSignIns {
  constructor(
    private readonly db: Db,
    private readonly engine: SignInEngine,
    private readonly settings: SettingsService,
    private readonly steps: AuditedSteps,
    private readonly now: () => Date = () => new Date(),
    private readonly pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async handle(client: RadiusClientEntry, request: AccessRequest, nas: string): Promise<RadiusReply> {
    const ctx = await this.context(client, request, nas);
    if (!ctx) return reject();
    const answer = request.password ?? '';
    if (request.state) {
      const row = await this.row(client, request.state);
      if (!row) return reject(say(ctx.language, 'expired'));
      return this.step(ctx, row, answer, false);
    }
    if (!request.userName || request.password === null) return reject(say(ctx.language, 'failed'));
    const row = await this.start(ctx, request.userName);
    if (!row) return reject(say(ctx.language, 'no_flow'));
    return this.step(ctx, row, answer, true);
  }

  private async context(client: RadiusClientEntry, request: AccessRequest, nas: string): Promise<Ctx | null> {
    const [app] = await this.db
      .select()
      .from(applications)
      .where(and(eq(applications.id, client.applicationId), eq(applications.customerId, client.customerId)));
    // A RADIUS application whose type was changed since signs nobody in through its clients.
    if (app?.type !== 'radius') return null;
    const effective = await loadEffectiveApplication(app, async (id) => {
      const [base] = await this.db.select().from(applications).where(eq(applications.id, id));
      return base;
    });
    const { settings } = await this.settings.get(client.customerId);
    const totp = settings.sca.totp_credential.length;
    // The member's own address, when the device says it (a VPN's client address), counts their
    // tries (the throttle), not the device every member comes through.
    const calling = request.callingStationId?.trim() ?? '';
    const ip = /^[\d.]+$|^[\da-f:]+$/i.test(calling) && calling.length <= 45 ? calling : nas;
    return {
      client,
      source: { ip, client: client.name },
      app: { id: app.id, customerId: app.customerId, defaultFlowId: effective.defaultFlowId },
      usernameText: settings.general.username_text,
      language: settings.general.language,
      codeLengths: { totp, app: totp, app_biometry: totp, hotp: settings.sca.hotp_credential.length },
    };
  }

  /** A new sign-in for whoever the name names (anyone walks a flow), or null when the application has none. */
  private async start(ctx: Ctx, name: string): Promise<Row | null> {
    const customerId = ctx.client.customerId;
    const who = { name: name.slice(0, 200), by: ctx.usernameText };
    const { member, shown, flow } = await this.engine.identify(customerId, who, { application: ctx.app });
    if (!flow) return null;
    const now = this.now();
    const [row] = await this.db
      .insert(radiusSignIns)
      .values({
        id: randomBytes(18).toString('base64url'),
        customerId,
        clientId: ctx.client.id,
        applicationId: ctx.app.id,
        memberId: member?.id ?? null,
        username: shown,
        stages: flow.stages,
        terminating: flow.terminating,
        expiresAt: new Date(now.getTime() + RADIUS_SIGNIN_TTL_S * 1000),
        createdAt: now,
      })
      .returning();
    return row ?? null;
  }

  /** The live sign-in the State names, of this client; null when unknown, expired or spent. */
  private async row(client: RadiusClientEntry, state: Buffer): Promise<Row | null> {
    const id = state.toString('utf8');
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(radiusSignIns)
      .where(and(eq(radiusSignIns.id, id), eq(radiusSignIns.clientId, client.id)));
    if (!row || row.spent || row.expiresAt <= this.now()) return null;
    return row;
  }

  private store(row: Row) {
    return new TableProgress(this.db, radiusSignIns, eq(radiusSignIns.id, row.id), row);
  }

  /** Answers the current stage with what the member typed (or has it sent, or waits for the app). */
  private async step(ctx: Ctx, row: Row, typed: string, first: boolean): Promise<RadiusReply> {
    const p = progressOf(row, ctx.client);
    const word = typed.trim().toLowerCase();
    if ((word === 'mail' || word === 'sms' || word === 'app') && offers(p, word)) return this.ask(ctx, row, word);
    if (!typed && offers(p, 'app') && row.sentAt.app) return this.awaitApproval(ctx, row);
    // A first stage that takes nothing typed (the app, a mailed code) is asked, whatever the
    // device sent as the password (its first prompt is always for one).
    if (first && !TYPED.some((k) => p.stages[0]?.includes(k))) return this.ask(ctx, row);
    const readings = this.readings(ctx, p, typed, first);
    const [main, ...or] = readings;
    if (!main) return this.ask(ctx, row);
    const outcome = await this.steps.run(ctx.source, () =>
      this.engine.answer(p, this.store(row), {
        channel: 'radius',
        ip: ctx.source.ip,
        kind: main.kind,
        value: main.value,
        or: or.map(({ kind, value }) => ({ kind, value })),
        target: { application: ctx.app },
      }),
    );
    const rest = outcome.type === 'next' ? readings[outcome.reading]?.rest : undefined;
    if (rest) {
      const moved = await this.row(ctx.client, Buffer.from(row.id));
      if (moved) return this.step(ctx, moved, rest, false);
    }
    return this.outcome(ctx, row, outcome);
  }

  /**
   * The ways `typed` answers the stage, most specific first: on the first stage, a password or
   * PIN with the next stage's code appended (one reading per code length the next stage takes);
   * then as it is, for each kind of the stage it may be; last a recovery code.
   */
  private readings(ctx: Ctx, p: Progress, typed: string, first: boolean): Reading[] {
    if (!typed) return [];
    const kinds = p.stages[p.stage] ?? [];
    const out: Reading[] = [];
    const knowledge = KNOWLEDGE.filter((k) => kinds.includes(k as CredentialType));
    if (first) {
      const next = p.stages[p.stage + 1] ?? [];
      const lengths = new Set(next.map((k) => ctx.codeLengths[k]).filter((n): n is number => !!n));
      for (const n of [...lengths].sort((a, b) => b - a)) {
        const code = typed.slice(-n);
        if (typed.length > n && digits(code)) {
          for (const kind of knowledge) out.push({ kind, value: typed.slice(0, -n), rest: code });
        }
      }
    }
    for (const kind of knowledge) out.push({ kind, value: typed });
    if (digits(typed)) {
      for (const kind of ['totp', 'hotp'] as const) if (kinds.includes(kind)) out.push({ kind, value: typed });
      if (kinds.some((k) => APP_KINDS.includes(k))) out.push({ kind: 'app', value: typed });
    }
    for (const kind of ['mail', 'sms'] as const) {
      if (kinds.includes(kind) && p.sentAt[kind]) out.push({ kind, value: typed });
    }
    out.push({ kind: 'recovery', value: typed });
    return out;
  }

  /**
   * Asks the stage: the app (with the number to pick), else the typed answer it takes, else a
   * code it sends; `kind` when the member typed it.
   */
  private async ask(ctx: Ctx, row: Row, kind?: 'mail' | 'sms' | 'app'): Promise<RadiusReply> {
    const kinds = row.stages[row.stage] ?? [];
    const has = (k: CredentialType) => kinds.includes(k);
    const typed = TYPED.filter(has);
    const sendable = (['mail', 'sms'] as const).filter(has);
    const app = kinds.some((k) => APP_KINDS.includes(k));
    const chosen = kind ?? (app ? 'app' : typed.length ? null : sendable[0]);
    const others = (skip: string | null): RadiusMessage[] => [
      ...(sendable.includes('mail') && skip !== 'mail' ? (['orMail'] as const) : []),
      ...(sendable.includes('sms') && skip !== 'sms' ? (['orSms'] as const) : []),
      ...(app && skip !== 'app' ? (['orApp'] as const) : []),
    ];
    if (chosen === undefined) return reject(say(ctx.language, 'unsupported'));
    if (chosen === null) {
      const prompt: RadiusMessage =
        typed.length === 1 && typed[0] === 'password'
          ? 'password'
          : typed.length === 1 && typed[0] === 'pin'
            ? 'pin'
            : typed.every((k) => k === 'password' || k === 'pin')
              ? 'passwordOrPin'
              : 'code';
      return challenge(row, say(ctx.language, prompt, ...others(null)));
    }
    const p = progressOf(row, ctx.client);
    const sent = await this.steps.run(ctx.source, () =>
      this.engine.send(p, this.store(row), 'radius', chosen, ctx.source.ip),
    );
    if (sent.type === 'tooSoon') return challenge(row, say(ctx.language, 'resendTooSoon'));
    if (chosen === 'app') return challenge(row, say(ctx.language, ['app', { number: sent.number ?? '' }]));
    const base: RadiusMessage = chosen === 'mail' ? 'mail' : 'sms';
    const to = sent.shown ? say(ctx.language, [`${base}To`, { to: sent.shown }]) : say(ctx.language, base);
    return challenge(row, [to, ...others(chosen).map((m) => say(ctx.language, m))].join(' '));
  }

  /** Waits for the member's answer on the app, up to the client's approval wait; else challenges again. */
  private async awaitApproval(ctx: Ctx, row: Row): Promise<RadiusReply> {
    const p = progressOf(row, ctx.client);
    // Real time, whatever the sign-in clock says: the device waits in real time.
    const until = performance.now() + ctx.client.approvalWait * 1000;
    for (;;) {
      const outcome = await this.steps.run(ctx.source, () =>
        this.engine.answer(p, this.store(row), {
          channel: 'radius',
          ip: ctx.source.ip,
          kind: 'app',
          value: '',
          target: { application: ctx.app },
        }),
      );
      if (outcome.type !== 'pending') return this.outcome(ctx, row, outcome);
      const left = until - performance.now();
      if (left <= 0) break;
      await this.pause(Math.min(APPROVAL_POLL_MS, left));
    }
    return challenge(row, say(ctx.language, 'appWaiting'));
  }

  /** The engine's outcome as the reply: the next stage asked, an Access-Accept, or an Access-Reject. */
  private async outcome(ctx: Ctx, row: Row, outcome: Outcome): Promise<RadiusReply> {
    switch (outcome.type) {
      case 'next': {
        const moved = await this.row(ctx.client, Buffer.from(row.id));
        return moved ? this.ask(ctx, moved) : reject(say(ctx.language, 'expired'));
      }
      case 'success':
        return { code: 'Access-Accept', attributes: await this.acceptAttributes(ctx, outcome.member.groupId) };
      case 'pending':
        return challenge(row, say(ctx.language, 'appWaiting'));
      case 'throttled':
        await this.spend(row, 'wrong_answer');
        return reject(say(ctx.language, ['throttled', { seconds: outcome.retryAfterS }]));
      case 'gone':
        return reject(say(ctx.language, 'expired'));
      case 'failure':
        // A reject ends the conversation: the State is not answered again.
        await this.spend(row, outcome.reason);
        return reject(say(ctx.language, outcome.told ? refusalOf(outcome.reason) : 'failed'));
    }
  }

  private async spend(row: Row, reason: SignInFailureReason) {
    await this.db.update(radiusSignIns).set({ spent: reason }).where(eq(radiusSignIns.id, row.id));
  }

  /** What the member's app role sets for the Access-Accept. */
  private async acceptAttributes(ctx: Ctx, groupId: string | null): Promise<ReplyAttribute[]> {
    if (!groupId) return [];
    const [role] = await this.db
      .select({ attributes: appRoles.radiusAttributes })
      .from(appRoles)
      .where(and(eq(appRoles.applicationId, ctx.app.id), eq(appRoles.groupId, groupId)));
    return (role?.attributes ?? []).map(replyAttribute);
  }
}

/** An operator's attribute as the packet carries it: numbers as numbers, Class as its bytes, the rest as text. */
function replyAttribute(a: RadiusAttribute): ReplyAttribute {
  const type = RADIUS_REPLY_ATTRIBUTES[a.name];
  if (type === 'integer') return [a.name, Number(a.value)];
  // Class is octets (RFC 2865 5.25): the device echoes it back in accounting as it came.
  if (a.name === 'Class') return [a.name, Buffer.from(a.value)];
  return [a.name, a.value];
}

function challenge(row: Row, message: string): RadiusReply {
  return {
    code: 'Access-Challenge',
    attributes: [
      ['State', Buffer.from(row.id)],
      ['Reply-Message', message],
    ],
  };
}

function reject(message?: string): RadiusReply {
  return { code: 'Access-Reject', attributes: message ? [['Reply-Message', message]] : [] };
}
