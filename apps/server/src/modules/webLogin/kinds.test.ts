/**
 * The kinds a member proves on the web login pages, each with the real thing behind it: a
 * terminating credential ending the flow, a recovery code standing in for the credentials
 * recovery mode disabled, a temporary card identifying its member, the member's app approving
 * through the device calls, and a mail code really sent through the SMTP sink.
 */
import { type DeviceApproval, SIGNIN_RESEND_S } from '@portiere/contracts';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftDevice } from '../../test/soft-device.ts';
import {
  type Application,
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  appWithFlow as sharedAppWithFlow,
  startSignIn,
  totpCode,
} from '../../test/web-login.ts';

describe.each(testDatabases())('what members prove on the web sign-in pages on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;

  /** A spa application whose app role gives `stages` to a new group. */
  const appWithFlow = (stages: string[][], terminating: string[] = []) =>
    sharedAppWithFlow(h, acme, stages, { terminating });
  const start = (app: Application) => startSignIn(h, app);
  /** Back at the RP with the code, exchanged: the ID token's subject. */
  const finish = async (s: Awaited<ReturnType<typeof startSignIn>>, redirect: string) => {
    const back = new URL(await s.browser.follow(redirect));
    return (await client.authorizationCodeGrant(s.rp, back, s.request.checks)).claims()?.sub;
  };
  const kindsOf = async (memberId: string) =>
    (await call(h.app, 'GET', `users/${memberId}/sign-ins/`, acme)).body.results[0]?.kinds;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
  });
  afterAll(async () => h?.close());

  it('ends the flow at once on a terminating credential, and walks on for the others', async () => {
    const { app, groupId } = await appWithFlow([['pin', 'password'], ['totp']], ['pin']);
    const m = await createWebMember(h, acme, groupId);
    await post(h.app, `users/${m.id}/credentials/`, { type: 'pin', value: '482913' }, acme);

    const byPin = await start(app);
    await byPin.api.identify(m.username);
    const done = await byPin.api.verify('pin', '482913');
    expect(done.body).toMatchObject({ done: true });
    expect(await finish(byPin, done.body.redirect)).toBe(m.id);
    expect(await kindsOf(m.id)).toEqual(['pin']);

    const byPassword = await start(app);
    await byPassword.api.identify(m.username);
    expect((await byPassword.api.verify('password', PASSWORD)).body).toMatchObject({
      done: false,
      stage: { index: 1 },
    });
    expect((await byPassword.api.verify('totp', totpCode(h, m))).body.done).toBe(true);
  });

  it('takes a recovery code for the stages recovery mode disabled, once', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['totp']]);
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { recovery_disable_tokens: true } });
    const m = await createWebMember(h, acme, groupId);
    const other = await createWebMember(h, acme, groupId);
    const mode = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    expect(mode.status).toBe(201);
    const code: string = mode.body.code;

    // The member's credentials are off: the password no longer works.
    const s = await start(app);
    await s.api.identify(m.username);
    expect((await s.api.verify('password', PASSWORD)).status).toBe(401);
    // Another member's recovery code, or one for a member not in recovery mode, proves nothing.
    const stranger = await start(app);
    await stranger.api.identify(other.username);
    expect((await stranger.api.verify('recovery', code)).status).toBe(401);

    // The code stands in for both stages (both kinds were disabled) and ends the flow.
    const done = await s.api.verify('recovery', code.toLowerCase());
    expect(done.body).toMatchObject({ done: true });
    expect(await finish(s, done.body.redirect)).toBe(m.id);
    expect(await kindsOf(m.id)).toEqual(['recovery', 'recovery']);

    // Used once.
    const again = await start(app);
    await again.api.identify(m.username);
    expect((await again.api.verify('recovery', code)).status).toBe(401);
    await call(h.app, 'DELETE', `users/${m.id}/recovery-mode/`, acme);
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { recovery_disable_tokens: false } });
  });

  it('identifies the member by a paired, unexpired temporary card', async () => {
    const { app, groupId } = await appWithFlow([['password']]);
    const m = await createWebMember(h, acme, groupId);
    const [card] = (await post(h.app, 'temporary-cards/', { count: 1 }, acme)).body;
    const expiration = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    await post(h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: expiration }, acme);

    const s = await start(app);
    const state = await s.api.card(card.cardCode);
    expect(state.body).toMatchObject({ step: 'stage', stage: { kinds: ['password'] } });
    expect(state.body.username).toBe(`${'*'.repeat(card.cardCode.length - 2)}${card.cardCode.slice(-2)}`);
    const done = await s.api.verify('password', PASSWORD);
    expect(await finish(s, done.body.redirect)).toBe(m.id);

    // Past its expiration the card names nobody: walked like an unknown username.
    h.clock.advance(2 * 86_400);
    const late = await start(app);
    expect((await late.api.card(card.cardCode)).body.stage.kinds).toEqual(['password']);
    expect((await late.api.verify('password', PASSWORD)).status).toBe(401);
    // The staff token did not outlive the days gone by.
    acme = (await signIn(h, 'admin@acme.example')).access;
  });

  it("asks the member's app, which approves or denies through the device calls", async () => {
    const { app, groupId } = await appWithFlow([['password', 'app'], ['app']]);
    const m = await createWebMember(h, acme, groupId);
    const created = await post(h.app, `users/${m.id}/credentials/`, { type: 'app' }, acme);
    const phone = new SoftDevice(() => h.clock.now().getTime());
    const enrolled = await phone.enroll(h.app, created.body.enrollment.confirmation_code);
    expect(enrolled.status).toBe(200);

    const s = await start(app);
    await s.api.identify(m.username);
    // Before a first right answer, where a request went is not said.
    const sent = await s.api.send('app');
    expect(sent).toEqual({
      status: 202,
      body: { sent_to: '', resend_in: SIGNIN_RESEND_S, number: expect.any(Number) },
    });
    expect((await s.api.send('app')).status).toBe(429);
    expect((await s.api.verify('app', '')).body).toEqual({ done: false, pending: true });

    const waiting = await phone.pending(h.app);
    expect(waiting).toHaveLength(1);
    const approval = waiting[0] as DeviceApproval;
    expect(approval.application).toBe((await call(h.app, 'GET', `applications/${app.id}/`, acme)).body.name);
    expect(approval.choices).toContain(sent.body.number);
    const approve = { approve: true, number: sent.body.number };
    expect((await phone.impostor().answer(h.app, approval.id, approve)).body.code).toBe('deviceNotFound');
    expect((await phone.answer(h.app, approval.id, approve)).status).toBe(204);
    expect((await phone.answer(h.app, approval.id, approve)).status).toBe(404);
    expect((await s.api.verify('app', '')).body).toMatchObject({ done: false, stage: { index: 1, kinds: ['app'] } });

    // After a right answer the page may say which phone was asked.
    h.clock.advance(SIGNIN_RESEND_S);
    const again = await s.api.send('app');
    expect(again.body.sent_to).toBe('Pixel 9');
    await phone.approve(h.app, again.body.number);
    const done = await s.api.verify('app', '');
    expect(done.body.done).toBe(true);
    expect(await finish(s, done.body.redirect)).toBe(m.id);
    expect(await phone.pending(h.app)).toEqual([]);
    expect(await kindsOf(m.id)).toEqual(['app', 'app']);

    // A request the phone denies ends the sign-in, and says so.
    const denied = await start(app);
    await denied.api.identify(m.username);
    await denied.api.send('app');
    const [request] = await phone.pending(h.app);
    await phone.answer(h.app, (request as DeviceApproval).id, { approve: false });
    expect((await denied.api.verify('app', '')).body.code).toBe('signInDenied');
    expect((await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme)).body.results[0].reason).toBe('denied_on_app');
  });

  it('sends a mail code through the mail server and accepts it once', async () => {
    const { app, groupId } = await appWithFlow([['mail'], ['password']]);
    const email = `mail-stage-${Date.now()}@acme.example`;
    const m = await createWebMember(h, acme, groupId, { email });
    expect((await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, acme)).status).toBe(201);

    const s = await start(app);
    await s.api.identify(m.username);
    const since = h.sink.mails.length;
    const sent = await s.api.send('mail');
    // Where it went is not said before a first right answer: someone unknown is answered alike.
    expect(sent).toEqual({ status: 202, body: { sent_to: '', resend_in: SIGNIN_RESEND_S, number: null } });
    const unknown = await start(app);
    await unknown.api.identify('nobody-at-all');
    expect(await unknown.api.send('mail')).toEqual(sent);

    const otp = await h.sink.otpFor(email, since);
    expect(h.sink.mails.slice(since)).toHaveLength(1);
    expect((await s.api.verify('mail', otp === '000000' ? '111111' : '000000')).status).toBe(401);
    expect((await s.api.verify('mail', otp)).body).toMatchObject({ done: false, stage: { kinds: ['password'] } });
    const done = await s.api.verify('password', PASSWORD);
    expect(await finish(s, done.body.redirect)).toBe(m.id);
    expect(await kindsOf(m.id)).toEqual(['mail', 'password']);
  });
});
