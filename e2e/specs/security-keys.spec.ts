/**
 * Security keys (issue 37) end to end, with an authenticator nobody here wrote: Chromium's virtual
 * authenticator (the DevTools WebAuthn domain), a CTAP2 USB key with resident keys and user
 * verification. The member registers it from the enrolment mail's link, then signs in to an
 * application (password, then the key) and the relying party (openid-client) reads `hwk` in the
 * ID token's amr; the operator sees the key's name, kind and AAGUID. A copy of the key made
 * before its last use (its counter behind) is refused and marked as a possible clone. In English
 * and in Italian.
 */
import { type Browser, type CDPSession, expect, type Page, test } from '@playwright/test';
import { IT as IT_SIGN_IN, signIn } from '../support/auth.ts';
import { type RpPages, relyingParty, startRpPages } from '../support/relying-party.ts';
import { MEMBER_PASSWORD, setUpSignInMember } from '../support/sign-in-member.ts';

let rpPages: RpPages;
test.beforeAll(async () => {
  rpPages = await startRpPages();
});
test.afterAll(async () => {
  await rpPages.close();
});

/** A member whose flow is password → key pair, and their enrolment link. */
const setUp = (page: Page, lang: string) =>
  setUpSignInMember(page, { tag: lang, stages: [['password'], ['keypair']], redirectUri: rpPages.redirectUri });

/** The member's own browser (their language) with a virtual security key plugged in. */
async function memberWithKey(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/** The key's one credential as the authenticator holds it now (private key and counter included). */
async function keyCredential(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  return credentials[0] as (typeof credentials)[number];
}

const LANGUAGES = {
  en: {
    locale: 'en-US',
    console: undefined,
    setUpKey: 'Set up: Security key or passkey',
    keyName: 'Key name',
    register: 'Register security key',
    done: 'Security key or passkey is set up.',
    finish: 'Finish',
    username: 'Username',
    password: 'Password',
    useKey: 'Use my security key',
    loginFailed: 'Login failed.',
    credentials: 'Credentials',
    securityKey: 'Security key (bound to its authenticator)',
    clone: /^Possible clone since /,
    locked: 'Locked',
  },
  it: {
    locale: 'it-IT',
    console: IT_SIGN_IN,
    setUpKey: 'Configura: Chiave di sicurezza o passkey',
    keyName: 'Nome della chiave',
    register: 'Registra la chiave di sicurezza',
    done: 'Chiave di sicurezza o passkey: configurato.',
    finish: 'Fine',
    username: 'Nome utente',
    password: 'Password',
    useKey: 'Usa la mia chiave di sicurezza',
    loginFailed: 'Accesso non riuscito.',
    credentials: 'Credenziali',
    securityKey: 'Chiave di sicurezza (legata al suo autenticatore)',
    clone: /^Possibile clone dal /,
    locked: 'Bloccata',
  },
} as const;

type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** Username, password, then the key: back at the relying party, whose exchange answers the tokens. */
async function signInWithKey(member: Page, L: Language, clientId: string, username: string) {
  const rp = await relyingParty(clientId, rpPages.redirectUri);
  await member.goto(rp.url);
  await member.getByLabel(L.username, { exact: true }).fill(username);
  await member.getByLabel(L.username, { exact: true }).press('Enter');
  const password = member.getByLabel(L.password, { exact: true });
  await password.fill(MEMBER_PASSWORD);
  await password.press('Enter');
  const useKey = member.getByRole('button', { name: L.useKey });
  await expect(useKey).toBeFocused();
  await useKey.click();
  return rp;
}

for (const [lang, L] of Object.entries(LANGUAGES)) {
  test.describe(`security keys in ${lang === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ locale: L.locale });

    test('a member registers a security key from the enrolment link and signs in with it; a cloned key is refused', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin@acme.example', undefined, L.console);
      const s = await setUp(page, lang);
      const { page: member, cdp, authenticatorId } = await memberWithKey(browser, L.locale);

      // Registration, from the mailed link.
      await member.goto(s.link);
      await member.getByRole('button', { name: L.setUpKey }).click();
      await member.getByLabel(L.keyName, { exact: true }).fill('YubiKey 5');
      await member.getByRole('button', { name: L.register }).click();
      await expect(member.getByText(L.done)).toBeVisible();
      await member.getByRole('button', { name: L.finish }).click();
      const registered = await keyCredential(cdp, authenticatorId);
      expect(registered.isResidentCredential).toBe(true);

      // The sign-in: password, then the key; the ID token says a hardware key was used.
      let rp = await signInWithKey(member, L, s.application.clientId, s.member.username);
      await member.waitForURL((url) => url.href.startsWith(`${rpPages.redirectUri}?`));
      const tokens = await rp.exchange(member.url());
      expect(tokens.claims()).toMatchObject({ sub: s.member.id, amr: ['pwd', 'hwk', 'mfa'] });

      // The operator sees the key: its name, kind and the authenticator model's AAGUID.
      await page.goto(`/users/${s.member.id}`);
      await page.getByRole('tab', { name: L.credentials, exact: true }).click();
      const row = page.getByTestId('credential-keypair');
      await expect(row.getByText('YubiKey 5')).toBeVisible();
      await expect(row.getByText(L.securityKey)).toBeVisible();
      await expect(row.getByText(/^AAGUID: [0-9a-f-]{36}$/)).toBeVisible();

      if (lang !== 'en') return;
      // A copy of the key taken now, then one more sign-in with the key itself...
      const copy = await keyCredential(cdp, authenticatorId);
      rp = await signInWithKey(member, L, s.application.clientId, s.member.username);
      await member.waitForURL((url) => url.href.startsWith(`${rpPages.redirectUri}?`));
      await rp.exchange(member.url());
      // ...and the copy, whose counter is behind, signs the next one: refused, a possible clone.
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: copy });
      await signInWithKey(member, L, s.application.clientId, s.member.username);
      await expect(member.getByRole('alert')).toContainText(L.loginFailed);
      await page.reload();
      await page.getByRole('tab', { name: L.credentials, exact: true }).click();
      await expect(row.getByText(L.clone)).toBeVisible();
      await expect(row.getByText(L.locked, { exact: true })).toBeVisible();
    });
  });
}
