/**
 * The sign-in engine by itself, on a real database: the outcomes a channel gets per stage, the
 * terminating credential, the same failure for nobody as for a wrong secret, credential locks,
 * the throttle and the sign-in's own count, the recovery stand-in, the refusals that wait for a
 * right answer (web) or never come (assistant), the multi-factor requirement, and the record.
 * The channel's table is replaced by a store in memory: the engine asks it, and nothing else.
 */
import {
  ACR_MULTI_FACTOR,
  ACR_SINGLE_FACTOR,
  SIGNIN_MAX_FAILURES,
  type SignInFailureReason,
} from '@portiere/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_FREE_FAILURES } from '../auth/throttle.ts';
import { credentials, memberSignIns } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import {
  type Application,
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  appWithFlow as sharedAppWithFlow,
  totpCode,
  type WebMember,
} from '../test/web-login.ts';
import type { SignInChannel } from './channel.ts';
import type { Answer, SignInEngine, Target } from './engine.ts';
import type { Move, Progress, ProgressStore } from './progress.ts';

/** A channel's table in memory: what the engine moved, counted and spent. */
class MemoryStore implements ProgressStore {
  failures = 0;
  spent: SignInFailureReason | 'done' | null = null;
  moves: Move[] = [];
  constructor(public progress: Progress) {}
  async countFailure() {
    this.failures += 1;
    return this.failures;
  }
  async spend(reason: SignInFailureReason) {
    this.spent = reason;
  }
  async move(to: Move) {
    if (this.spent || to.stage <= this.progress.stage) return false;
    this.moves.push(to);
    this.progress = { ...this.progress, stage: to.stage, proved: to.proved, recovered: to.recovered, answered: true };
    if (to.finished) this.spent = 'done';
    return true;
  }
  async claimSend() {
    return true;
  }
}

describe.each(testDatabases())('the sign-in engine on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let engine: SignInEngine;
  let ip = 0;

  /** A spa application whose app role gives `stages` to a new group (with `group` fields). */
  const appWithFlow = async (stages: string[][], terminating: string[] = [], group: Record<string, unknown> = {}) => {
    const { app, groupId } = await sharedAppWithFlow(h, acme, stages, { terminating, group });
    const loaded = await h.app.services.oidc.clients.application(app.clientId);
    if (!loaded) throw new Error('application not found');
    targets.set(app.id, { application: loaded });
    return { app, groupId };
  };
  /** The application as the provider loads it (its effective default flow). */
  const targets = new Map<string, Target>();
  const target = (app: Application): Target => {
    const found = targets.get(app.id);
    if (!found) throw new Error('application not loaded');
    return found;
  };

  /** A sign-in identified by name, as a channel would start it, with its store. */
  const begin = async (app: Application, name: string) => {
    const { member, shown, flow } = await engine.identify(customerId, { name, by: 'username' }, target(app));
    if (!flow) throw new Error('no flow');
    const progress: Progress = {
      id: `t-${Math.random().toString(36).slice(2)}`,
      customerId,
      applicationId: app.id,
      memberId: member?.id ?? null,
      username: shown,
      stages: flow.stages,
      terminating: flow.terminating,
      stage: 0,
      proved: [],
      answered: false,
      recovered: false,
      sentAt: {},
      expiresAt: new Date(h.clock.now().getTime() + 600_000),
    };
    return new MemoryStore(progress);
  };
  /** Each sign-in answers from an address of its own, so that the throttle of one is not another's. */
  const answer = (
    app: Application,
    store: MemoryStore,
    kind: Answer['kind'],
    value: string,
    more: Partial<Answer> = {},
  ) => {
    const channel: SignInChannel = more.channel ?? 'web';
    return engine.answer(store.progress, store, {
      channel,
      ip: `10.0.0.${ip}`,
      kind,
      value,
      target: target(app),
      ...more,
    });
  };
  const records = (memberId: string) =>
    h.app.services.db
      .select()
      .from(memberSignIns)
      .where(eq(memberSignIns.memberId, memberId))
      .orderBy(desc(memberSignIns.at));

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    engine = h.app.services.signIn;
  });
  afterAll(async () => h?.close());

  it('tries the readings of one answer in turn, and counts them all wrong as one failure', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password'], ['totp']]);
    const m = await createWebMember(h, acme, groupId);
    const store = await begin(app, m.username);
    const code = '123456';
    // RADIUS: a password with a code appended, or the password alone (which ends in digits).
    const wrong = await answer(app, store, 'password', 'nope', { or: [{ kind: 'password', value: `nope${code}` }] });
    expect(wrong).toMatchObject({ type: 'failure', reason: 'wrong_answer', told: false });
    expect(store.failures).toBe(1);
    const right = await answer(app, store, 'password', 'nope', { or: [{ kind: 'password', value: PASSWORD }] });
    expect(right).toMatchObject({ type: 'next', reading: 1 });
    expect(store.failures).toBe(1);
  });

  it('asks the next stage after a right answer, and ends with the facts of the kinds passed', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password'], ['totp']]);
    const m = await createWebMember(h, acme, groupId);
    const store = await begin(app, m.username.toUpperCase());
    expect(store.progress.memberId).toBe(m.id);

    expect(await answer(app, store, 'password', PASSWORD)).toEqual({
      type: 'next',
      stage: { index: 1, count: 2, kinds: ['totp'] },
      reading: 0,
    });
    const done = await answer(app, store, 'totp', totpCode(h, m));
    expect(done).toMatchObject({
      type: 'success',
      member: { id: m.id },
      facts: { kinds: ['password', 'totp'], amr: ['pwd', 'otp', 'mfa'], acr: ACR_MULTI_FACTOR },
    });
    expect(store.spent).toBe('done');
    const [record] = await records(m.id);
    expect(record).toMatchObject({ outcome: 'success', kinds: ['password', 'totp'], applicationId: app.id });
  });

  it('ends the flow at once on a terminating credential', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['pin', 'password'], ['totp']], ['pin']);
    const m = await createWebMember(h, acme, groupId);
    await post(h.app, `users/${m.id}/credentials/`, { type: 'pin', value: '482913' }, acme);
    const store = await begin(app, m.username);
    expect(await answer(app, store, 'pin', '482913')).toMatchObject({
      type: 'success',
      facts: { kinds: ['pin'], amr: ['pin'], acr: ACR_SINGLE_FACTOR },
    });
  });

  it('walks someone it cannot name through the same flow, failing them as a wrong secret, until spent', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    const nobody = await begin(app, 'nobody-at-all');
    const member = await begin(app, m.username);
    expect(nobody.progress.memberId).toBeNull();
    // The application's flow is shown to both.
    expect(nobody.progress.stages).toEqual(member.progress.stages);

    const wrong = await answer(app, member, 'password', 'not-it');
    expect(wrong).toEqual({ type: 'failure', reason: 'wrong_answer', told: false });
    for (let i = 1; i < SIGNIN_MAX_FAILURES; i += 1)
      expect(await answer(app, nobody, 'password', PASSWORD)).toEqual(wrong);
    // The last one spends the sign-in.
    expect(await answer(app, nobody, 'password', PASSWORD)).toEqual({
      type: 'failure',
      reason: 'too_many_failures',
      told: false,
    });
    expect(nobody.spent).toBe('too_many_failures');
    // Nobody has no record; the member's failure is recorded with its reason.
    expect((await records(m.id))[0]).toMatchObject({ outcome: 'failure', reason: 'wrong_answer' });
  });

  it("says a credential locked as the reason of a right answer's failure", async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    await h.app.services.db
      .update(credentials)
      .set({ locked: true })
      .where(and(eq(credentials.memberId, m.id), eq(credentials.type, 'password')));
    const store = await begin(app, m.username);
    expect(await answer(app, store, 'password', PASSWORD)).toEqual({ type: 'failure', reason: 'locked', told: false });
  });

  it('bars a source after repeated failures for a member, across sign-ins', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    // Fresh sign-ins, so that only the throttle (not the sign-in's count) stops the guessing:
    // the source's free failures, then one that bars it.
    for (let i = 0; i <= SOURCE_FREE_FAILURES; i += 1)
      expect(await answer(app, await begin(app, m.username), 'password', `guess-${i}`)).toMatchObject({
        type: 'failure',
      });
    const barred = await answer(app, await begin(app, m.username), 'password', PASSWORD);
    expect(barred).toMatchObject({ type: 'throttled' });
    expect(barred.type === 'throttled' && barred.retryAfterS).toBeGreaterThan(0);
  });

  it('takes a recovery code for every stage recovery mode disabled', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password'], ['totp']]);
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { recovery_disable_tokens: true } });
    const m = await createWebMember(h, acme, groupId);
    const other: WebMember = await createWebMember(h, acme, groupId);
    const mode = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    expect(mode.status).toBe(201);
    const code: string = mode.body.code;
    try {
      // Another member's code proves nothing.
      expect(await answer(app, await begin(app, other.username), 'recovery', code)).toMatchObject({
        type: 'failure',
        reason: 'wrong_answer',
      });
      const store = await begin(app, m.username);
      expect(await answer(app, store, 'recovery', code)).toMatchObject({
        type: 'success',
        facts: { kinds: ['recovery', 'recovery'] },
      });
      expect(store.moves).toEqual([{ stage: 2, proved: ['recovery', 'recovery'], recovered: true, finished: true }]);
    } finally {
      await call(h.app, 'DELETE', `users/${m.id}/recovery-mode/`, acme);
      await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
        cms: { recovery_disable_tokens: false },
      });
    }
  });

  it("refuses a group without the channel's switch only after a right answer, on the channels that explain", async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']], [], { web_login_enabled: false });
    const m = await createWebMember(h, acme, groupId);
    const web = await begin(app, m.username);
    expect(await answer(app, web, 'password', 'wrong')).toMatchObject({ type: 'failure', told: false });
    expect(await answer(app, web, 'password', PASSWORD)).toEqual({
      type: 'failure',
      reason: 'web_login_disabled',
      told: true,
    });
    expect(web.spent).toBe('web_login_disabled');
    // The assistant's channel has no group switch.
    const assistant = await begin(app, m.username);
    expect(await answer(app, assistant, 'password', PASSWORD, { channel: 'assistant' })).toMatchObject({
      type: 'success',
    });
  });

  it('tells a blocked member so after a right answer on the web, and fails their answers on the assistant', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    expect((await post(h.app, `users/${m.id}/block/`, {}, acme)).status).toBe(200);
    expect(await answer(app, await begin(app, m.username), 'password', PASSWORD)).toEqual({
      type: 'failure',
      reason: 'blocked',
      told: true,
    });
    const assistant = await begin(app, m.username);
    expect(await answer(app, assistant, 'password', PASSWORD, { channel: 'assistant' })).toEqual({
      type: 'failure',
      reason: 'wrong_answer',
      told: false,
    });
  });

  it('fails a single-factor sign-in for a requester that asks for more', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    const store = await begin(app, m.username);
    expect(await answer(app, store, 'password', PASSWORD, { multiFactor: true })).toEqual({
      type: 'failure',
      reason: 'mfa_required',
      told: true,
    });
    expect((await records(m.id))[0]).toMatchObject({ outcome: 'failure', reason: 'mfa_required', kinds: ['password'] });
  });

  it('answers pending while the app has not answered, and nothing is counted', async () => {
    ip += 1;
    const { app, groupId } = await appWithFlow([['app']]);
    const m = await createWebMember(h, acme, groupId);
    const store = await begin(app, m.username);
    expect(await answer(app, store, 'app', '')).toEqual({ type: 'pending' });
    expect(store.failures).toBe(0);
    // No app to ask: nothing is sent, and nothing shown before a right answer.
    // A number for the page to show, whoever asks (it tells nothing about who has an app).
    expect(await engine.send(store.progress, store, 'web', 'app')).toEqual({
      type: 'sent',
      shown: '',
      resendS: 60,
      number: expect.any(Number),
    });
  });
});
