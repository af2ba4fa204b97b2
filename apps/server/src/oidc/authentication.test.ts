/**
 * What an application learns of a member's sign-in, as openid-client reads it: `amr` (RFC 8176)
 * for the kinds the member passed and `acr` (single- or multi-factor), advertised in discovery;
 * `acr_values` asking for multi-factor gets it or an error, never less, a single-factor SSO
 * session included; `max_age` asks for a fresh sign-in; discovery lists only the response types
 * that work.
 */
import { ACR_MULTI_FACTOR, ACR_SINGLE_FACTOR } from '@portiere/contracts';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';
import { Browser } from '../test/oidc-browser.ts';
import {
  type Application,
  authorize,
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  ISSUER,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  totpCode,
  uidOf,
  type WebMember,
} from '../test/web-login.ts';

describe.each(testDatabases())('amr, acr and max_age on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let groupId: string;
  let passwordOnly: string;
  let passwordTotp: string;

  const settings = (general: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { general });
  const appWith = async (flowId: string) => {
    const app = await createApplication(h, acme, 'spa');
    await createAppRole(h, acme, app.id, groupId, flowId);
    return app;
  };
  /** Signs `m` in to `app` in `browser` with the answers its flow asks; where the browser lands. */
  const signInTo = async (browser: Browser, app: Application, m: WebMember, extra?: Record<string, string>) => {
    const started = await authorize(h, app, { browser, scope: 'openid', extra });
    const api = signInApi(h, uidOf(started.location));
    expect((await api.identify(m.username)).status).toBe(200);
    let answer = await api.verify('password', PASSWORD);
    if (answer.body.done === false) answer = await api.verify('totp', totpCode(h, m));
    expect(answer.body).toMatchObject({ done: true });
    return { ...started, back: new URL(await browser.follow(answer.body.redirect)) };
  };
  const idTokenOf = async (signedIn: Awaited<ReturnType<typeof signInTo>>) =>
    (await client.authorizationCodeGrant(signedIn.rp, signedIn.back, signedIn.request.checks)).claims();

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    passwordOnly = (await createFlow(h, acme, [['password']])).id;
    passwordTotp = (await createFlow(h, acme, [['password'], ['totp']])).id;
  });
  afterAll(async () => h?.close());

  it('advertises the ACR values, amr, and the code flow alone in discovery', async () => {
    const app = await appWith(passwordOnly);
    const rp = (await authorize(h, app)).rp;
    const meta = rp.serverMetadata();
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.acr_values_supported).toEqual([ACR_SINGLE_FACTOR, ACR_MULTI_FACTOR]);
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['acr', 'amr', 'auth_time']));
    // What discovery no longer lists is refused, as before.
    const implicit = new URL(`${ISSUER}/auth`);
    implicit.search = new URLSearchParams({
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      response_type: 'id_token',
      scope: 'openid',
      nonce: 'n',
    }).toString();
    const refused = new URL(await new Browser(h.app).follow(implicit.href));
    expect(refused.hash || refused.search).toMatch(/error=unsupported_response_type/);
  });

  it('names the methods a password sign-in used, single-factor', async () => {
    const m = await createWebMember(h, acme, groupId);
    const claims = await idTokenOf(await signInTo(new Browser(h.app), await appWith(passwordOnly), m));
    expect(claims).toMatchObject({ sub: m.id, amr: ['pwd'], acr: ACR_SINGLE_FACTOR, auth_time: expect.any(Number) });
  });

  it('names password and one-time code, multi-factor', async () => {
    const m = await createWebMember(h, acme, groupId);
    const claims = await idTokenOf(await signInTo(new Browser(h.app), await appWith(passwordTotp), m));
    expect(claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MULTI_FACTOR });
  });

  it('gives an application that asks for multi-factor an error, not a single-factor sign-in', async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await appWith(passwordOnly);
    const { back } = await signInTo(new Browser(h.app), app, m, { acr_values: ACR_MULTI_FACTOR });
    expect(back.origin + back.pathname).toBe(app.redirectUri);
    expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(back.searchParams.get('code')).toBeNull();
    const signIns = (await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme)).body;
    expect(signIns.results[0]).toMatchObject({ outcome: 'failure', reason: 'mfa_required', kinds: ['password'] });

    // A flow with two factors satisfies it; asking for either class takes what the flow gives.
    const mfa = await idTokenOf(
      await signInTo(new Browser(h.app), await appWith(passwordTotp), m, { acr_values: ACR_MULTI_FACTOR }),
    );
    expect(mfa?.acr).toBe(ACR_MULTI_FACTOR);
    const either = await idTokenOf(
      await signInTo(new Browser(h.app), app, m, { acr_values: `${ACR_MULTI_FACTOR} ${ACR_SINGLE_FACTOR}` }),
    );
    expect(either?.acr).toBe(ACR_SINGLE_FACTOR);
  });

  it('asks a single-factor SSO session to sign in again for multi-factor, and honours max_age', async () => {
    await settings({ enable_sso: true });
    try {
      const m = await createWebMember(h, acme, groupId);
      const browser = new Browser(h.app);
      const first = await appWith(passwordOnly);
      const signedIn = await signInTo(browser, first, m);
      const authTime = (await idTokenOf(signedIn))?.auth_time ?? 0;

      const second = await appWith(passwordTotp);
      // The session serves the second application as it is...
      const silent = await authorize(h, second, { browser });
      expect(silent.location).toMatch(second.redirectUri);
      // ...but not one that requires multi-factor, nor one whose max_age has passed.
      const mfa = await authorize(h, second, { browser, extra: { acr_values: ACR_MULTI_FACTOR } });
      expect(mfa.location).toMatch(`${PUBLIC_URL}/signin/`);
      const fresh = await authorize(h, second, { browser, extra: { max_age: '0' } });
      expect(fresh.location).toMatch(`${PUBLIC_URL}/signin/`);
      const recent = await authorize(h, second, { browser, extra: { max_age: '3600' } });
      expect(recent.location).toMatch(second.redirectUri);
      const claims = (
        await client.authorizationCodeGrant(recent.rp, new URL(recent.location), recent.request.checks)
      ).claims();
      expect(claims?.auth_time).toBe(authTime);
      expect(claims?.acr).toBe(ACR_SINGLE_FACTOR);
    } finally {
      await settings({ enable_sso: false });
    }
  });
});
