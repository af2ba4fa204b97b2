/**
 * The members' smartphone app (issue 38) end to end: a phone emulated by Chromium (a mid-range
 * Android's screen, touch and user agent) opens the app from the enrolment page's link and binds
 * itself with its own non-extractable key; the member's desktop browser signs in to an application,
 * sends the request to the app and shows a number; the phone picks it and the relying party
 * (openid-client) gets the tokens. Another number and "This was not me" end the sign-in, the latter
 * flagged on the member's detail; after the operator's reset the app says so. The app with biometry
 * approves only through Chromium's virtual platform authenticator with user verification.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ok } from '../support/api.ts';
import { IT as IT_SIGN_IN, signIn } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type RpPages, relyingParty, startRpPages } from '../support/relying-party.ts';
import { MEMBER_PASSWORD, setUpSignInMember } from '../support/sign-in-member.ts';

let rpPages: RpPages;
test.beforeAll(async () => {
  rpPages = await startRpPages();
});
test.afterAll(async () => {
  await rpPages.close();
});

/** A member whose flow is password → the app (or the app with biometry), and their enrolment link. */
const setUp = (page: Page, lang: string, kind: 'app' | 'app_biometry' = 'app', biometry = 'none') =>
  setUpSignInMember(page, {
    tag: lang,
    stages: [['password'], [kind]],
    redirectUri: rpPages.redirectUri,
    group: { allowed: ['password', 'app'], app_credential_biometry: biometry },
    name: ['Pat', 'Phone'],
  });

/** The member's phone: a mid-range Android, in their language. */
function phone(browser: Browser, locale: string): Promise<BrowserContext> {
  return browser.newContext({
    locale,
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });
}

const LANGUAGES = {
  en: {
    locale: 'en-US',
    console: undefined,
    setUpApp: 'Set up: Smartphone app',
    setUpAppBiometry: 'Set up: Smartphone app with biometry',
    openHere: 'Open on this phone',
    code: 'Confirmation code',
    confirm: 'Confirm',
    added: (u: string) => `${u} is now on this phone.`,
    appDone: 'Smartphone app is set up.',
    appBiometryDone: 'Smartphone app with biometry is set up.',
    finish: 'Finish',
    username: 'Username',
    password: 'Password',
    send: 'Send request to my app',
    request: 'Sign-in request',
    wrongNumber: 'The number picked in the app was not the one shown here.',
    notMe: 'This was not me',
    notMeYes: 'Deny and report',
    reported: 'The sign-in was refused on your app and reported.',
    flagged: /the member said on the smartphone app that a sign-in was not theirs/,
    reset: 'Reset by your administrator',
    enrollAgain: 'Enrol again',
    noConfirm: 'Your phone did not confirm it is you. Select the button to try again.',
    confirmItsMe: 'Confirm it is me',
  },
  it: {
    locale: 'it-IT',
    console: IT_SIGN_IN,
    setUpApp: 'Configura: App per smartphone',
    setUpAppBiometry: 'Configura: App per smartphone con biometria',
    openHere: 'Apri su questo telefono',
    code: 'Codice di conferma',
    confirm: 'Conferma',
    added: (u: string) => `${u} è ora su questo telefono.`,
    appDone: 'App per smartphone: configurato.',
    appBiometryDone: 'App per smartphone con biometria: configurato.',
    finish: 'Fine',
    username: 'Nome utente',
    password: 'Password',
    send: 'Invia la richiesta alla mia app',
    request: 'Richiesta di accesso',
    wrongNumber: "Il numero scelto nell'app non è quello mostrato qui.",
    notMe: 'Non sono stato io',
    notMeYes: 'Rifiuta e segnala',
    reported: "L'accesso è stato rifiutato dalla tua app e segnalato.",
    flagged: /ha segnalato dall’app per smartphone un accesso non richiesto/,
    reset: "Reimpostato dall'amministratore",
    enrollAgain: 'Registra di nuovo',
    noConfirm: 'Il telefono non ha confermato che sei tu. Seleziona il pulsante per riprovare.',
    confirmItsMe: 'Conferma che sono io',
  },
} as const;
type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** From the mailed link on the desktop to the app bound on the phone; the enrolment page follows. */
async function enrolPhone(desktop: Page, app: Page, L: Language, link: string, username: string, biometry = false) {
  await desktop.goto(link);
  await desktop.getByRole('button', { name: biometry ? L.setUpAppBiometry : L.setUpApp }).click();
  const openHere = desktop.getByRole('link', { name: L.openHere });
  const address = (await openHere.getAttribute('href')) ?? '';
  expect(address).toMatch(/\/app\/#code=\d+$/);
  await app.goto(address);
  // The code comes prefilled from the address; the member confirms.
  await expect(app.getByLabel(L.code, { exact: true })).toHaveValue(/^\d+$/);
  await expectNoAxeViolations(app, 'the app adding an account');
  await app.getByRole('button', { name: L.confirm, exact: true }).click();
  await expect(app.getByText(L.added(username))).toBeVisible();
  await expect(desktop.getByText(biometry ? L.appBiometryDone : L.appDone)).toBeVisible();
  await desktop.getByRole('button', { name: L.finish }).click();
}

/** Username and password at the application's sign-in, then the request to the app: the number shown. */
async function askTheApp(desktop: Page, L: Language, clientId: string, username: string) {
  const rp = await relyingParty(clientId, rpPages.redirectUri);
  await desktop.goto(rp.url);
  await desktop.getByLabel(L.username, { exact: true }).fill(username);
  await desktop.getByLabel(L.username, { exact: true }).press('Enter');
  const password = desktop.getByLabel(L.password, { exact: true });
  await password.fill(MEMBER_PASSWORD);
  await password.press('Enter');
  await desktop.getByRole('button', { name: L.send }).click();
  const number = (await desktop.getByTestId('match-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^\d{2}$/);
  return { rp, number };
}

/** The request as the phone shows it. */
const requestOn = (app: Page, L: Language) => app.getByRole('region', { name: L.request });

for (const [lang, L] of Object.entries(LANGUAGES)) {
  test.describe(`the smartphone app in ${lang === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ locale: L.locale });

    test('a member enrols the app from the enrolment link and approves a sign-in by its number; another number, a report and a reset end it', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      await signIn(page, 'admin@acme.example', undefined, L.console);
      const s = await setUp(page, lang);
      const desktop = await (
        await browser.newContext({ locale: L.locale, baseURL: test.info().project.use.baseURL })
      ).newPage();
      const phoneContext = await phone(browser, L.locale);
      const app = await phoneContext.newPage();
      await enrolPhone(desktop, app, L, s.link, s.member.username);

      // The right number: the phone shows the application and the numbers; the member picks the page's.
      const first = await askTheApp(desktop, L, s.application.clientId, s.member.username);
      const request = requestOn(app, L);
      await expect(request.getByText(s.application.name)).toBeVisible();
      await expectNoAxeViolations(app, `the app with a sign-in request (${lang})`);
      await expectNoAxeViolations(desktop, `the sign-in page showing the number (${lang})`);
      await request.getByRole('button', { name: first.number, exact: true }).click();
      await desktop.waitForURL((url) => url.href.startsWith(`${rpPages.redirectUri}?`));
      const tokens = await first.rp.exchange(desktop.url());
      expect(tokens.claims()).toMatchObject({ sub: s.member.id, amr: ['pwd', 'mca', 'mfa'] });
      await expect(request).toHaveCount(0);

      if (lang !== 'en') return;
      // Another number ends the sign-in: the page says why.
      const second = await askTheApp(desktop, L, s.application.clientId, s.member.username);
      await expect(request.getByRole('button', { name: second.number, exact: true })).toBeVisible();
      const choices = (await request.getByRole('button').allTextContents()).map((t) => t.trim());
      const other = choices.find((n) => /^\d{2}$/.test(n) && n !== second.number) ?? '';
      await request.getByRole('button', { name: other, exact: true }).click();
      await expect(desktop.getByText(L.wrongNumber)).toBeVisible();

      // "This was not me", confirmed: the sign-in ends and the operator sees the member flagged.
      await askTheApp(desktop, L, s.application.clientId, s.member.username);
      await request.getByRole('button', { name: L.notMe }).click();
      await request.getByRole('button', { name: L.notMeYes }).click();
      await expect(desktop.getByText(L.reported)).toBeVisible();
      await page.goto(`/users/${s.member.id}`);
      await expect(page.getByText(L.flagged)).toBeVisible();

      // The operator resets the app credential: the phone's next call is refused and it says so.
      const [credential] = (
        await ok(s.api.GET('/api/v1/users/{id}/credentials/', { params: { path: { id: s.member.id } } }))
      ).filter((c) => c.type === 'app');
      await ok(
        s.api.POST('/api/v1/users/{id}/credentials/{cid}/reset/', {
          params: { path: { id: s.member.id, cid: credential?.id ?? '' } },
        }),
      );
      await app.reload();
      await expect(app.getByText(L.reset)).toBeVisible();
      await expect(app.getByRole('button', { name: L.enrollAgain })).toBeVisible();
      await expectNoAxeViolations(app, 'the app with an account reset');
      await phoneContext.close();
    });
  });
}

test.describe('the smartphone app with biometry', () => {
  test('approves only through the phone’s authenticator with user verification', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const L = LANGUAGES.en;
    await signIn(page, 'admin@acme.example');
    const s = await setUp(page, 'bio', 'app_biometry', 'strong');
    const desktop = await (
      await browser.newContext({ locale: L.locale, baseURL: test.info().project.use.baseURL })
    ).newPage();
    const phoneContext = await phone(browser, L.locale);
    const app = await phoneContext.newPage();
    // The phone's own authenticator (fingerprint or face): internal, resident keys, user verification.
    const cdp = await phoneContext.newCDPSession(app);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await enrolPhone(desktop, app, L, s.link, s.member.username, true);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // The fingerprint does not match: nothing is approved, the app asks again.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    const { rp, number } = await askTheApp(desktop, L, s.application.clientId, s.member.username);
    const request = requestOn(app, L);
    await request.getByRole('button', { name: number, exact: true }).click();
    await expect(request.getByText(L.noConfirm)).toBeVisible();
    // It matches: the approval goes through.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await request.getByRole('button', { name: L.confirmItsMe }).click();
    await desktop.waitForURL((url) => url.href.startsWith(`${rpPages.redirectUri}?`));
    expect((await rp.exchange(desktop.url())).claims()).toMatchObject({ sub: s.member.id });
    await phoneContext.close();
  });
});
