/**
 * The provider's own pages (sign-out, signed out, errors) as a member meets them: in the page's
 * language (ui_locales, else the browser's, else the customer's), in the customer's colours and
 * logo, and with a CSP that lets their forms reach the application's registered origins (the
 * logout confirmation's redirect, form_post) and no other.
 */
import { OIDC_PATH } from '@portiere/contracts';
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
  ISSUER,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  uidOf,
} from '../test/web-login.ts';

const formAction = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'form-action')
    ?.slice(1);

describe.each(testDatabases())("the provider's own pages on $name", (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let groupId: string;
  let flowId: string;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    flowId = (await createFlow(h, acme, [['password']])).id;
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      general: { primary_color: '#1565C0', header_color: '#0D47A1', language: 'en' },
    });
  });
  afterAll(async () => h?.close());

  /** A member signed in to a new web application in `browser`: the RP and the token response. */
  const signedIn = async (browser: Browser, extra?: Record<string, string>) => {
    const app = await createApplication(h, acme, 'web', { name: `Shop_${Date.now().toString(36)}` });
    await createAppRole(h, acme, app.id, groupId, flowId);
    const m = await createWebMember(h, acme, groupId);
    const started = await authorize(h, app, { browser, extra });
    const api = signInApi(h, uidOf(started.location));
    await api.identify(m.username);
    const done = await api.verify('password', PASSWORD);
    return { app, started, done: done.body as { redirect: string } };
  };

  it('asks to sign out in the branded page, in Italian when asked, and lets its form reach the application', async () => {
    const browser = new Browser(h.app);
    const { app, started, done } = await signedIn(browser);
    const back = new URL(await browser.follow(done.redirect));
    const tokens = await client.authorizationCodeGrant(started.rp, back, started.request.checks);
    const logout = client.buildEndSessionUrl(started.rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: app.redirectUri,
      ui_locales: 'it-IT en',
    });
    const page = await h.app.inject({
      url: `${logout.pathname}${logout.search}`,
      headers: { host: 'portiere.test', cookie: [...browser.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ') },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="it"/);
    const appName = (await call(h.app, 'GET', `applications/${app.id}/`, acme)).body.name;
    expect(page.body).toContain(`Vuoi uscire da ${appName}?`);
    expect(page.body).toContain('Sì, esci');
    expect(page.body).toContain('--pt-primary:#1565C0');
    expect(page.body).toContain('--pt-header:#0D47A1');
    // The confirmation posts here, then the provider redirects to the application's origin.
    expect(formAction(page.headers['content-security-policy'])).toEqual(["'self'", new URL(app.redirectUri).origin]);
  });

  it('posts the code to the application with form_post, allowed by the page CSP', async () => {
    const browser = new Browser(h.app);
    const { app, done } = await signedIn(browser, { response_mode: 'form_post' });
    const resume = new URL(done.redirect, PUBLIC_URL);
    const page = await h.app.inject({
      url: `${resume.pathname}${resume.search}`,
      headers: { host: 'portiere.test', cookie: [...browser.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ') },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${app.redirectUri}"`);
    expect(page.body).toMatch(/name="code" value="[^"]+"/);
    expect(formAction(page.headers['content-security-policy'])).toEqual(["'self'", new URL(app.redirectUri).origin]);
    // Its inline script (the form's submission) is allowed by its hash, and no other script.
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  });

  it('explains an error in the browser’s language, with the protocol’s words as details', async () => {
    const errorPage = (lang?: string) =>
      h.app.inject({
        url: `${OIDC_PATH}/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=https://x.example/cb`,
        headers: { host: 'portiere.test', ...(lang ? { 'accept-language': lang } : {}) },
      });
    const en = await errorPage();
    expect(en.statusCode).toBe(400);
    expect(en.body).toMatch(/<html lang="en"/);
    expect(en.body).toContain('This application is not known here.');
    expect(en.body).toContain('<code>invalid_client</code>');
    const it = await errorPage('it-IT,it;q=0.9,en;q=0.8');
    expect(it.body).toMatch(/<html lang="it"/);
    expect(it.body).toContain('Questa applicazione non è conosciuta qui.');
    expect(it.body).toContain('Dettagli tecnici');
    expect(it.body).not.toContain('Sign-in error');
    // No client, nowhere to post but here.
    expect(formAction(it.headers['content-security-policy'])).toEqual(["'self'"]);
    expect(ISSUER).toBe(`${PUBLIC_URL}${OIDC_PATH}`);
  });
});
