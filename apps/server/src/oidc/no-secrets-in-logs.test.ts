/**
 * A member's whole web sign-in, its code exchange, userinfo and RP-initiated logout with an
 * id_token_hint, as the log records them: no token, code, state, interaction uid or claim of the
 * member (name, e-mail) in any line, at every level.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';
import { Browser } from '../test/oidc-browser.ts';
import {
  authorize,
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  uidOf,
} from '../test/web-login.ts';

const [pglite] = testDatabases();

describe('the log of a web sign-in', () => {
  let h: Harness;
  const lines: string[] = [];

  beforeAll(async () => {
    if (!pglite) throw new Error('no database');
    h = await startHarness(pglite, { PUBLIC_URL, LOG_LEVEL: 'trace' }, { write: (line) => lines.push(line) });
  });
  afterAll(async () => h?.close());

  it('holds no token, code, state, uid or personal claim', async () => {
    const acme = (await signIn(h, 'admin@acme.example')).access;
    const group = await createGroup(h, acme);
    const flow = await createFlow(h, acme, [['password']]);
    const app = await createApplication(h, acme, 'web');
    await createAppRole(h, acme, app.id, group.id, flow.id);
    const m = await createWebMember(h, acme, group.id, { first_name: 'Ottavia', last_name: 'Zanardelli' });
    const member = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body;

    const browser = new Browser(h.app);
    const started = await authorize(h, app, {
      browser,
      scope: 'openid profile email',
      extra: { login_hint: m.username },
    });
    const uid = uidOf(started.location);
    const api = signInApi(h, uid);
    await api.identify(m.username);
    const done = await api.verify('password', PASSWORD);
    const back = new URL(await browser.follow(done.body.redirect));
    const tokens = await client.authorizationCodeGrant(started.rp, back, started.request.checks);
    await client.fetchUserInfo(started.rp, tokens.access_token, m.id);
    const logout = client.buildEndSessionUrl(started.rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: app.redirectUri,
    });
    expect((await browser.request('GET', logout.href)).status).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/oidc/session/end');
    const secrets = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      uid,
      id_token: tokens.id_token ?? '',
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? '',
      username: m.username,
      email: member.email,
      name: 'Zanardelli',
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(4);
      expect(log.includes(secret), what).toBe(false);
    }
  });
});
