import { expect, type Page, test } from '@playwright/test';
import { EN, IT, signIn } from '../support/auth.ts';
import { mailsTo } from '../support/mailbox.ts';

interface Words {
  tab: string;
  subject: string;
  content: string;
  save: string;
  missingOtp: string;
  someInvalid: string;
  preview: string;
  previewTitle: string;
  sendTest: string;
  sent: (address: string) => string;
  saved: string;
  customised: string;
}

/**
 * The Send OTP template against the real server: the mandatory tag removed is refused, a draft
 * is previewed with the sample values, mailed to the operator (found in the SMTP sink) and saved.
 */
async function editOtpTemplate(page: Page, operator: string, w: Words) {
  await page.goto('/mail-templates');
  await page.getByRole('tab', { name: new RegExp(`^${w.tab}`) }).click();
  const subject = page.getByRole('textbox', { name: w.subject, exact: true });
  const content = page.getByRole('textbox', { name: w.content, exact: true });
  // The built-in text, in the customer's language, until it is changed.
  await expect(content).toHaveValue(/\{otp\}/);

  // Neither in the subject nor in the content: said once, under the content, and nothing is sent.
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/v1/customers/')) writes.push(`${r.method()} ${r.url()}`);
  });
  await subject.fill('Your code');
  await content.fill('Hello {first_name}, here is no code.');
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page.getByText(w.missingOtp)).toBeVisible();
  await expect(content).toBeFocused();
  await expect(page.getByText(w.someInvalid)).toHaveCount(0);
  expect(writes).toEqual([]);

  const marker = `${Date.now()}`;
  await subject.fill(`Code ${marker} for {first_name}`);
  await content.fill('Hello {first_name}, your code is {otp}.');
  await page.getByRole('button', { name: w.preview, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.previewTitle });
  await expect(dialog.getByTestId('mail-preview-subject')).toHaveText(`Code ${marker} for Jane`);
  await expect(dialog.getByTestId('mail-preview-text')).toContainText('Hello Jane, your code is 604112.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const since = (await mailsTo(operator)).length;
  await page.getByRole('button', { name: w.sendTest, exact: true }).click();
  await expect(page.getByText(w.sent(operator))).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(operator)).slice(since).map((m) => m.subject))
    .toContain(`Code ${marker} for Jane`);
  const mail = (await mailsTo(operator)).slice(since).find((m) => m.subject === `Code ${marker} for Jane`);
  expect(mail?.text).toContain('Hello Jane, your code is 604112.');

  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page.getByText(w.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: new RegExp(`^${w.tab}`) })).toContainText(w.customised);
}

test('mail templates: a missing mandatory tag, a preview, a test mail in the mailbox and a save', async ({ page }) => {
  await signIn(page, 'admin@globex.example', undefined, EN);
  await editOtpTemplate(page, 'admin@globex.example', {
    tab: 'Send OTP',
    subject: 'Subject',
    content: 'Content',
    save: 'Save',
    missingOtp: 'Mandatory tag is missing: otp.',
    someInvalid: 'Some fields are not valid.',
    preview: 'Preview',
    previewTitle: 'Preview with sample values',
    sendTest: 'Send test mail',
    sent: (address) => `Test mail sent to ${address}.`,
    saved: 'Settings saved.',
    customised: 'Customised',
  });
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('modelli email: tag obbligatorio mancante, anteprima, email di prova e salvataggio', async ({ page }) => {
    await signIn(page, 'admin@acme.example', undefined, IT);
    await editOtpTemplate(page, 'admin@acme.example', {
      tab: 'Invio OTP',
      subject: 'Oggetto',
      content: 'Contenuto',
      save: 'Salva',
      missingOtp: 'Tag obbligatorio mancante: otp.',
      someInvalid: 'Alcuni campi non sono validi.',
      preview: 'Anteprima',
      previewTitle: 'Anteprima con valori di esempio',
      sendTest: 'Invia email di prova',
      sent: (address) => `Email di prova inviata a ${address}.`,
      saved: 'Impostazioni salvate.',
      customised: 'Personalizzato',
    });
  });
});
