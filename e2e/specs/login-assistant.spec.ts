/**
 * The login assistant (issue 12), against the real server: a login group gets an app and a
 * member's credential (whose password is never shown again), refuses to be deleted while it holds
 * them, naming the counts, and is deleted once they are removed; in English and in Italian.
 * A customer without the login assistant sees none of it.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiOf, customerIdOf, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

const LABELS = {
  en: {
    newGroup: 'New login group',
    name: 'Name',
    save: 'Save',
    tabs: { info: 'Info', applications: 'Applications', credentials: 'Credentials' },
    addApps: 'Add applications',
    remove: (app: string) => `Remove ${app}`,
    disassociate: 'Disassociate',
    addCredential: 'Add credential',
    newCredential: 'New credential',
    member: 'User',
    loginGroup: 'Login group',
    username: 'Username',
    password: 'Password',
    confirmPassword: 'Confirm password',
    deleteCredential: (name: string) => `Delete the credential of ${name}`,
    editCredential: (name: string) => `Edit the credential of ${name}`,
    editTitle: 'Edit credential',
    delete: 'Delete',
    confirm: 'Confirm',
    cancel: 'Cancel',
    refusal: 'This login group still has 1 credentials and 1 applications: remove them before deleting it.',
    deleted: 'Deleted.',
    hidden: 'The stored password is never shown.',
  },
  it: {
    newGroup: 'Nuovo gruppo di login',
    name: 'Nome',
    save: 'Salva',
    tabs: { info: 'Informazioni', applications: 'Applicazioni', credentials: 'Credenziali' },
    addApps: 'Aggiungi applicazioni',
    remove: (app: string) => `Rimuovi ${app}`,
    disassociate: 'Dissocia',
    addCredential: 'Aggiungi credenziale',
    newCredential: 'Nuova credenziale',
    member: 'Utente',
    loginGroup: 'Gruppo di login',
    username: 'Nome utente',
    password: 'Password',
    confirmPassword: 'Conferma password',
    deleteCredential: (name: string) => `Elimina la credenziale di ${name}`,
    editCredential: (name: string) => `Modifica la credenziale di ${name}`,
    editTitle: 'Modifica credenziale',
    delete: 'Elimina',
    confirm: 'Conferma',
    cancel: 'Annulla',
    refusal: 'Questo gruppo di login contiene ancora 1 credenziali e 1 applicazioni: rimuovile prima di eliminarlo.',
    deleted: 'Eliminato.',
    hidden: 'La password salvata non viene mai mostrata.',
  },
};

const IT_SIGN_IN = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};

interface Member {
  id: string;
  username: string;
  full_name: string;
}

async function loginGroupLifecycle(page: Page, lang: 'en' | 'it') {
  const L = LABELS[lang];
  // Passwords typed by staff: the customer must not force generated ones.
  const api = await apiOf(page);
  const id = await customerIdOf(api);
  await ok(
    api.PATCH('/api/v1/customers/{id}/settings/', {
      params: { path: { id } },
      body: { la: { force_password_generation: false } },
    }),
  );
  const app = await ok(
    api.POST('/api/v1/la-apps/', {
      body: { name: unique(`Ledger ${lang}`), kind: 'desktop', target: `ledger-${Date.now().toString(36)}.exe` },
    }),
  );
  const { results } = await ok(api.GET('/api/v1/users/', { params: { query: { page_size: 1, search: 'member' } } }));
  const member: Member | undefined =
    results[0] ?? (await ok(api.GET('/api/v1/users/', { params: { query: { page_size: 1 } } }))).results[0];
  if (!member) throw new Error('the demo has no member');
  const memberName = member.full_name || member.username;
  const groupName = unique(`Finance ${lang}`);
  const password = `Sec-${Date.now().toString(36)}-ret!`;

  // A new login group opens on its page.
  await page.goto('/login-groups');
  await page.getByRole('button', { name: L.newGroup }).click();
  const create = page.getByRole('dialog', { name: L.newGroup });
  await create.getByRole('textbox', { name: L.name, exact: true }).fill(groupName);
  await create.getByRole('button', { name: L.save }).click();
  await expect(page.getByTestId('page-title')).toHaveText(groupName);

  // An app.
  await page.getByRole('tab', { name: L.tabs.applications }).click();
  await page.getByRole('button', { name: L.addApps }).click();
  const add = page.getByRole('dialog', { name: L.addApps });
  await add.getByRole('combobox').click();
  await page.getByRole('option', { name: new RegExp(`^${app.name} `) }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await add.getByRole('button', { name: L.addApps }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('gridcell', { name: app.name, exact: true })).toBeVisible();

  // A member's credential: the password is typed twice, then never shown.
  await page.getByRole('tab', { name: L.tabs.credentials }).click();
  await page.getByRole('button', { name: L.addCredential }).click();
  const form = page.getByRole('dialog', { name: L.newCredential });
  await form.getByRole('combobox', { name: L.member }).fill(member.username);
  await page
    .getByRole('option', { name: new RegExp(member.username.replace(/[.]/g, '\\.')) })
    .first()
    .click();
  await expect(form.getByRole('combobox', { name: L.loginGroup })).toHaveText(groupName);
  await form.getByRole('textbox', { name: L.username, exact: true }).fill('ledger.user');
  // Required fields: the label ends with an asterisk.
  await form.getByLabel(new RegExp(`^${L.password}\\s*\\*$`)).fill(password);
  await form.getByLabel(new RegExp(`^${L.confirmPassword}\\s*\\*$`)).fill(password);
  await form.getByRole('button', { name: L.save }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('gridcell', { name: 'ledger.user', exact: true })).toBeVisible();
  await expect(page.getByText(password)).toHaveCount(0);
  await page.getByRole('button', { name: L.editCredential(memberName) }).click();
  const edit = page.getByRole('dialog', { name: L.editTitle });
  await expect(edit.getByText(L.hidden)).toBeVisible();
  for (const input of await edit.locator('input').all()) expect(await input.inputValue()).not.toBe(password);
  await edit.getByRole('button', { name: L.cancel }).click();
  const stored = await ok(
    (await apiOf(page)).GET('/api/v1/la-users/', { params: { query: { member_id: member.id } } }),
  );
  expect(JSON.stringify(stored)).not.toContain(password);

  // Not deletable while it holds them: the refusal names the counts.
  await page.getByRole('tab', { name: L.tabs.info }).click();
  await page.getByRole('button', { name: L.delete, exact: true }).click();
  await page.getByRole('dialog', { name: L.delete }).getByRole('button', { name: L.confirm }).click();
  await expect(page.getByText(L.refusal)).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText(groupName);

  // Remove them, then the delete succeeds.
  await page.getByRole('tab', { name: L.tabs.credentials }).click();
  await page.getByRole('button', { name: L.deleteCredential(memberName) }).click();
  await page.getByRole('dialog', { name: L.delete }).getByRole('button', { name: L.confirm }).click();
  await expect(page.getByRole('gridcell', { name: 'ledger.user', exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: L.tabs.applications }).click();
  await page.getByRole('button', { name: L.remove(app.name) }).click();
  await page.getByRole('dialog', { name: L.disassociate }).getByRole('button', { name: L.confirm }).click();
  await expect(page.getByRole('gridcell', { name: app.name, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: L.tabs.info }).click();
  await page.getByRole('button', { name: L.delete, exact: true }).click();
  await page.getByRole('dialog', { name: L.delete }).getByRole('button', { name: L.confirm }).click();
  await expect(page).toHaveURL(/\/login-groups$/);
  // The credential's removal said 'Deleted.' too; its message may still be showing.
  await expect(page.getByText(L.deleted).last()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: groupName, exact: true })).toHaveCount(0);
}

test.describe('login assistant in English', () => {
  test('a login group with an app and a credential is refused deletion until they are removed', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await loginGroupLifecycle(page, 'en');
  });

  test('a customer without the login assistant sees none of it', async ({ page }) => {
    await signIn(page, 'admin@globex.example');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByText('Settings', { exact: true })).toBeVisible();
    await expect(menu.getByText('Login Assistant', { exact: true })).toHaveCount(0);
    await menu.getByText('Settings', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'General' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login Assistant' })).toHaveCount(0);
    await page.goto('/login-groups');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login-assistant-settings');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('login assistant in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('un gruppo di login con app e credenziale non si elimina finché non vengono rimosse', async ({ page }) => {
    await signIn(page, 'admin@acme.example', undefined, IT_SIGN_IN);
    await loginGroupLifecycle(page, 'it');
  });
});
