/**
 * Hardware tokens and smartcards in the console (issue 37), in English and Italian: the operator
 * imports a vendor's PSKC file (RFC 6030's Figure 3, its serial made unique), assigns the token
 * to a member, whose HOTP credential then accepts the token's first code (RFC 4226's own test
 * value for that seed, 8 digits as the file says); issues the member a smartcard, whose transport PIN arrives by mail and is
 * shown nowhere; and enables a PIN reset, whose code arrives by mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiOf, ok } from '../support/api.ts';
import { IT as IT_SIGN_IN, signIn } from '../support/auth.ts';
import { watchFeedback } from '../support/feedback.ts';
import { mailsTo } from '../support/mailbox.ts';

const FIXTURES = path.join(import.meta.dirname, '../../apps/server/src');
const PSKC = fs.readFileSync(path.join(FIXTURES, 'modules/hardwareTokens/fixtures/rfc6030-figure3.xml'), 'utf8');
const CERT = fs.readFileSync(path.join(FIXTURES, 'test/fixtures/smartcard-cert.pem'), 'utf8');
/** RFC 4226 appendix D: HOTP of the seed "12345678901234567890" at counter 0, with Figure 3's 8 digits. */
const FIRST_CODE = '84755224';

const LANGUAGES = {
  en: {
    locale: 'en-US',
    console: undefined,
    importOpen: 'Import tokens',
    importTitle: 'Import hardware tokens',
    file: 'Seed file (PSKC)',
    importSubmit: 'Import',
    imported: 'Tokens imported: 1.',
    close: 'Close',
    search: 'Search serial number',
    assignLabel: (serial: string) => `Assign token ${serial}`,
    assignTitle: (serial: string) => `Assign token ${serial}`,
    member: 'User',
    assign: 'Assign',
    assigned: (serial: string, username: string) => `Token ${serial} assigned to ${username}.`,
    credentials: 'Credentials',
    tokenSerial: (serial: string) => `Hardware token: ${serial}`,
    test: 'Test',
    testValue: 'Code or value',
    accepted: 'Accepted',
    addCredential: 'Add credential',
    type: 'Type',
    smartcard: 'Smartcard',
    certificate: 'Certificate (PEM)',
    create: 'Create',
    pinMailed: (to: string) => `Credential created. The transport PIN was mailed to ${to}.`,
    resetPin: 'Reset PIN',
    resetTitle: 'Reset smartcard PIN',
    confirm: 'Confirm',
    pinResetEnabled: 'PIN reset enabled.',
    pinResetOpen: /^PIN reset open until /,
  },
  it: {
    locale: 'it-IT',
    console: IT_SIGN_IN,
    importOpen: 'Importa token',
    importTitle: 'Importa token hardware',
    file: 'File dei semi (PSKC)',
    importSubmit: 'Importa',
    imported: 'Token importati: 1.',
    close: 'Chiudi',
    search: 'Cerca numero di serie',
    assignLabel: (serial: string) => `Assegna il token ${serial}`,
    assignTitle: (serial: string) => `Assegna il token ${serial}`,
    member: 'Utente',
    assign: 'Assegna',
    assigned: (serial: string, username: string) => `Token ${serial} assegnato a ${username}.`,
    credentials: 'Credenziali',
    tokenSerial: (serial: string) => `Token hardware: ${serial}`,
    test: 'Prova',
    testValue: 'Codice o valore',
    accepted: 'Accettato',
    addCredential: 'Aggiungi credenziale',
    type: 'Tipo',
    smartcard: 'Smart card',
    certificate: 'Certificato (PEM)',
    create: 'Crea',
    pinMailed: (to: string) => `Credenziale creata. Il PIN di trasporto è stato inviato via email a ${to}.`,
    resetPin: 'Reimposta PIN',
    resetTitle: 'Reimposta il PIN della smart card',
    confirm: 'Conferma',
    pinResetEnabled: 'Reimpostazione del PIN abilitata.',
    pinResetOpen: /^Reimpostazione del PIN aperta fino al /,
  },
} as const;

type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** A member of Acme with a mail address, created through the API. */
async function newMember(page: Page, lang: string) {
  const api = await apiOf(page);
  const username = `tom.token.${lang}.${Date.now().toString(36)}@acme.example`;
  return ok(api.POST('/api/v1/users/', { body: { username, email: username, first_name: 'Tom', last_name: 'Token' } }));
}

async function importAndAssign(page: Page, L: Language, serial: string, username: string) {
  await page.goto('/hardware-tokens');
  await page.getByRole('button', { name: L.importOpen }).click();
  const dialog = page.getByRole('dialog', { name: L.importTitle });
  await dialog.getByLabel(L.file).setInputFiles({
    name: 'tokens.pskc.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(PSKC.replace('<SerialNo>987654321</SerialNo>', `<SerialNo>${serial}</SerialNo>`)),
  });
  await dialog.getByRole('button', { name: L.importSubmit }).click();
  await expect(dialog.getByText(L.imported)).toBeVisible();
  await dialog.getByRole('button', { name: L.close }).click();

  await page.getByRole('searchbox', { name: L.search }).fill(serial);
  await page.getByRole('button', { name: L.assignLabel(serial) }).click();
  const assign = page.getByRole('dialog', { name: L.assignTitle(serial) });
  await assign.getByRole('combobox', { name: L.member }).fill(username);
  await page.getByRole('option', { name: new RegExp(username.replace(/[.]/g, '\\.')) }).click();
  const feedback = await watchFeedback(page);
  await assign.getByRole('button', { name: L.assign }).click();
  await feedback.shown(L.assigned(serial, username));
}

for (const [lang, L] of Object.entries(LANGUAGES)) {
  test.describe(`tokens and cards in ${lang === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ locale: L.locale });

    test('a PSKC token is imported and assigned, a smartcard issued with its PIN mailed, and its PIN reset enabled', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin@acme.example', undefined, L.console);
      const member = await newMember(page, lang);
      const serial = `E2E${Date.now().toString(36).toUpperCase()}${lang.toUpperCase()}`;
      await importAndAssign(page, L, serial, member.username);

      // The member's HOTP credential, from the token, accepts the token's first code.
      await page.goto(`/users/${member.id}`);
      await page.getByRole('tab', { name: L.credentials, exact: true }).click();
      const hotp = page.getByTestId('credential-hotp');
      await expect(hotp.getByText(L.tokenSerial(serial))).toBeVisible();
      await hotp.getByRole('button', { name: L.test }).click();
      const tryIt = page.getByRole('dialog');
      await tryIt.getByLabel(L.testValue).fill(FIRST_CODE);
      await tryIt.getByLabel(L.testValue).press('Enter');
      await expect(tryIt.getByTestId('test-result')).toContainText(L.accepted);
      await page.keyboard.press('Escape');

      // A smartcard: its transport PIN goes to the member's mailbox, not to this screen.
      const before = (await mailsTo(member.username)).length;
      await page.getByRole('button', { name: L.addCredential }).click();
      const add = page.getByRole('dialog', { name: L.addCredential });
      await add.getByRole('combobox', { name: L.type }).click();
      await page.getByRole('option', { name: L.smartcard, exact: true }).click();
      await add.getByLabel(L.certificate).fill(CERT);
      let feedback = await watchFeedback(page);
      await add.getByRole('button', { name: L.create }).click();
      await feedback.shown(L.pinMailed(member.username));
      let pin = '';
      await expect
        .poll(async () => {
          const mail = (await mailsTo(member.username)).slice(before).at(-1);
          pin = /(\d{4,8})/.exec(mail?.text ?? '')?.[1] ?? '';
          return pin;
        })
        .not.toBe('');
      await expect(page.getByText(pin, { exact: false })).toHaveCount(0);

      // The PIN reset: confirmed, said, and its code mailed.
      const card = page.getByTestId('credential-smartcard');
      await card.getByRole('button', { name: L.resetPin }).click();
      const confirm = page.getByRole('dialog', { name: L.resetTitle });
      feedback = await watchFeedback(page);
      await confirm.getByRole('button', { name: L.confirm }).click();
      await feedback.shown(L.pinResetEnabled);
      await expect(card.getByText(L.pinResetOpen)).toBeVisible();
      await expect.poll(async () => (await mailsTo(member.username)).length).toBeGreaterThan(before + 1);
      const resetMail = (await mailsTo(member.username)).at(-1);
      expect(resetMail?.text).toMatch(/\b\d{8}\b/);
    });
  });
}
