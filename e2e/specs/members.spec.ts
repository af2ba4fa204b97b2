import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Secret, TOTP } from 'otpauth';
import { signIn } from '../support/auth.ts';
import { watchFeedback } from '../support/feedback.ts';
import { mailsTo } from '../support/mailbox.ts';

const ADMIN = 'admin@acme.example';

const IT_LOGIN = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};

const EN = {
  newUser: 'New user',
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  create: 'Create',
  userCreated: 'User created.',
  credentialsTab: 'Credentials',
  addCredential: 'Add credential',
  type: 'Type',
  totp: 'TOTP',
  secret: 'Secret',
  uri: 'otpauth URI',
  onceWarning: 'This is shown only once. Copy it now: it cannot be displayed again.',
  copySecret: 'Copy Secret',
  copied: 'Copied to the clipboard.',
  close: 'Close',
  test: 'Test',
  testValue: 'Code or value',
  accepted: 'Accepted',
  refused: 'Refused',
  required: 'This field is required.',
};

const IT = {
  newUser: 'Nuovo utente',
  firstName: 'Nome',
  lastName: 'Cognome',
  username: 'Nome utente',
  create: 'Crea',
  userCreated: 'Utente creato.',
  credentialsTab: 'Credenziali',
  addCredential: 'Aggiungi credenziale',
  type: 'Tipo',
  totp: 'TOTP',
  secret: 'Segreto',
  uri: 'URI otpauth',
  onceWarning: 'Viene mostrato una sola volta. Copialo ora: non potrà essere visualizzato di nuovo.',
  copySecret: 'Copia Segreto',
  copied: 'Copiato negli appunti.',
  close: 'Chiudi',
  test: 'Prova',
  testValue: 'Codice o valore',
  accepted: 'Accettato',
  refused: 'Rifiutato',
  required: 'Questo campo è obbligatorio.',
};

/** The code an authenticator app would show now for the secret (SHA1, 6 digits, 30 s). */
function totpNow(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
}

/** Creates a member through the New user dialog, then a TOTP credential whose Test accepts a computed code. */
async function createMemberWithTotp(page: Page, L: typeof EN, username: string) {
  await page.goto('/users');
  await page.getByRole('button', { name: L.newUser }).click();
  const form = page.getByRole('dialog', { name: L.newUser });
  await expect(form.getByLabel(L.firstName, { exact: true })).toBeFocused();
  // Username is required: the dialog refuses to submit without it.
  await form.getByRole('button', { name: L.create }).click();
  await expect(form.getByText(L.required)).toBeVisible();
  await form.getByLabel(L.firstName, { exact: true }).fill('Eva');
  await form.getByLabel(L.lastName, { exact: true }).fill('Tester');
  await form.getByLabel(L.username).fill(username);
  // Enter submits the form.
  const feedback = await watchFeedback(page);
  await form.getByLabel(L.username).press('Enter');
  await feedback.shown(L.userCreated);
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByTestId('member-title')).toHaveText('Eva Tester');

  await page.getByRole('tab', { name: L.credentialsTab }).click();
  await page.getByRole('button', { name: L.addCredential }).click();
  const add = page.getByRole('dialog', { name: L.addCredential });
  await add.getByRole('combobox', { name: L.type }).click();
  await page.getByRole('option', { name: L.totp, exact: true }).click();
  await add.getByRole('button', { name: L.create }).click();

  const enrol = page.getByRole('dialog');
  await expect(enrol.getByText(L.onceWarning)).toBeVisible();
  await expect(enrol.getByRole('img')).toBeVisible();
  const secret = await enrol.getByLabel(L.secret, { exact: true }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  await expect(enrol.getByLabel(L.uri, { exact: true })).toHaveValue(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  await enrol.getByRole('button', { name: L.copySecret }).click();
  await expect(page.getByText(L.copied)).toBeVisible();
  await enrol.getByRole('button', { name: L.close }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const row = page.getByTestId('credential-totp');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: L.test }).click();
  const testDialog = page.getByRole('dialog');
  const value = testDialog.getByLabel(L.testValue);
  await expect(value).toBeFocused();
  const code = totpNow(secret);
  const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
  await value.fill(wrong);
  await value.press('Enter');
  await expect(testDialog.getByTestId('test-result')).toContainText(L.refused);
  await value.fill(totpNow(secret));
  await value.press('Enter');
  await expect(testDialog.getByTestId('test-result')).toContainText(L.accepted);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('create a member through the dialog, add a TOTP credential and pass its test', async ({ page }) => {
  await signIn(page, ADMIN);
  await createMemberWithTotp(page, EN, `eva.tester.${Date.now()}@acme.example`);
});

test('an app credential shows its QR code once, mails it, and a reset shows a new code', async ({ page }) => {
  await signIn(page, ADMIN);
  const email = `app.user.${Date.now()}@acme.example`;
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByRole('dialog', { name: 'New user' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Email', { exact: true }).fill(email);
  const feedback = await watchFeedback(page);
  await form.getByRole('button', { name: 'Create' }).click();
  await feedback.shown('User created.');

  await page.getByRole('tab', { name: 'Credentials' }).click();
  await page.getByRole('button', { name: 'Add credential' }).click();
  const add = page.getByRole('dialog', { name: 'Add credential' });
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'App', exact: true }).click();
  await add.getByRole('button', { name: 'Create' }).click();
  const enrol = page.getByRole('dialog', { name: 'Enrol App' });
  await expect(enrol.getByRole('img', { name: 'QR code to scan' })).toBeVisible();
  const code = await enrol.getByLabel('Confirmation code', { exact: true }).inputValue();
  expect(code).toMatch(/^\w{4,}$/);
  const before = (await mailsTo(email)).length;
  await enrol.getByRole('button', { name: 'Send QR code by email' }).click();
  await expect(page.getByText(`Sent to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThan(before);
  await enrol.getByRole('button', { name: 'Close' }).click();

  const row = page.getByTestId('credential-app');
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'Reset' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset app' });
  await expect(confirm.getByText(/The app on the device will be reset/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const again = page.getByRole('dialog', { name: 'Enrol App' });
  await expect(again.getByLabel('Confirmation code', { exact: true })).not.toHaveValue(code);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // A second app credential is refused in the choice: it is already present.
  await page.getByRole('button', { name: 'Add credential' }).click();
  await add.getByRole('combobox', { name: 'Type' }).click();
  await expect(page.getByRole('option', { name: 'App (already present)' })).toBeDisabled();
});

test('edit a member: identity, extra info as pairs then JSON, saved and shown', async ({ page }) => {
  await signIn(page, ADMIN);
  const username = `edit.me.${Date.now()}`;
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const create = page.getByRole('dialog', { name: 'New user' });
  await create.getByLabel('Username').fill(username);
  const feedback = await watchFeedback(page);
  await create.getByRole('button', { name: 'Create' }).click();
  await feedback.shown('User created.');
  await page.getByRole('tab', { name: 'Workstation' }).click();
  await expect(page.getByText('This user has no identities, so autologon is not possible.')).toBeVisible();
  await page.getByRole('tab', { name: 'Personal Info' }).click();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit user' });
  await form.getByRole('button', { name: 'Add identity' }).click();
  await form.getByLabel('Subject').fill('CN=Edit Me');
  await form.getByLabel('Issuer').fill('CN=Acme CA');
  await form.getByRole('button', { name: 'Add pair' }).click();
  await form.getByLabel('Key').fill('dept');
  await form.getByLabel('Value').fill('IT');
  await form.getByRole('button', { name: 'Add pair' }).click();
  await form.getByLabel('Key').nth(1).fill('dept');
  await expect(form.getByText('Duplicate JSON key not allowed: dept.')).toBeVisible();
  await form.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(form.getByText('Cannot switch to the JSON editor: Duplicate JSON key not allowed: dept.')).toBeVisible();
  await form.getByLabel('Key').nth(1).fill('floor');
  await form.getByLabel('Value').nth(1).fill('3');
  await form.getByRole('button', { name: 'JSON', exact: true }).click();
  const json = form.getByLabel('Extra info (JSON)');
  expect(JSON.parse(await json.inputValue())).toEqual({ dept: 'IT', floor: '3' });
  await json.fill('{"dept": "IT",');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This is not valid JSON.')).toBeVisible();
  await json.fill('{"dept": "IT"}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('CN=Edit Me — CN=Acme CA')).toBeVisible();
  await expect(page.getByText('{"dept": "IT"}')).toBeVisible();
  await page.getByRole('tab', { name: 'Workstation' }).click();
  await expect(page.getByText('This user has no identities, so autologon is not possible.')).toBeHidden();
});

test('a username already taken is refused under the field', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users');
  const first = page.locator('.MuiDataGrid-row [data-field="username"]').first();
  await expect(first).not.toBeEmpty();
  const taken = (await first.textContent()) ?? '';
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByRole('dialog', { name: 'New user' });
  // Required fields carry an asterisk in their accessible name ("Username *").
  await form.getByLabel('Username').fill(taken);
  await form.getByLabel('Phone number').fill('12345');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText(/must start with \+ and a country code/)).toBeVisible();
  await form.getByLabel('Phone number').fill('');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Username already exists.')).toBeVisible();
});

test('filter the list by blocked and by search, and page to page 2', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users');
  await expect(page.getByTestId('page-title')).toHaveText('Members');
  const rows = page.locator('.MuiDataGrid-row');
  await expect(rows).toHaveCount(25);
  const footer = page.locator('.MuiTablePagination-displayedRows');
  await expect(footer).toHaveText(/^1–25 of \d{3}$/);
  const total = Number((await footer.textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThan(150);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(footer).toHaveText(`26–50 of ${total}`);
  await expect(rows).toHaveCount(25);

  // Blocked filter from the drawer: back to page 1, every row blocked.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByTestId('filters-drawer');
  await drawer.getByRole('button', { name: 'Blocked', exact: true }).click();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  // Wait for the filtered answer: the total changes (page 1 alone shows before it arrives).
  await expect(footer).not.toHaveText(new RegExp(` of ${total}$`));
  await expect(footer).toHaveText(/^1–\d+ of \d+$/);
  const blockedTotal = Number((await footer.textContent())?.split(' of ')[1]);
  expect(blockedTotal).toBeGreaterThan(0);
  expect(blockedTotal).toBeLessThan(total);
  const blockedCells = page.locator('.MuiDataGrid-row [data-field="blocked"]');
  for (const text of await blockedCells.allTextContents()) expect(text).toBe('Blocked');

  // Reset the drawer, then search.
  await page.getByRole('button', { name: 'Filters' }).click();
  await drawer.getByRole('button', { name: 'Reset' }).click();
  await page.keyboard.press('Escape');
  await expect(footer).toHaveText(`1–25 of ${total}`);
  await page.getByLabel('Search users').fill('rossi');
  await expect(footer).not.toHaveText(`1–25 of ${total}`);
  const names = await page.locator('.MuiDataGrid-row [data-field="full_name"]').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('Rossi');

  await page.getByLabel('Search users').fill('no-such-user-anywhere');
  await expect(page.getByText('No users found')).toBeVisible();
});

test('export the members as CSV, sorted like the list', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users');
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  // Sort the list by username, descending: the export follows it.
  for (let i = 0; i < 2; i++) {
    const sorted = page.waitForResponse((r) => r.url().includes('/users/?') && r.url().includes('ordering='));
    await page.getByRole('columnheader', { name: 'Username' }).click();
    await sorted;
  }
  await expect(page.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'descending');
  const shown = await page.locator('.MuiDataGrid-row [data-field="username"]').allTextContents();
  expect(shown.length).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export users' });
  const name = dialog.getByLabel('File name');
  await expect(name).toBeFocused();
  await name.fill('');
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await name.fill('acme-members');
  await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('acme-members.csv');
  // The export runs in the feedback dialog, which says how it went.
  const result = page.getByRole('dialog', { name: 'Exporting users to acme-members' });
  await expect(result.getByText('Data exported.')).toBeVisible();
  await result.getByRole('button', { name: 'Ok' }).click();
  await expect(result).toBeHidden();
  const bytes = fs.readFileSync(await download.path());
  // The byte order mark lets Excel read the file as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'username,first_name,last_name,email,phone_number,group,blocked,enrolled,enrolled_at,created_at,credential_types',
  );
  expect(lines.length).toBeGreaterThan(150);
  // username, first and last name, then the email of a demo member
  expect(lines[1]).toMatch(/^[^,]+,[^,]*,[^,]*,[^,@]+@acme\.example,/);
  expect(lines.slice(1, shown.length + 1).map((l) => l.split(',')[0])).toEqual(shown);
});

test('block and unblock a member from the detail page', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByTestId('filters-drawer');
  await drawer.getByRole('button', { name: 'Not blocked', exact: true }).click();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.MuiDataGrid-row [data-field="blocked"]').first()).toHaveText('No');
  const row = page.locator('.MuiDataGrid-row').first();
  const username = (await row.locator('[data-field="username"]').textContent()) ?? '';
  await row.locator('[data-field="email"]').click();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  const status = page.getByTestId('member-status');
  await expect(status).toHaveText('Active');

  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('User blocked.')).toBeVisible();
  await expect(status).toContainText('Blocked');
  await expect(status).toContainText(`Blocked by ${ADMIN}`);

  // The list shows the new state too.
  await page.getByRole('button', { name: 'Back to users' }).click();
  await page.getByLabel('Search users').fill(username);
  const found = page.locator('.MuiDataGrid-row');
  await expect(found).toHaveCount(1);
  await expect(found.locator('[data-field="blocked"]')).toHaveText('Blocked');
  await found.locator('[data-field="email"]').click();

  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(page.getByText('User unblocked.')).toBeVisible();
  await expect(page.getByTestId('member-status')).toHaveText('Active');
});

test('bulk block and unblock selected members with done and skipped counts', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users');
  const footer = page.locator('.MuiTablePagination-displayedRows');
  await expect(footer).toHaveText(/ of \d{3}$/);
  await page.getByLabel('Search users').fill('rossi');
  await expect(footer).toHaveText(/ of \d{1,2}$/);
  const rows = page.locator('.MuiDataGrid-row');
  await expect(rows.first().locator('[data-field="full_name"]')).toContainText('Rossi');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  // Many users at once: the feedback dialog names the run, then its counts; Ok closes it.
  let result = page.getByRole('dialog', { name: 'Blocking 2 users' });
  await expect(result.getByText(/^Done: \d\. Skipped: \d\.$/)).toBeVisible();
  await result.getByRole('button', { name: 'Ok' }).click();
  await expect(result).toBeHidden();
  await expect(rows.nth(0).locator('[data-field="blocked"]')).toHaveText('Blocked');
  await expect(rows.nth(1).locator('[data-field="blocked"]')).toHaveText('Blocked');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  result = page.getByRole('dialog', { name: 'Unblocking 2 users' });
  await expect(result.getByText('Done: 2. Skipped: 0.')).toBeVisible();
  await result.getByRole('button', { name: 'Ok' }).click();
  await expect(rows.nth(0).locator('[data-field="blocked"]')).toHaveText('No');
});

test('an unknown user id shows the not-found message', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/users/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('User not found.')).toBeVisible();
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('create a member and pass the test of its TOTP credential', async ({ page }) => {
    await signIn(page, ADMIN, undefined, IT_LOGIN);
    await createMemberWithTotp(page, IT, `eva.tester.it.${Date.now()}@acme.example`);
  });

  test('export the members as a workbook with typed cells', async ({ page }) => {
    await signIn(page, ADMIN, undefined, IT_LOGIN);
    await page.goto('/users');
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    const first = await page.locator('.MuiDataGrid-row [data-field="username"]').first().textContent();
    await page.getByRole('button', { name: 'Esporta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esporta utenti' });
    await dialog.getByLabel('Nome del file').fill('utenti-acme');
    await dialog.getByRole('radio', { name: 'XLSX' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Esporta' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('utenti-acme.xlsx');
    const result = page.getByRole('dialog', { name: 'Esportazione degli utenti in utenti-acme' });
    await expect(result.getByText('Dati esportati.')).toBeVisible();
    // The workbook is built by the server's worker thread: a real file Excel opens, cells typed.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Users');
    expect(sheet?.getRow(1).getCell(1).value).toBe('username');
    expect(sheet?.rowCount).toBeGreaterThan(150);
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toBe(first);
    expect(typeof row?.getCell(7).value).toBe('boolean');
    expect(row?.getCell(10).value).toBeInstanceOf(Date);
  });
});
