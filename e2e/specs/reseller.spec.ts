/**
 * The reseller console (issue 14), against the real server, in English and in Italian: a new
 * customer's first manager is mailed a temporary password; an API key is reset, shown once and
 * works with its scopes; an email change applies through the mailed link; a login-assistant
 * script is uploaded and downloaded unchanged; a customer without the login assistant has no
 * script page.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiOf, apiWith, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';
import { type Mail, mailsTo } from '../support/mailbox.ts';

const RESELLER = 'partner@northwind.example';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const LABELS = {
  en: {
    signIn: undefined,
    newCustomer: 'New customer',
    name: 'Name',
    domain: 'Domain',
    licenses: 'Licenses',
    la: 'Login Assistant',
    managerEmail: 'First manager’s email',
    save: 'Save',
    confirm: 'Confirm',
    created: (email: string) => `Customer created. A mail with a temporary password went to ${email}.`,
    openUsers: (name: string) => `Open the manager users of ${name}`,
    title: (name: string) => `User Management: ${name}`,
    edit: (email: string) => `Edit the scopes and expiration of ${email}`,
    editTitle: 'Edit manager user',
    membersRead: /Read members and their credentials/,
    expiration: 'API key expiration',
    invalid: 'This value is not valid.',
    // The field's sections in the language's order: MM/DD/YYYY hh:mm aa.
    typedExpiration: '123120301030P',
    shownExpiration: '12/31/2030, 10:30:00 PM',
    resetKey: (email: string) => `Reset the API key of ${email}`,
    resetKeyTitle: 'Reset API key',
    keyTitle: (email: string) => `New API key of ${email}`,
    keyOnce: 'Copy the API key now: it will not be shown again.',
    copyKey: 'Copy API key',
    copiedQuestion: 'Have you copied the API key? Once this dialog is closed, it cannot be shown again.',
    close: 'Close',
    no: 'No',
    copied: 'Copied to the clipboard.',
    keyReset: 'API key reset.',
    changeEmail: (email: string) => `Change the email of ${email}`,
    changeEmailTitle: 'Change email',
    newEmail: 'New email',
    sendLink: 'Send confirmation link',
    linkSent: (email: string) => `A confirmation link was sent to ${email}. The address changes when it is followed.`,
    pending: (email: string) => `Pending change to ${email}`,
    emailChanged: 'Email changed. You now sign in with your new email address.',
    resetPassword: (email: string) => `Reset the password of ${email}`,
    resetPasswordTitle: 'Reset password',
    passwordReset: (email: string) => `Password reset. A temporary password was mailed to ${email}.`,
    uploadScript: 'Upload script',
    scriptFile: 'Script file',
    version: 'Version',
    upload: 'Upload',
    badType: 'Scripts must be .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip files, and text scripts plain UTF-8 text.',
    uploaded: (name: string) => `Script ${name} uploaded.`,
    download: (name: string) => `Download ${name}`,
    remove: (name: string) => `Delete ${name}`,
    deleteTitle: 'Delete',
    totals: 'All customers',
  },
  it: {
    signIn: {
      username: 'Nome utente',
      password: 'Password',
      signIn: 'Accedi',
      otpPrompt: 'Inserisci il codice inviato alla tua email',
      code: 'Codice',
      verify: 'Verifica',
    },
    newCustomer: 'Nuovo cliente',
    name: 'Nome',
    domain: 'Dominio',
    licenses: 'Licenze',
    la: 'Login Assistant',
    managerEmail: 'Email del primo gestore',
    save: 'Salva',
    confirm: 'Conferma',
    created: (email: string) => `Cliente creato. Un’email con una password temporanea è stata inviata a ${email}.`,
    openUsers: (name: string) => `Apri gli utenti gestori di ${name}`,
    title: (name: string) => `Gestione utenti: ${name}`,
    edit: (email: string) => `Modifica ambiti e scadenza di ${email}`,
    editTitle: 'Modifica utente gestore',
    membersRead: /Leggere i membri e le loro credenziali/,
    expiration: 'Scadenza chiave API',
    invalid: 'Questo valore non è valido.',
    // DD/MM/YYYY HH:mm
    typedExpiration: '311220302230',
    shownExpiration: '31/12/2030, 22:30:00',
    resetKey: (email: string) => `Reimposta la chiave API di ${email}`,
    resetKeyTitle: 'Reimposta chiave API',
    keyTitle: (email: string) => `Nuova chiave API di ${email}`,
    keyOnce: 'Copia ora la chiave API: non verrà più mostrata.',
    copyKey: 'Copia la chiave API',
    copiedQuestion: 'Hai copiato la chiave API? Una volta chiusa questa finestra, non potrà più essere mostrata.',
    close: 'Chiudi',
    no: 'No',
    copied: 'Copiato negli appunti.',
    keyReset: 'Chiave API reimpostata.',
    changeEmail: (email: string) => `Cambia l’email di ${email}`,
    changeEmailTitle: 'Cambia email',
    newEmail: 'Nuova email',
    sendLink: 'Invia link di conferma',
    linkSent: (email: string) =>
      `Un link di conferma è stato inviato a ${email}. L’indirizzo cambia quando il link viene aperto.`,
    pending: (email: string) => `Cambio in attesa verso ${email}`,
    emailChanged: 'Email cambiata. Ora accedi con il tuo nuovo indirizzo email.',
    resetPassword: (email: string) => `Reimposta la password di ${email}`,
    resetPasswordTitle: 'Reimposta password',
    passwordReset: (email: string) => `Password reimpostata. Una password temporanea è stata inviata a ${email}.`,
    uploadScript: 'Carica script',
    scriptFile: 'File dello script',
    version: 'Versione',
    upload: 'Carica',
    badType:
      'Gli script devono essere file .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip e gli script di testo semplice testo UTF-8.',
    uploaded: (name: string) => `Script ${name} caricato.`,
    download: (name: string) => `Scarica ${name}`,
    remove: (name: string) => `Elimina ${name}`,
    deleteTitle: 'Elimina',
    totals: 'Tutti i clienti',
  },
};
type Lang = keyof typeof LABELS;

interface CustomerRow {
  id: string;
  name: string;
  la_enabled: boolean;
}
async function customerNamed(page: Page, name: string): Promise<CustomerRow> {
  const { results } = await ok(
    (await apiOf(page)).GET('/api/v1/customers/', { params: { query: { page_size: 100 } } }),
  );
  const found = results.find((c) => c.name === name);
  if (!found) throw new Error(`no customer named ${name}`);
  return found;
}

/** Waits for a mail to `to` whose subject matches, beyond the `since` already there. */
async function waitForMail(to: string, subject: RegExp, since = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).slice(since).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** Creates a customer (with the login assistant) and its first manager through the dialog. */
async function createCustomer(page: Page, lang: Lang) {
  const L = LABELS[lang];
  const id = unique();
  const name = `Initech ${lang} ${id}`;
  const manager = `boss-${lang}-${id}@initech.example`;
  await page.goto('/customer-view');
  await page.getByRole('button', { name: L.newCustomer }).click();
  const dialog = page.getByRole('dialog', { name: L.newCustomer });
  await dialog.getByRole('textbox', { name: L.name, exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: L.domain, exact: true }).fill('initech.example');
  await dialog.getByRole('textbox', { name: L.licenses, exact: true }).fill('40');
  await dialog.getByRole('switch', { name: L.la }).check();
  await dialog.getByRole('textbox', { name: L.managerEmail }).fill(manager);
  await dialog.getByRole('button', { name: L.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(L.created(manager))).toBeVisible();
  await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
  return { name, manager };
}

async function openManagerUsers(page: Page, lang: Lang, customer: string) {
  const L = LABELS[lang];
  await page.goto('/customer-view');
  await page.getByRole('link', { name: L.openUsers(customer) }).click();
  await expect(page.getByTestId('page-title')).toHaveText(L.title(customer));
}

for (const lang of ['en', 'it'] as const) {
  const L = LABELS[lang];
  test.describe(`reseller console (${lang})`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test('a new customer’s manager is mailed a temporary password; the dashboard counts the customer', async ({
      page,
    }) => {
      await signIn(page, RESELLER, undefined, L.signIn);
      const { name, manager } = await createCustomer(page, lang);
      const mail = await waitForMail(manager, new RegExp(name));
      expect(mail.text).toContain(`Username: ${manager}`);
      expect(mail.text).toMatch(/Temporary password: \S{8,}/);

      // The reseller's totals count it.
      const dashboard = await ok((await apiOf(page)).GET('/api/v1/dashboard/'));
      if (!dashboard.totals || !('customers' in dashboard.totals))
        throw new Error('no reseller totals on the dashboard');
      const { totals } = dashboard;
      await page.goto('/dashboard');
      const section = page.getByRole('region', { name: L.totals });
      await expect(section.getByTestId('dash-totals-customers')).toHaveText(String(totals.customers));
      await expect(page.getByRole('heading', { name })).toBeVisible();
    });

    test('an API key is reset, shown once, and answers with its scopes', async ({ page }) => {
      await signIn(page, RESELLER, undefined, L.signIn);
      const { name, manager } = await createCustomer(page, lang);
      await openManagerUsers(page, lang, name);

      // The key may read members, until an end typed in the language's date order.
      await page.getByRole('button', { name: L.edit(manager) }).click();
      const edit = page.getByRole('dialog', { name: L.editTitle });
      await edit.getByRole('checkbox', { name: L.membersRead }).check();
      await edit.getByRole('group', { name: L.expiration }).getByRole('spinbutton').first().click();
      await page.keyboard.type(L.typedExpiration);
      const patched = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/manager-users/'));
      await edit.getByRole('button', { name: L.save }).click();
      const patch = (await patched).postDataJSON() as { scopes: string[]; expiration: string };
      expect(patch.scopes).toEqual(['members:read']);
      expect(new Date(patch.expiration).getFullYear()).toBe(2030);
      await expect(edit).toBeHidden();
      await expect(page.getByRole('gridcell').getByText('members:read', { exact: true })).toBeVisible();

      // A date half erased is refused, not saved as "no expiration".
      let patches = 0;
      page.on('request', (r) => {
        if (r.method() === 'PATCH') patches++;
      });
      await page.getByRole('button', { name: L.edit(manager) }).click();
      const year = edit.getByRole('group', { name: L.expiration }).getByRole('spinbutton').nth(2);
      await year.click();
      await page.keyboard.press('Backspace');
      await edit.getByRole('button', { name: L.save }).click();
      await expect(edit.getByText(L.invalid)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();
      expect(patches).toBe(0);

      await page.getByRole('button', { name: L.resetKey(manager) }).click();
      await page.getByRole('dialog', { name: L.resetKeyTitle }).getByRole('button', { name: L.confirm }).click();
      const shown = page.getByRole('dialog', { name: L.keyTitle(manager) });
      await expect(shown.getByText(L.keyOnce)).toBeVisible();
      await expect(shown.getByTestId('api-key-header')).toHaveValue('X-API-Key');
      const key = await shown.getByTestId('api-key').inputValue();
      expect(key).toMatch(/^ptk_/);
      await expect(page.getByText(L.keyReset)).toBeVisible();
      // Closing before copying asks whether it was copied; No goes back to the key.
      await shown.getByRole('button', { name: L.close, exact: true }).click();
      await expect(shown.getByText(L.copiedQuestion)).toBeVisible();
      await shown.getByRole('button', { name: L.no, exact: true }).click();
      await expect(shown.getByTestId('api-key')).toHaveValue(key);
      // The copy button puts it on the clipboard; then Close closes at once.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await shown.getByRole('button', { name: L.copyKey, exact: true }).click();
      await expect(page.getByText(L.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await shown.getByRole('button', { name: L.close, exact: true }).click();
      await expect(shown).toBeHidden();
      await expect(page.getByRole('gridcell', { name: L.shownExpiration })).toBeVisible();
      // Seen once: the page holds it no more, and reopening the action shows none.
      expect(await page.content()).not.toContain(key);
      await page.getByRole('button', { name: L.resetKey(manager) }).click();
      const again = page.getByRole('dialog', { name: L.resetKeyTitle });
      await expect(again).toBeVisible();
      expect(await page.content()).not.toContain(key);
      await page.keyboard.press('Escape');
      await expect(again).toBeHidden();

      // The key alone (no session) lists the customer's members.
      const byKey = apiWith({ 'X-API-Key': key });
      const { data: body, response: res } = await byKey.GET('/api/v1/users/');
      expect(res.status).toBe(200);
      expect(body?.count).toBe(0);
      // A call outside its scopes is refused.
      const { response: audit } = await byKey.GET('/api/v1/audit/');
      expect(audit.status).toBe(403);
    });

    test('an email change applies through the link mailed to the new address; a password reset is mailed', async ({
      page,
    }) => {
      await signIn(page, RESELLER, undefined, L.signIn);
      const { name, manager } = await createCustomer(page, lang);
      await openManagerUsers(page, lang, name);
      const next = manager.replace('boss-', 'chief-');

      await page.getByRole('button', { name: L.changeEmail(manager) }).click();
      const dialog = page.getByRole('dialog', { name: L.changeEmailTitle });
      await dialog.getByRole('textbox', { name: L.newEmail }).fill(next);
      await dialog.getByRole('button', { name: L.sendLink }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(L.linkSent(next))).toBeVisible();
      await expect(page.getByTestId('pending-email')).toHaveText(L.pending(next));

      const mail = await waitForMail(next, /Confirm your new Portiere email address/);
      const link = /https?:\/\/\S+\/confirm-email\/([\w-]+)/.exec(mail.text);
      expect(link, mail.text).not.toBeNull();
      // The link is opened as it would be from the mail (the console's own address here).
      await page.goto(`/confirm-email/${link?.[1]}`);
      await expect(page.getByTestId('confirm-email-result')).toHaveText(L.emailChanged);

      // The list now shows the new address.
      await openManagerUsers(page, lang, name);
      await expect(page.getByRole('gridcell', { name: next, exact: true })).toBeVisible();
      await expect(page.getByTestId('pending-email')).toHaveCount(0);

      const before = (await mailsTo(next)).length;
      await page.getByRole('button', { name: L.resetPassword(next) }).click();
      await page.getByRole('dialog', { name: L.resetPasswordTitle }).getByRole('button', { name: L.confirm }).click();
      await expect(page.getByText(L.passwordReset(next))).toBeVisible();
      const reset = await waitForMail(next, /password was reset/, before);
      expect(reset.text).toMatch(/Temporary password: \S{8,}/);
    });

    test('a script is checked, uploaded, downloaded with the same bytes and deleted', async ({ page }) => {
      await signIn(page, RESELLER, undefined, L.signIn);
      const acme = await customerNamed(page, 'Acme');
      expect(acme.la_enabled).toBe(true);
      await page.goto(`/customer-view/script/${acme.id}`);
      await expect(page).toHaveURL((url) => url.pathname === `/customer-view/script/${acme.id}`);

      const fileName = `sso-${lang}-${unique()}.ps1`;
      const bytes = Buffer.from(`# Single sign-on (${lang})\nWrite-Output "città è ok"\n`, 'utf8');
      await page.getByRole('button', { name: L.uploadScript }).click();
      const dialog = page.getByRole('dialog', { name: L.uploadScript });
      const input = dialog.getByLabel(L.scriptFile);
      // A type the console refuses before sending.
      let posted = false;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/scripts/')) posted = true;
      });
      await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
      await expect(dialog.getByText(L.badType)).toBeVisible();
      await dialog.getByRole('textbox', { name: L.version }).fill('3.1.0');
      await dialog.getByRole('button', { name: L.upload, exact: true }).click();
      await expect(dialog).toBeVisible();
      expect(posted).toBe(false);

      await input.setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: bytes });
      await dialog.getByRole('button', { name: L.upload, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(L.uploaded(fileName))).toBeVisible();
      await expect(page.getByRole('gridcell', { name: fileName, exact: true })).toBeVisible();

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: L.download(fileName) }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);

      await page.getByRole('button', { name: L.remove(fileName) }).click();
      await page.getByRole('dialog', { name: L.deleteTitle }).getByRole('button', { name: L.confirm }).click();
      await expect(page.getByRole('gridcell', { name: fileName, exact: true })).toHaveCount(0);
    });

    test('a customer without the login assistant has no script page', async ({ page }) => {
      await signIn(page, RESELLER, undefined, L.signIn);
      const globex = await customerNamed(page, 'Globex');
      expect(globex.la_enabled).toBe(false);
      await page.goto('/customer-view');
      await expect(page.getByRole('gridcell', { name: 'Globex', exact: true })).toBeVisible();
      await page.goto(`/customer-view/script/${globex.id}`);
      await expect(page).toHaveURL(/\/customer-view$/);
      await expect(page.getByRole('gridcell', { name: 'Globex', exact: true })).toBeVisible();
    });
  });
}

test.describe('on a 1440 × 900 screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the manager users’ actions column is whole, without scrolling the grid', async ({ page }) => {
    await signIn(page, RESELLER);
    await openManagerUsers(page, 'en', 'Acme');
    const grid = page.getByRole('grid');
    const firstRow = grid.locator('[role="row"][data-rowindex="0"]');
    await expect(firstRow).toBeVisible();
    // The actions' header and each of the first row's buttons lie inside the grid's visible part,
    // as the page opens (not scrolled sideways).
    const scroller = grid.locator('.MuiDataGrid-virtualScroller');
    const { left, clientWidth, scrollLeft } = await scroller.evaluate((el) => ({
      left: el.getBoundingClientRect().left,
      clientWidth: el.clientWidth,
      scrollLeft: el.scrollLeft,
    }));
    expect(scrollLeft).toBe(0);
    const right = left + clientWidth;
    const boxes = [
      await grid.locator('[role="columnheader"][data-field="actions"]').boundingBox(),
      ...(await Promise.all(
        (await firstRow.locator('[data-field="actions"] button').all()).map((b) => b.boundingBox()),
      )),
    ];
    expect(boxes.length).toBe(6);
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(right);
    }
  });
});
