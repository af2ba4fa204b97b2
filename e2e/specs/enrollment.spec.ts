/**
 * The members' enrolment portal end to end, in English and in Italian: an operator mails the
 * enrolment link from the console; the member opens it in a browser of their own, sets up TOTP
 * with a code this test computes itself (RFC 6238 on node:crypto, not the server's library) from
 * the otpauth URI read off the page, and finishes; the console then shows the member enrolled,
 * and the spent link explains itself.
 */
import { createHmac } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchFeedback } from '../support/feedback.ts';
import { mailsTo } from '../support/mailbox.ts';

const ADMIN = 'admin@acme.example';

/** RFC 4648 base32, as otpauth URIs carry the secret. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/** RFC 6238 TOTP (RFC 4226 dynamic truncation) for the parameters of an otpauth:// URI. */
function totpFromUri(uri: string, at = Date.now()): string {
  const url = new URL(uri);
  expect(url.protocol).toBe('otpauth:');
  expect(url.host).toBe('totp');
  const q = url.searchParams;
  const secret = base32(q.get('secret') ?? '');
  const algorithm = (q.get('algorithm') ?? 'SHA1').toLowerCase();
  const digits = Number(q.get('digits') ?? 6);
  const period = Number(q.get('period') ?? 30);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = createHmac(algorithm, secret).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

const ITALIAN_SIGN_IN = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};

const LANGUAGES = {
  en: {
    locale: 'en-US',
    console: {
      newUser: 'New user',
      firstName: 'First name',
      username: 'Username',
      email: 'Email',
      create: 'Create',
      created: 'User created.',
      send: 'Send enrollment email',
      sent: (to: string) => `Enrollment email sent to ${to}.`,
      notEnrolled: 'Not enrolled',
      enrolledOn: /^Enrolled on /,
    },
    portal: {
      title: 'Set up your sign-in',
      hello: /Hello Eva,/,
      setUpTotp: 'Set up: Authenticator app',
      totpHeading: 'Set up: Authenticator app',
      qr: 'QR code for your authenticator app',
      cantScan: "Can't scan?",
      uri: 'otpauth link',
      code: 'Code from the app',
      confirm: 'Confirm',
      // TOTP codes have no attempt limit of their own (HOTP, mail and SMS show the attempts left).
      wrong: /That code is not right\./,
      done: 'Authenticator app is set up.',
      finish: 'Finish',
      allSet: 'You are all set',
      used: 'This link has already been used',
      ask: 'Ask for a new link',
      asked: 'Your request has been sent. Your administrator will mail you a new link.',
      language: 'English',
    },
  },
  it: {
    locale: 'it-IT',
    console: {
      newUser: 'Nuovo utente',
      firstName: 'Nome',
      username: 'Nome utente',
      email: 'Email',
      create: 'Crea',
      created: 'Utente creato.',
      send: 'Invia email di registrazione',
      sent: (to: string) => `Email di registrazione inviata a ${to}.`,
      notEnrolled: 'Non registrato',
      enrolledOn: /^Registrato il /,
    },
    portal: {
      title: "Configura l'accesso",
      hello: /Ciao Eva,/,
      setUpTotp: 'Configura: App di autenticazione',
      totpHeading: 'Configura: App di autenticazione',
      qr: "Codice QR per l'app di autenticazione",
      cantScan: 'Non riesci a scansionare?',
      uri: 'Link otpauth',
      code: "Codice dell'app",
      confirm: 'Conferma',
      wrong: /Il codice non è corretto\./,
      done: 'App di autenticazione: configurato.',
      finish: 'Fine',
      allSet: 'Tutto pronto',
      used: 'Questo link è già stato usato',
      ask: 'Chiedi un nuovo link',
      asked: 'La richiesta è stata inviata. Il tuo amministratore ti manderà un nuovo link via email.',
      language: 'Italiano',
    },
  },
} as const;

type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** The operator creates a member with an email and mails them the enrolment link; answers the link's path. */
async function mailEnrolmentLink(page: Page, L: Language['console'], email: string): Promise<string> {
  await page.goto('/users');
  await page.getByRole('button', { name: L.newUser }).click();
  const form = page.getByRole('dialog', { name: L.newUser });
  await form.getByLabel(L.firstName, { exact: true }).fill('Eva');
  await form.getByLabel(L.username).fill(email);
  await form.getByLabel(L.email, { exact: true }).fill(email);
  const feedback = await watchFeedback(page);
  await form.getByRole('button', { name: L.create }).click();
  await feedback.shown(L.created);
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByText(L.notEnrolled, { exact: true }).first()).toBeVisible();

  const before = (await mailsTo(email)).length;
  await page.getByRole('button', { name: L.send }).click();
  await expect(page.getByText(L.sent(email))).toBeVisible();
  let path = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).slice(before).at(-1);
      path = /\/enroll\/[\w-]+\.[\w-]+\.[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

/** No horizontal scroll on a phone-sized screen. */
async function expectNoHorizontalScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `horizontal scroll on ${what}`).toBeLessThanOrEqual(width);
}

/** The member, in a browser of their own (no console session, their language), at 360 px wide. */
async function memberPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 360, height: 740 },
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

for (const [code, L] of Object.entries(LANGUAGES)) {
  test.describe(`enrolment in ${code === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ locale: L.locale });

    test('the member sets up TOTP from the mailed link, finishes, and the console shows them enrolled', async ({
      page,
      browser,
    }) => {
      const email = `eva.enrol.${code}.${Date.now()}@acme.example`;
      await signIn(page, ADMIN, undefined, code === 'it' ? ITALIAN_SIGN_IN : undefined);
      const link = await mailEnrolmentLink(page, L.console, email);
      const P = L.portal;

      const member = await memberPage(browser, L.locale);
      await member.goto(link);
      const title = member.getByRole('heading', { level: 1, name: P.title });
      await expect(title).toBeFocused();
      await expect(member.getByText(P.hello)).toBeVisible();
      await expect(member.getByRole('button', { name: P.language, pressed: true })).toBeVisible();
      await expectNoAxeViolations(member, 'the enrolment page');
      await expectNoHorizontalScroll(member, 'the enrolment page');

      // By keyboard: each control is reachable and works with the keys.
      await member.getByRole('button', { name: P.setUpTotp }).focus();
      await member.keyboard.press('Enter');
      await expect(member.getByRole('heading', { level: 1, name: P.totpHeading })).toBeFocused();
      await expect(member.getByRole('img', { name: P.qr })).toBeVisible();
      await member.getByRole('button', { name: P.cantScan }).focus();
      await member.keyboard.press('Enter');
      const uri = await member.getByLabel(P.uri, { exact: true }).inputValue();
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      await expectNoAxeViolations(member, 'the TOTP step');
      await expectNoHorizontalScroll(member, 'the TOTP step with its key and URI');

      const field = member.getByLabel(P.code, { exact: true });
      const right = totpFromUri(uri);
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(right.length, '0');
      await field.fill(wrong);
      await field.press('Enter');
      await expect(member.getByText(P.wrong)).toBeVisible();
      await field.fill(totpFromUri(uri));
      await field.press('Enter');
      await expect(member.getByText(P.done)).toBeVisible();
      await expect(member.getByRole('heading', { level: 1, name: P.title })).toBeFocused();

      await member.getByRole('button', { name: P.finish }).click();
      await expect(member.getByRole('heading', { level: 1, name: P.allSet })).toBeFocused();

      // The operator sees the member enrolled.
      await page.reload();
      await expect(page.getByText(L.console.enrolledOn)).toBeVisible();

      // The link is spent: a second visit explains it and offers to ask for a new one.
      await member.goto(link);
      await expect(member.getByRole('heading', { level: 1, name: P.used })).toBeFocused();
      await expectNoAxeViolations(member, 'the used-link page');
      await expectNoHorizontalScroll(member, 'the used-link page');
      await member.getByRole('button', { name: P.ask }).click();
      await expect(member.getByText(P.asked)).toBeVisible();
      await member.context().close();
    });
  });
}

test('a link that was never issued shows the invalid-link page, with no request to make', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/enroll/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ask for a new link' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the invalid-link page');
  await expectNoHorizontalScroll(page, 'the invalid-link page');
  // The switch turns the page into Italian and the choice stays on reload.
  await page.getByRole('button', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questo link non è valido' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Questo link non è valido' })).toBeVisible();
});
