/**
 * The provider as a relying party and an operator meet it: discovery and JWKS at the documented
 * issuer, keys sealed at rest and rotated without breaking tokens already out, one session
 * across a customer's applications when enable_sso is on (and not otherwise, nor across
 * customers), logout, lifetimes from the customer's settings, PKCE required of public clients,
 * and client credentials for machine applications.
 */
import { OIDC_PATH, oidcDiscoveryUrl } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcKeys, oidcPayloads } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';
import { Browser, oauthError, relyingParty } from '../test/oidc-browser.ts';
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
  uidOf,
  type WebMember,
} from '../test/web-login.ts';
import { rotateOidcKeys } from './keys.ts';

describe.each(testDatabases())('the OpenID provider on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let groupId: string;
  let flowId: string;

  const settings = (general: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { general });
  const spaApp = async (token = acme, group = groupId, flow = flowId) => {
    const app = await createApplication(h, token, 'spa');
    await createAppRole(h, token, app.id, group, flow);
    return app;
  };
  const authorizeIn = (browser: Browser, app: Application, scope = 'openid profile', extra?: Record<string, string>) =>
    authorize(h, app, { browser, scope, extra });
  /** A full sign-in of `m` (password only) for `app` in `browser`: the token response. */
  const signInTo = async (
    browser: Browser,
    app: Application,
    m: WebMember,
    scope?: string,
    extra?: Record<string, string>,
  ) => {
    const { rp, request, location } = await authorizeIn(browser, app, scope, extra);
    const api = signInApi(h, uidOf(location));
    await api.identify(m.username);
    const done = await api.verify('password', PASSWORD);
    const back = new URL(await browser.follow(done.body.redirect));
    return { rp, tokens: await client.authorizationCodeGrant(rp, back, request.checks) };
  };
  const jwks = async () =>
    (await h.app.inject({ url: `${OIDC_PATH}/jwks`, headers: { host: 'portiere.test' } })).json();

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    flowId = (await createFlow(h, acme, [['password']])).id;
  });
  afterAll(async () => h?.close());

  it('publishes discovery and the JWKS at the issuer every application names', async () => {
    const app = await createApplication(h, acme, 'web');
    const answer = (await call(h.app, 'GET', `applications/${app.id}/`, acme)).body;
    expect(answer).toMatchObject({ issuer: ISSUER, discoveryUrl: oidcDiscoveryUrl(ISSUER) });
    const res = await h.app.inject({ url: new URL(answer.discoveryUrl).pathname, headers: { host: 'portiere.test' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      userinfo_endpoint: `${ISSUER}/me`,
      end_session_endpoint: `${ISSUER}/session/end`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'roles']));
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'client_credentials']));
    expect(doc.token_endpoint_auth_methods_supported).not.toContain('client_secret_jwt');
    const keys = (await jwks()).keys;
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys.every((k: Record<string, unknown>) => k.d === undefined && k.p === undefined)).toBe(true);
  });

  it('keeps its private keys sealed, and rotation keeps earlier ID tokens verifiable', async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await spaApp();
    const before = (await signInTo(new Browser(h.app), app, m)).tokens.id_token ?? '';
    const [row] = await h.app.services.db.select().from(oidcKeys).orderBy(oidcKeys.createdAt).limit(1);
    if (!row) throw new Error('no key');
    const jwk = JSON.parse(h.app.services.box.decrypt(row.privateJwkEnc));
    expect(jwk.d).toEqual(expect.any(String));
    expect(row.privateJwkEnc).not.toContain(jwk.d);
    expect(row.privateJwkEnc).not.toContain(jwk.n);
    const oldKid = decodeProtectedHeader(before).kid;

    const { kid } = await rotateOidcKeys(h.app.services.db, h.app.services.box);
    h.app.services.oidc.reload();
    const published = await jwks();
    expect(published.keys.map((k: { kid: string }) => k.kid).slice(0, 2)).toEqual([kid, oldKid]);
    const keySet = createLocalJWKSet(published);
    // Signed before the rotation, still verified against what is published now.
    expect((await jwtVerify(before, keySet, { issuer: ISSUER })).payload.sub).toBe(m.id);
    const after = (await signInTo(new Browser(h.app), app, m)).tokens.id_token ?? '';
    expect(decodeProtectedHeader(after).kid).toBe(kid);
    expect((await jwtVerify(after, keySet, { issuer: ISSUER })).payload.sub).toBe(m.id);
  });

  it("keeps one session across the customer's applications when enable_sso is on, and not otherwise", async () => {
    const m = await createWebMember(h, acme, groupId);
    const first = await spaApp();
    const second = await spaApp();
    const browser = new Browser(h.app);

    await settings({ enable_sso: false });
    await signInTo(browser, first, m);
    expect((await authorizeIn(browser, second)).location).toMatch(`${PUBLIC_URL}/signin/`);

    // Read at each authorization: the session the browser holds now serves the other application.
    await settings({ enable_sso: true });
    const sso = await authorizeIn(browser, second, 'openid profile');
    const back = new URL(sso.location);
    expect(back.origin + back.pathname).toBe(second.redirectUri);
    const tokens = await client.authorizationCodeGrant(sso.rp, back, sso.request.checks);
    expect(tokens.claims()?.sub).toBe(m.id);

    // Another customer's application does not take Acme's session.
    const globex = (await signIn(h, 'admin@globex.example')).access;
    const globexApp = await spaApp(
      globex,
      (await createGroup(h, globex)).id,
      (await createFlow(h, globex, [['password']])).id,
    );
    expect((await authorizeIn(browser, globexApp)).location).toMatch(`${PUBLIC_URL}/signin/`);

    // Logout ends the session: the next application asks for a sign-in again.
    const logout = client.buildEndSessionUrl(sso.rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: second.redirectUri,
    });
    const page = await browser.request('GET', logout.href);
    expect(page.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const action = /action="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(second.redirectUri);
    expect((await authorizeIn(browser, first)).location).toMatch(`${PUBLIC_URL}/signin/`);
    await settings({ enable_sso: false });
  });

  it("gives tokens the lifetimes of the customer's settings, and refreshes them", async () => {
    await settings({ id_token_duration: 600, oidc_refresh_token_duration: 1200 });
    const m = await createWebMember(h, acme, groupId);
    const web = await createApplication(h, acme, 'web', { defaultFlowId: flowId });
    // offline_access counts only with a consent prompt: the sign-in gives it, without a screen.
    const { rp, tokens } = await signInTo(new Browser(h.app), web, m, 'openid offline_access', { prompt: 'consent' });
    expect(tokens.scope?.split(' ')).toContain('offline_access');
    const claims = tokens.claims();
    expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(600);
    expect(tokens.expires_in).toBe(600);
    const stored = await h.app.services.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.type, 'RefreshToken'));
    const mine = stored
      .map((r) => r.payload as { accountId: string; exp: number; iat: number })
      .find((p) => p.accountId === m.id);
    expect((mine?.exp ?? 0) - (mine?.iat ?? 0)).toBe(1200);

    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token ?? '');
    expect(refreshed.claims()?.sub).toBe(m.id);
    expect(refreshed.expires_in).toBe(600);
    // A member blocked since gets no more tokens, nor claims.
    expect((await call(h.app, 'POST', `users/${m.id}/block/`, acme, {})).status).toBe(200);
    expect(await oauthError(client.refreshTokenGrant(rp, refreshed.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await oauthError(client.fetchUserInfo(rp, refreshed.access_token, m.id))).toBe('invalid_token');
    await settings({ id_token_duration: 3600, oidc_refresh_token_duration: 86_400 });
  });

  it("rotates a public client's refresh tokens, and a reused one ends the whole family", async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await spaApp();
    const { rp, tokens } = await signInTo(new Browser(h.app), app, m);
    const first = tokens.refresh_token ?? '';
    expect(first).not.toBe('');
    const second = await client.refreshTokenGrant(rp, first);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first);
    // The spent token again: refused, and the token that replaced it stops working too.
    expect(await oauthError(client.refreshTokenGrant(rp, first))).toBe('invalid_grant');
    expect(await oauthError(client.refreshTokenGrant(rp, second.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await oauthError(client.fetchUserInfo(rp, second.access_token, m.id))).toBe('invalid_token');
  });

  it("accepts a public client's refresh token once, even when two requests race with it", async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await spaApp();
    const { rp, tokens } = await signInTo(new Browser(h.app), app, m);
    const spent = tokens.refresh_token ?? '';
    const raced = await Promise.allSettled([client.refreshTokenGrant(rp, spent), client.refreshTokenGrant(rp, spent)]);
    const granted = raced.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(granted.length).toBeLessThanOrEqual(1);
    // A reuse was seen: whatever the race gave out is worth nothing either.
    for (const g of granted) {
      expect(await oauthError(client.refreshTokenGrant(rp, g.refresh_token ?? ''))).toBe('invalid_grant');
      expect(await oauthError(client.fetchUserInfo(rp, g.access_token, m.id))).toBe('invalid_token');
    }
  });

  it('keeps no token, code or session id in its table: what a copy of it holds lets no one in', async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await spaApp();
    const browser = new Browser(h.app);
    const { rp, tokens } = await signInTo(browser, app, m, 'openid profile offline_access', { prompt: 'consent' });
    const session = browser.cookies.get('oidc_session')?.value ?? '';
    const secrets = [tokens.access_token, tokens.refresh_token ?? '', session];
    expect(secrets.every((t) => t.length > 20)).toBe(true);
    const rows = await h.app.services.db.select().from(oidcPayloads);
    const dump = JSON.stringify(rows);
    for (const secret of secrets) expect(dump).not.toContain(secret);
    // Every string the rows hold, tried as a bearer token and as a refresh token.
    const strings = new Set<string>();
    const collect = (v: unknown): void => {
      if (typeof v === 'string' && /^[\w.~+/=-]{20,}$/.test(v)) strings.add(v);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
    };
    collect(rows);
    expect(strings.size).toBeGreaterThan(3);
    for (const candidate of strings) {
      const me = await h.app.inject({
        url: `${OIDC_PATH}/me`,
        headers: { host: 'portiere.test', authorization: `Bearer ${candidate}` },
      });
      expect(me.statusCode, candidate).toBe(401);
    }
    // One after another: forty at once on a loaded machine may wait past the admission bound (503).
    const refreshes: string[] = [];
    for (const c of [...strings].slice(0, 40)) refreshes.push(await oauthError(client.refreshTokenGrant(rp, c)));
    expect(new Set(refreshes)).toEqual(new Set(['invalid_grant']));
    // The tokens themselves still work.
    expect((await client.fetchUserInfo(rp, tokens.access_token, m.id)).sub).toBe(m.id);
  });

  it("answers a browser app's calls from its own origin only (CORS)", async () => {
    const m = await createWebMember(h, acme, groupId);
    const app = await spaApp();
    const { tokens } = await signInTo(new Browser(h.app), app, m);
    const userinfo = (origin: string) =>
      h.app.inject({
        url: `${OIDC_PATH}/me`,
        headers: { host: 'portiere.test', origin, authorization: `Bearer ${tokens.access_token}` },
      });
    const own = new URL(app.redirectUri).origin;
    const allowed = await userinfo(own);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(own);
    const other = await userinfo('https://elsewhere.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('requires PKCE of public clients', async () => {
    const app = await spaApp();
    const rp = await relyingParty(h.app, ISSUER, app.clientId);
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: app.redirectUri, scope: 'openid' });
    const back = new URL(await new Browser(h.app).follow(url.href));
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/i);
  });

  it('gives a machine application access tokens for its secret', async () => {
    const machine = await createApplication(h, acme, 'machine');
    const rp = await relyingParty(h.app, ISSUER, machine.clientId, machine.clientSecret ?? '');
    const granted = await client.clientCredentialsGrant(rp);
    expect(granted).toMatchObject({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600 });
    const wrong = await relyingParty(h.app, ISSUER, machine.clientId, 'not-the-secret');
    expect(await oauthError(client.clientCredentialsGrant(wrong))).toBe('invalid_client');
  });
});
