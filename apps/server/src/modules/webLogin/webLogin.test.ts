/**
 * The web login as a relying party sees it: an openid-client RP sends the browser to the provider,
 * the member passes the flow the app role assigns through the sign-in API with real credentials
 * (a TOTP code computed independently from the secret the credential's creation answered), the
 * RP exchanges the code with PKCE (or its secret), checks the ID token against the JWKS and reads
 * userinfo. And everything that must end otherwise: wrong answers, blocked members, groups without
 * web login, aborts, and a client of another customer.
 */
import { ERRORS, SIGNIN_MAX_FAILURES } from '@portiere/contracts';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { oauthError, relyingParty } from '../../test/oidc-browser.ts';
import {
  type Application,
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  ISSUER,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  startSignIn,
  totpCode,
  type WebMember,
} from '../../test/web-login.ts';

const SCOPE = 'openid profile email phone roles';

describe.each(testDatabases())('web sign-in through the OpenID provider on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let groupId: string;
  let noWebGroupId: string;
  let spa: Application;
  let web: Application;

  const start = (app: Application) => startSignIn(h, app, { scope: SCOPE });
  const signInsOf = async (memberId: string, token = acme) => call(h.app, 'GET', `users/${memberId}/sign-ins/`, token);
  const member = (fields: Record<string, unknown> = {}, group = groupId): Promise<WebMember> =>
    createWebMember(h, acme, group, fields);

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    groupId = (await createGroup(h, acme)).id;
    noWebGroupId = (await createGroup(h, acme, { web_login_enabled: false })).id;
    const flow = await createFlow(h, acme, [['password'], ['totp']]);
    spa = await createApplication(h, acme, 'spa');
    await createAppRole(h, acme, spa.id, groupId, flow.id, 'Reader');
    await createAppRole(h, acme, spa.id, noWebGroupId, flow.id, 'Outsider');
    web = await createApplication(h, acme, 'web', { defaultFlowId: flow.id });
  });
  afterAll(async () => h?.close());

  it('signs a member in with PKCE: password, then TOTP; the ID token verifies and userinfo matches', async () => {
    const m = await member();
    const s = await start(spa);
    const first = await s.api.state();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ step: 'identify', stage: null, attempts_left: SIGNIN_MAX_FAILURES });
    expect(first.body.application.name).toBe((await call(h.app, 'GET', `applications/${spa.id}/`, acme)).body.name);

    const identified = await s.api.identify(m.username.toUpperCase());
    expect(identified.body).toMatchObject({
      step: 'stage',
      username: m.username.toUpperCase(),
      stage: { index: 0, count: 2, kinds: ['password'] },
    });
    expect((await s.api.verify('password', PASSWORD)).body).toEqual({
      done: false,
      pending: false,
      stage: { index: 1, count: 2, kinds: ['totp'] },
    });
    const done = await s.api.verify('totp', totpCode(h, m));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ done: true, redirect: expect.stringMatching(`^${ISSUER}/auth/`) });

    const back = new URL(await s.browser.follow(done.body.redirect));
    expect(back.origin + back.pathname).toBe(spa.redirectUri);
    // The ID token's signature is checked against the provider's JWKS (non-repudiation checks).
    const tokens = await client.authorizationCodeGrant(s.rp, back, s.request.checks);
    const expected = {
      sub: m.id,
      name: 'Ada Lovelace',
      email: expect.stringMatching(/^ada-.*@acme\.example$/),
      phone_number: '+393331234567',
      roles: ['Reader'],
    };
    expect(tokens.claims()).toMatchObject({ ...expected, iss: ISSUER, aud: spa.clientId });
    expect(await client.fetchUserInfo(s.rp, tokens.access_token, m.id)).toEqual(expected);

    // The code is used once.
    expect(await oauthError(client.authorizationCodeGrant(s.rp, back, s.request.checks))).toBe('invalid_grant');
    // The sign-in is over: its pages find nothing more.
    expect((await s.api.state()).body.code).toBe('signInExpired');

    const list = await signInsOf(m.id);
    expect(list.body).toMatchObject({ count: 1, next_page: null });
    expect(list.body.results[0]).toMatchObject({
      outcome: 'success',
      reason: null,
      kinds: ['password', 'totp'],
      application: { id: spa.id },
    });
    const trail = (await call(h.app, 'GET', `audit/?target_id=${m.id}&action=signin.success`, acme)).body;
    expect(trail.results).toHaveLength(1);
    expect(trail.results[0]).toMatchObject({ actor_type: 'member', outcome: 'success', target_type: 'member' });
  });

  it('signs a member in to a confidential web client with its secret; a wrong secret is refused', async () => {
    const m = await member();
    const s = await start(web);
    await s.api.identify(m.username);
    await s.api.verify('password', PASSWORD);
    const done = await s.api.verify('totp', totpCode(h, m));
    const back = new URL(await s.browser.follow(done.body.redirect));
    const wrong = await relyingParty(h.app, ISSUER, web.clientId, 'not-the-secret');
    expect(await oauthError(client.authorizationCodeGrant(wrong, back, s.request.checks))).toBe('invalid_client');
    const tokens = await client.authorizationCodeGrant(s.rp, back, s.request.checks);
    // The application's default flow applies: the member's group has no app role there, and no roles.
    expect(tokens.claims()).toMatchObject({ sub: m.id, roles: [] });
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });

  it('counts wrong TOTP codes as failures and spends the sign-in after too many', async () => {
    const m = await member();
    const s = await start(spa);
    await s.api.identify(m.username);
    await s.api.verify('password', PASSWORD);
    for (let i = 1; i <= SIGNIN_MAX_FAILURES; i++) {
      const res = await s.api.verify('totp', '000000');
      expect(res).toEqual({ status: 401, body: { reason: ERRORS.login, code: 'login' } });
      if (i < SIGNIN_MAX_FAILURES) expect((await s.api.state()).body.attempts_left).toBe(SIGNIN_MAX_FAILURES - i);
    }
    const spent = await s.api.verify('totp', totpCode(h, m));
    expect(spent).toMatchObject({ status: 403, body: { code: 'signInTooManyFailures' } });
    expect((await s.api.state()).status).toBe(403);

    const results = (await signInsOf(m.id)).body.results as { outcome: string; reason: string }[];
    expect(results.map((r) => r.reason)).toEqual([
      'too_many_failures',
      ...Array(SIGNIN_MAX_FAILURES - 1).fill('wrong_answer'),
    ]);
    expect((await call(h.app, 'GET', `users/${m.id}/sign-ins/?outcome=success`, acme)).body.count).toBe(0);
  });

  it('refuses a blocked member only after a right answer, and says why', async () => {
    const m = await member();
    expect((await post(h.app, `users/${m.id}/block/`, {}, acme)).status).toBe(200);
    const s = await start(spa);
    // Before a right answer a blocked member is told no more than anyone.
    expect((await s.api.identify(m.username)).body.stage.kinds).toEqual(['password']);
    expect((await s.api.verify('password', 'wrong')).body.code).toBe('login');
    const refused = await s.api.verify('password', PASSWORD);
    expect(refused).toEqual({ status: 403, body: { reason: ERRORS.signInBlocked, code: 'signInBlocked' } });
    expect((await s.api.state()).body.code).toBe('signInBlocked');
    const reasons = (await signInsOf(m.id)).body.results.map((r: { reason: string }) => r.reason);
    expect(reasons).toEqual(['blocked', 'wrong_answer']);
    const trail = (await call(h.app, 'GET', `audit/?target_id=${m.id}&action=signin.failure`, acme)).body;
    expect(trail.results.map((e: { reason: string; outcome: string }) => [e.outcome, e.reason])).toEqual([
      ['failure', 'blocked'],
      ['failure', 'wrong_answer'],
    ]);
  });

  it('refuses a member whose group has no web login after a right answer', async () => {
    const m = await member({}, noWebGroupId);
    const s = await start(spa);
    await s.api.identify(m.username);
    expect((await s.api.verify('password', PASSWORD)).body.code).toBe('signInWebLoginDisabled');
    expect((await signInsOf(m.id)).body.results[0]).toMatchObject({
      outcome: 'failure',
      reason: 'web_login_disabled',
    });
  });

  it('walks an unknown username through a flow like a member, and never lets it in', async () => {
    const s = await start(spa);
    const identified = await s.api.identify('nobody-at-all');
    expect(identified.body).toMatchObject({ step: 'stage', username: 'nobody-at-all', stage: { kinds: ['password'] } });
    expect(await s.api.verify('password', PASSWORD)).toMatchObject({ status: 401, body: { code: 'login' } });
    // Only the current stage's kinds are answered.
    expect((await s.api.verify('totp', '123456')).status).toBe(400);
  });

  it('sends an aborted sign-in to the abort URL, else back to the RP with access_denied', async () => {
    const m = await member();
    const plain = await start(spa);
    await plain.api.identify(m.username);
    const aborted = await plain.api.abort();
    expect(aborted.status).toBe(200);
    const back = new URL(await plain.browser.follow(aborted.body.redirect));
    expect(back.origin + back.pathname).toBe(spa.redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await oauthError(client.authorizationCodeGrant(plain.rp, back, plain.request.checks))).toBe('access_denied');

    const abortUri = 'https://acme.example/signin-abandoned';
    const withUrl = await createApplication(h, acme, 'spa', { redirectUriAbortLoginFlow: abortUri });
    await createAppRole(h, acme, withUrl.id, groupId, (await createFlow(h, acme, [['password']])).id);
    const s = await start(withUrl);
    expect((await s.api.abort()).body).toEqual({ redirect: abortUri });
    expect((await s.api.state()).body.code).toBe('signInExpired');

    expect((await signInsOf(m.id)).body.results[0]).toMatchObject({ outcome: 'abort', reason: null });
    const trail = (await call(h.app, 'GET', `audit/?target_id=${m.id}&action=signin.abort`, acme)).body;
    expect(trail.results).toHaveLength(1);
  });

  it("does not sign an Acme member in to another customer's client", async () => {
    const m = await member();
    const globexGroup = await createGroup(h, globex);
    const globexApp = await createApplication(h, globex, 'spa');
    await createAppRole(h, globex, globexApp.id, globexGroup.id, (await createFlow(h, globex, [['password']])).id);
    const s = await start(globexApp);
    const state = await s.api.state();
    expect(state.body.customer_id).not.toBe((await call(h.app, 'GET', 'me/', acme)).body.customer.id);
    await s.api.identify(m.username);
    expect(await s.api.verify('password', PASSWORD)).toMatchObject({ status: 401, body: { code: 'login' } });
    expect((await signInsOf(m.id)).body.count).toBe(0);
  });

  it("lists a member's sign-ins to the member's customer only", async () => {
    const m = await member();
    expect((await signInsOf(m.id, globex)).status).toBe(404);
    expect((await signInsOf('not-an-id')).status).toBe(404);
    expect((await signInsOf(m.id)).body).toEqual({ count: 0, results: [], next_page: null });
  });

  it('answers an unknown interaction as expired, and an application without any flow at once', async () => {
    expect((await signInApi(h, 'no-such-interaction').state()).body.code).toBe('signInExpired');
    const bare = await createApplication(h, acme, 'spa');
    const s = await start(bare);
    expect(await s.api.state()).toMatchObject({ status: 403, body: { code: 'signInNoFlow' } });
  });
});
