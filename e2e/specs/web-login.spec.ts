/**
 * Web sign-in (issue 16) end to end, the test being the relying party: with openid-client it
 * discovers the issuer, builds an authorization URL with PKCE for a single-page application
 * created through the API (flow password → TOTP, given by an app role to the member's group),
 * lets Chromium open it, goes through the customer's branded sign-in pages with the member's
 * real credentials (TOTP codes computed with otpauth from the secret the API returned), lands on
 * the redirect URI, exchanges the code and checks the ID token; in English and in Italian. A
 * wrong code says so, Cancel lands on the application's abort URI, and the console shows the
 * application's issuer and the member's sign-ins.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import * as oidc from 'openid-client';
import * as OTPAuth from 'otpauth';
import { apiOf, customerIdOf, multipart, ok } from '../support/api.ts';
import { IT as IT_SIGN_IN, signIn } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { png } from '../support/png.ts';
import { ISSUER, type RpPages, relyingParty as rpOf, startRpPages } from '../support/relying-party.ts';

let rpPages: RpPages;
const redirectUri = () => rpPages.redirectUri;
const abortUri = () => rpPages.abortUri;

test.beforeAll(async () => {
  rpPages = await startRpPages();
});
test.afterAll(async () => {
  await rpPages.close();
});
const PRIMARY = '#1565C0';
const LOGIN_TEXT = 'Welcome to Acme. Questions? Call the help desk on 123.';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

interface Setup {
  application: { id: string; name: string; clientId: string; issuer: string };
  member: { id: string; username: string };
  password: string;
  otpauthUri: string;
}

/**
 * Through the API, as the operator: Acme's branding, and a member of a new configuration group
 * whose app role for a new SPA gives the flow password → TOTP; the member's password and TOTP.
 */
async function setUp(page: Page, lang: string): Promise<Setup> {
  const api = await apiOf(page);
  const customer = { path: { id: await customerIdOf(api) } };
  await ok(
    api.PATCH('/api/v1/customers/{id}/settings/', {
      params: customer,
      body: { general: { primary_color: PRIMARY, login_page_text: LOGIN_TEXT } },
    }),
  );
  const logo = new File([new Uint8Array(png(64, 64))], 'logo.png', { type: 'image/png' });
  await ok(
    api.POST('/api/v1/customers/{id}/logo/upload/', {
      params: customer,
      ...multipart({ logo }),
    }),
  );

  const group = await ok(
    api.POST('/api/v1/groups/', {
      body: { name: unique(`Web_${lang}`), web_login_enabled: true, allowed: ['password', 'totp'] },
    }),
  );
  const flow = await ok(
    api.POST('/api/v1/flows/', { body: { name: unique(`Password_TOTP_${lang}`), stages: [['password'], ['totp']] } }),
  );
  const application = await ok(
    api.POST('/api/v1/applications/', {
      body: {
        name: unique(`Shop_${lang}`),
        type: 'spa',
        redirectUri: redirectUri(),
        redirectUriAbortLoginFlow: abortUri(),
      },
    }),
  );
  await ok(
    api.POST('/api/v1/app-roles/', {
      body: { displayName: 'Customer', applicationId: application.id, groupId: group.id, flowId: flow.id },
    }),
  );
  const username = `eva.web.${lang}.${Date.now().toString(36)}@acme.example`;
  const member = await ok(
    api.POST('/api/v1/users/', {
      body: { username, email: username, first_name: 'Eva', last_name: 'Web', group_id: group.id },
    }),
  );
  const password = `Correct horse ${Date.now().toString(36)}`;
  const credentials = { path: { id: member.id } };
  await ok(
    api.POST('/api/v1/users/{id}/credentials/', { params: credentials, body: { type: 'password', value: password } }),
  );
  const totp = await ok(api.POST('/api/v1/users/{id}/credentials/', { params: credentials, body: { type: 'totp' } }));
  if (!totp.enrollment?.otpauth_uri) throw new Error('no otpauth URI for the TOTP credential');
  return { application, member, password, otpauthUri: totp.enrollment.otpauth_uri };
}

/** The relying party of the test's pages, at their redirect URI. */
const relyingParty = (clientId: string, extra: Record<string, string> = {}) => rpOf(clientId, redirectUri(), extra);

/** The member, in a browser of their own (their language), on a phone. */
async function memberPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 360, height: 740 },
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

/** A TOTP code `offset` periods from now, from the otpauth:// URI the API returned. */
function totpCode(uri: string, offset = 0): string {
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offset * totp.period * 1000 });
}

/** A code that is not valid now (nor in the window around now). */
function wrongCode(uri: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((o) => totpCode(uri, o)));
  let code = totpCode(uri, 0);
  while (near.has(code)) code = String((Number(code) + 137_731) % 1_000_000).padStart(code.length, '0');
  return code;
}

async function expectBranded(member: Page) {
  await expect(member.getByText(LOGIN_TEXT)).toBeVisible();
  await expect(member.getByRole('img', { name: 'Acme' })).toHaveAttribute('src', /^\/api\/v1\/branding\/[^/]+\/logo\//);
  const primary = await member.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--pt-primary').trim(),
  );
  expect(primary.toUpperCase()).toBe(PRIMARY);
}

const LANGUAGES = {
  en: {
    locale: 'en-US',
    console: undefined,
    title: (app: string) => `Sign in to ${app}`,
    username: 'Username',
    continue: 'Continue',
    step: (n: number) => `Step ${n} of 2`,
    password: 'Password',
    totp: 'Code from your authenticator app',
    loginFailed: 'Login failed.',
    cancel: 'Cancel',
    language: 'English',
    issuer: 'Issuer',
    web: 'Web',
    signIns: 'Sign-ins',
    signedIn: 'Signed in',
    failed: 'Failed',
    wrongAnswer: 'Wrong answer',
    proved: 'Password, TOTP',
  },
  it: {
    locale: 'it-IT',
    console: IT_SIGN_IN,
    title: (app: string) => `Accedi a ${app}`,
    username: 'Nome utente',
    continue: 'Continua',
    step: (n: number) => `Passo ${n} di 2`,
    password: 'Password',
    totp: "Codice dell'app di autenticazione",
    loginFailed: 'Accesso non riuscito.',
    cancel: 'Annulla',
    language: 'Italiano',
    issuer: 'Issuer',
    web: 'Web',
    signIns: 'Accessi',
    signedIn: 'Accesso riuscito',
    failed: 'Non riuscito',
    wrongAnswer: 'Risposta errata',
    proved: 'Password, TOTP',
  },
} as const;

for (const [lang, L] of Object.entries(LANGUAGES)) {
  test.describe(`web sign-in in ${lang === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ locale: L.locale });

    test('the member signs in to an application through the branded pages and it gets an ID token', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin@acme.example', undefined, L.console);
      const s = await setUp(page, lang);
      expect(s.application.issuer).toBe(ISSUER);
      const rp = await relyingParty(s.application.clientId);

      const member = await memberPage(browser, L.locale);
      await member.goto(rp.url);
      await expect(member).toHaveURL(/\/signin\/[^/]+$/);
      await expect(member.getByRole('heading', { level: 1, name: L.title(s.application.name) })).toBeVisible();
      await expect(member.getByRole('button', { name: L.language, pressed: true })).toBeVisible();
      const username = member.getByLabel(L.username, { exact: true });
      await expect(username).toBeFocused();
      await expectBranded(member);
      await expectNoAxeViolations(member, 'the sign-in page (who)');

      await username.fill(s.member.username);
      await username.press('Enter');
      await expect(member.getByText(L.step(1))).toBeVisible();
      const password = member.getByLabel(L.password, { exact: true });
      await expect(password).toBeFocused();
      await password.fill(s.password);
      await password.press('Enter');

      await expect(member.getByText(L.step(2))).toBeVisible();
      const code = member.getByLabel(L.totp, { exact: true });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await code.fill(wrongCode(s.otpauthUri));
      await code.press('Enter');
      await expect(member.getByRole('alert')).toHaveText(L.loginFailed);
      await expectNoAxeViolations(member, 'the TOTP stage with a refused code');

      await code.fill(totpCode(s.otpauthUri));
      await code.press('Enter');
      await member.waitForURL((url) => url.href.startsWith(`${redirectUri()}?`));
      const tokens = await rp.exchange(member.url());
      // The member, named by their id, with their name, address and the app role's display name.
      expect(tokens.claims()).toMatchObject({
        iss: ISSUER,
        aud: s.application.clientId,
        sub: s.member.id,
        name: 'Eva Web',
        email: s.member.username,
        roles: ['Customer'],
      });
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      await member.context().close();

      // The console: the application's issuer, and the member's sign-in in the Web tab.
      await page.goto(`/applications/${s.application.id}`);
      await expect(page.getByRole('textbox', { name: L.issuer })).toHaveValue(ISSUER);
      await page.goto(`/users/${s.member.id}`);
      await page.getByRole('tab', { name: L.web }).click();
      const signIns = page.getByRole('region', { name: L.signIns, exact: true });
      // Newest first: the sign-in, then the refused code before it.
      await expect(signIns.getByRole('gridcell', { name: s.application.name })).toHaveCount(2);
      const rows = signIns.getByRole('row');
      await expect(rows.nth(1)).toContainText(L.signedIn);
      await expect(rows.nth(1).getByRole('gridcell', { name: L.proved })).toBeVisible();
      await expect(rows.nth(2)).toContainText(L.failed);
      await expect(rows.nth(2).getByRole('gridcell', { name: L.wrongAnswer })).toBeVisible();
    });
  });
}

test('Cancel on the sign-in page lands on the application’s abort URI', async ({ page, browser }) => {
  await signIn(page, 'admin@acme.example');
  const s = await setUp(page, 'abort');
  const rp = await relyingParty(s.application.clientId);
  const member = await memberPage(browser, 'en-US');
  await member.goto(rp.url);
  await expect(member.getByLabel('Username', { exact: true })).toBeFocused();
  await member.getByLabel('Username', { exact: true }).fill(s.member.username);
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member.getByText('Step 1 of 2')).toBeVisible();
  await expectNoAxeViolations(member, 'the password stage');
  await member.getByRole('button', { name: 'Cancel' }).click();
  await member.waitForURL((url) => url.href.startsWith(abortUri()));
  await expect(member.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  await member.context().close();
});

test('a relying party on another origin gets its code by form_post, and the browser back after sign-out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example');
  const s = await setUp(page, 'form_post');
  const rp = await relyingParty(s.application.clientId, { response_mode: 'form_post' });
  const member = await memberPage(browser, 'it-IT');
  await member.goto(rp.url);
  await member.getByLabel('Nome utente', { exact: true }).fill(s.member.username);
  await member.getByRole('button', { name: 'Continua' }).click();
  await member.getByLabel('Password', { exact: true }).fill(s.password);
  await member.getByLabel('Password', { exact: true }).press('Enter');
  const code = member.getByLabel("Codice dell'app di autenticazione", { exact: true });
  await code.fill(totpCode(s.otpauthUri));
  await code.press('Enter');
  // The provider's page posts the code across origins (its CSP names the application's origin).
  await expect(member.getByRole('heading', { name: 'Code received' })).toBeVisible();
  expect(member.url()).toBe(redirectUri());
  const answer = await member.locator('#answer').textContent();
  const tokens = await rp.exchange(`${redirectUri()}?${answer}`);
  expect(tokens.claims()?.sub).toBe(s.member.id);

  // Sign-out, asked on the provider's own page in the member's language and the customer's colours.
  const logout = oidc.buildEndSessionUrl(rp.config, {
    id_token_hint: tokens.id_token ?? '',
    post_logout_redirect_uri: redirectUri(),
  });
  await member.goto(logout.href);
  await expect(member.getByRole('heading', { level: 1, name: 'Esci' })).toBeVisible();
  await expect(member.locator('html')).toHaveAttribute('lang', 'it');
  await expect(member.getByRole('img', { name: 'Acme' })).toBeVisible();
  await expectNoAxeViolations(member, "the provider's sign-out page");
  await member.getByRole('button', { name: 'Sì, esci' }).click();
  await member.waitForURL((url) => url.href.startsWith(redirectUri()));
  await expect(member.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  // The session is over: the application's next request asks for a sign-in again.
  await member.goto((await relyingParty(s.application.clientId)).url);
  await expect(member).toHaveURL(/\/signin\/[^/]+$/);
  await member.context().close();
});
