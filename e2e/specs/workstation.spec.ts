import { expect, type Page, test } from '@playwright/test';
import { apiOf, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';
import { mailsTo } from '../support/mailbox.ts';

interface WsUser {
  id: string;
  username: string;
  has_identities: boolean;
  autologon: boolean;
  temporary_card: string | null;
  recovery_mode: boolean;
  group: string | null;
}

/** Workstation users of the demo customer matching `pick`, skipping the first `skip` matches. */
async function pickMember(page: Page, pick: (u: WsUser) => boolean, skip = 0): Promise<WsUser> {
  const list = await ok(
    (await apiOf(page)).GET('/api/v1/workstation-users/', { params: { query: { page_size: 100 } } }),
  );
  const found = list.results.filter(pick)[skip];
  if (!found) throw new Error('no demo member fits');
  return found;
}

/** The credential kinds the member page offers in its Add credential dialog. */
async function credentialChoices(page: Page, memberId: string): Promise<string[]> {
  await page.goto(`/users/${memberId}`);
  await page.getByRole('tab', { name: 'Credentials' }).click();
  await page.getByRole('button', { name: 'Add credential' }).click();
  const add = page.getByRole('dialog', { name: 'Add credential' });
  await add.getByRole('combobox', { name: 'Type' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  // Kinds the member already has are listed with a note in brackets.
  const texts = (await options.allTextContents()).map((t) => t.replace(/\s*\(.*\)\s*$/, '').trim());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return texts;
}

/** Chooses `text` in an autocomplete labelled `label` inside `scope`. */
async function choose(page: Page, label: string, text: string, option: RegExp | string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test('temporary cards: create, filter, pair to a member, unpair and delete', async ({ page }) => {
  // Several pages and dialogs in one story: more time on a loaded machine.
  test.slow();
  await signIn(page, 'admin@acme.example');
  await page.goto('/temporary-cards');
  await expect(page.getByTestId('page-title')).toHaveText('Temporary Cards');

  // One card with a specific code (Enter submits), then three generated ones.
  await page.getByRole('button', { name: 'Create cards' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create cards' });
  await dialog.getByLabel('A specific code').check();
  await dialog.getByLabel('Card code').fill('123');
  await dialog.getByLabel('Card code').press('Enter');
  await expect(dialog.getByText('The card code must have 8 digits.')).toBeVisible();
  await dialog.getByLabel('Card code').fill('90000001');
  await dialog.getByLabel('Card code').press('Enter');
  await expect(page.getByText('Cards created: 1.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create cards' }).click();
  dialog = page.getByRole('dialog', { name: 'Create cards' });
  await dialog.getByLabel('Number of cards', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Generated cards run in the feedback dialog: its title, then the result, closed with Ok.
  const result = page.getByRole('dialog', { name: 'Creating 3 cards' });
  await expect(result.getByText('Cards created: 3.')).toBeVisible();
  await result.getByRole('button', { name: 'Ok' }).click();
  await expect(result).toBeHidden();

  await page.getByLabel('Search card code or user').fill('90000001');
  const row = page.getByRole('row', { name: /90000001/ });
  await expect(row.getByText('Not paired')).toBeVisible();

  // Pair it from the member's panel (workstation users page, drawer).
  const member = await pickMember(page, (u) => !u.temporary_card && !u.recovery_mode);
  await page.goto('/workstation-users');
  // The search's answer arrives before the click: a click on the unfiltered first page's row
  // while the search still loaded opened nothing (CI, loaded machine).
  const searched = page.waitForResponse(
    (r) => r.url().includes('/workstation-users/') && new URL(r.url()).searchParams.get('search') === member.username,
  );
  await page.getByLabel('Search users').fill(member.username);
  await searched;
  await page.getByRole('gridcell', { name: member.username, exact: true }).click();
  const panel = page.getByTestId('temporary-card-panel');
  await expect(panel.getByText('No temporary card is paired.')).toBeVisible();
  await panel.getByRole('button', { name: 'Pair card' }).click();
  dialog = page.getByRole('dialog', { name: 'Pair a temporary card' });
  await choose(page, 'Card', '90000001', '90000001');
  await dialog.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByText('Card 90000001 paired.')).toBeVisible();
  await expect(panel.getByTestId('temporary-card-code')).toHaveText('90000001');
  const card = await ok(
    (await apiOf(page)).GET('/api/v1/users/{id}/temporary-card/', { params: { path: { id: member.id } } }),
  );
  expect(card?.cardCode).toBe('90000001');
  expect(new Date(card?.expiration_date ?? 0).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  await page.keyboard.press('Escape');

  // The list shows the pairing; the drawer filter keeps paired cards only.
  await page.goto('/temporary-cards');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Paired', { exact: true }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.keyboard.press('Escape');
  const pairedRow = page.getByRole('row', { name: /90000001/ });
  await expect(pairedRow.getByText('Paired', { exact: true })).toBeVisible();
  await expect(pairedRow.getByText(member.username)).toBeVisible();
  await expect(page.getByRole('row').getByText('Not paired')).toHaveCount(0);

  // Unpair (confirmation), then delete the free card (confirmation).
  await page.getByRole('button', { name: 'Unpair card 90000001' }).click();
  await page.getByRole('dialog', { name: 'Disassociate' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Card 90000001 unpaired.')).toBeVisible();
  await expect(
    await ok((await apiOf(page)).GET('/api/v1/users/{id}/temporary-card/', { params: { path: { id: member.id } } })),
  ).toBeNull();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Search card code or user').fill('90000001');
  // Wait for the debounced search to answer, so the grid does not re-render under the click.
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText('1–1 of 1');
  await expect(page.getByRole('row', { name: /90000001/ }).getByText('Not paired')).toBeVisible();
  await page.getByRole('button', { name: 'Delete card 90000001' }).click();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Deleted.')).toBeVisible();
  await expect(page.getByText('No temporary cards')).toBeVisible();
});

test('recovery mode: activated for a member, the mailed code is the one shown, then deactivated', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const ws = await pickMember(page, (u) => !u.recovery_mode, 3);
  const member = (await ok((await apiOf(page)).GET('/api/v1/users/', { params: { query: { search: ws.username } } })))
    .results[0];
  if (!member) throw new Error('member not found');
  const before = (await mailsTo(member.email)).length;

  await page.goto('/recovery-mode');
  await expect(page.getByTestId('page-title')).toHaveText('Recovery Modes');
  await page.getByRole('button', { name: 'Activate for a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate for a user' });
  await choose(page, 'User', member.username, new RegExp(member.username.replace('.', '\\.')));
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Recovery mode activated.')).toBeVisible();
  const shown = page.getByRole('dialog', { name: 'Recovery code' });
  const code = (await shown.getByTestId('one-time-code').textContent())?.trim() ?? '';
  expect(code.length).toBeGreaterThan(3);

  await expect
    .poll(
      async () => (await mailsTo(member.email)).slice(before).some((m) => `${m.subject}\n${m.text}`.includes(code)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  await shown.getByRole('button', { name: 'Ok' }).click();

  const row = page.getByRole('row', { name: new RegExp(member.email.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row.getByText('admin@acme.example')).toBeVisible();
  await page.getByRole('button', { name: `Deactivate recovery mode of ${member.username}` }).click();
  await page.getByRole('dialog', { name: 'Disassociate' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Recovery mode ended.')).toBeVisible();
  await expect(row).toBeHidden();
  expect(
    await ok((await apiOf(page)).GET('/api/v1/users/{id}/recovery-mode/', { params: { path: { id: member.id } } })),
  ).toBeNull();
});

test('a configuration that forbids SMS takes SMS away from the credential choices of its member', async ({ page }) => {
  // Several pages and dialogs in one story: more time on a loaded machine.
  test.slow();
  await signIn(page, 'admin@acme.example');
  // A member whose configuration allows SMS and who has no SMS credential yet (so SMS is offered).
  const api = await apiOf(page);
  const list = await ok(api.GET('/api/v1/workstation-users/', { params: { query: { page_size: 50 } } }));
  let ws: WsUser | undefined;
  for (const candidate of list.results.slice(5)) {
    const m = await ok(api.GET('/api/v1/users/{id}/', { params: { path: { id: candidate.id } } }));
    if (m.allowed_credential_types.includes('sms') && !m.credential_types.includes('sms')) {
      ws = candidate;
      break;
    }
  }
  if (!ws) throw new Error('no demo member fits');
  expect(await credentialChoices(page, ws.id)).toContain('SMS code');

  await page.goto('/groups');
  await expect(page.getByTestId('page-title')).toHaveText('Configurations');
  await expect(page.getByRole('row', { name: /Contractors/ })).toBeVisible();
  await page.getByRole('button', { name: 'New configuration' }).click();
  const form = page.getByRole('dialog', { name: 'New configuration' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.getByLabel(/^Name/).fill('No SMS e2e');
  await form.getByLabel('Description').fill('Everything but SMS');
  await form.getByLabel('App credential biometry').click();
  await page.getByRole('option', { name: 'Strong' }).click();
  await form.getByLabel('SMS', { exact: true }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  const row = page.getByRole('row', { name: /No SMS e2e/ });
  await expect(row.getByText('Strong')).toBeVisible();
  await expect(row.getByTestId('allowed-sms')).toHaveCount(0);
  await expect(row.getByTestId('allowed-mail')).toBeVisible();
  await row.getByText('No SMS e2e').click();
  await expect(page.getByTestId('page-title')).toHaveText('No SMS e2e');
  await expect(page.getByText('No users in this configuration')).toBeVisible();

  await page.getByRole('button', { name: 'Add users' }).click();
  const add = page.getByRole('dialog', { name: 'Add users to No SMS e2e' });
  await choose(page, 'Users', ws.username, new RegExp(ws.username.replace('.', '\\.')));
  await add.getByRole('button', { name: 'Add users' }).click();
  await expect(page.getByText('Added: 1, skipped: 0.')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: ws.username, exact: true })).toBeVisible();
  await expect(page.getByText('Associated users (1)')).toBeVisible();

  const after = await ok(api.GET('/api/v1/users/{id}/', { params: { path: { id: ws.id } } }));
  expect(after.allowed_credential_types).not.toContain('sms');
  expect(after.allowed_credential_types).toContain('mail');
  // The member page offers the member's credential kinds: SMS is gone, the others stay.
  const choices = await credentialChoices(page, ws.id);
  expect(choices).not.toContain('SMS code');
  expect(choices).toContain('Mail code');
  await page.goto(`/groups`);
  await page
    .getByRole('row', { name: /No SMS e2e/ })
    .getByText('No SMS e2e')
    .click();

  // Removing the member asks first.
  await page.getByRole('button', { name: `Remove ${ws.username}` }).click();
  await page.getByRole('dialog', { name: 'Disassociate' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('gridcell', { name: ws.username, exact: true })).toBeVisible();
});

test('roles: a role group is created, a user authorised from the Users tab and removed again', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const ws = await pickMember(page, () => true, 7);
  await page.goto('/roles');
  await expect(page.getByTestId('page-title')).toHaveText('Roles');
  await page.getByRole('button', { name: 'New role group' }).click();
  const form = page.getByRole('dialog', { name: 'New role group' });
  await form.getByLabel(/^Name/).fill('Auditors e2e');
  await form.getByLabel(/^Name/).press('Enter');
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Auditors e2e');
  await expect(page.getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Users' }).click();
  const authorised = page.getByTestId('role-users-authorised');
  const unauthorised = page.getByTestId('role-users-unauthorised');
  await expect(authorised.getByText('No authorised users')).toBeVisible();
  await unauthorised.getByLabel('Search').fill(ws.username);
  await unauthorised.getByRole('button', { name: `Authorise ${ws.username}` }).click();
  await expect(page.getByText(`${ws.username} authorised.`)).toBeVisible();
  await expect(authorised.getByRole('gridcell', { name: ws.username, exact: true })).toBeVisible();
  await expect(unauthorised.getByRole('gridcell', { name: ws.username, exact: true })).toBeHidden();

  await authorised.getByRole('button', { name: `Remove ${ws.username}` }).click();
  await page.getByRole('dialog', { name: 'Disassociate' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${ws.username} is no longer authorised.`)).toBeVisible();
  await expect(authorised.getByText('No authorised users')).toBeVisible();

  await page.getByRole('tab', { name: 'Info' }).click();
  await expect(page.getByTestId('role-users-count')).toHaveText('0');
});

test('the dashboard shows the figures of the data', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const api = await apiOf(page);
  const dash = await ok(api.GET('/api/v1/dashboard/'));
  const blocked = await ok(api.GET('/api/v1/users/', { params: { query: { blocked: true, page_size: 1 } } }));
  const all = await ok(api.GET('/api/v1/users/', { params: { query: { page_size: 1 } } }));
  const acme = dash.customers[0];
  if (!acme) throw new Error('no dashboard entry');
  expect(acme.users.total).toBe(all.count);
  expect(acme.users.blocked).toBe(blocked.count);

  await page.goto('/dashboard');
  await expect(page.getByTestId('dash-users-total')).toHaveText(String(all.count));
  await expect(page.getByTestId('dash-users-blocked')).toHaveText(String(blocked.count));
  await expect(page.getByTestId('dash-users-enrolled')).toHaveText(String(acme.users.enrolled));
  await expect(page.getByTestId('dash-recovery-active')).toHaveText(String(acme.recovery_modes.active));
  await expect(page.getByTestId('dash-licenses-remaining')).toHaveText(String(acme.licenses.remaining));
  const mail = acme.web_credentials.mail ?? 0;
  if (mail > 0) await expect(page.getByTestId('dash-web-mail')).toHaveText(String(mail));
});

test('a reseller sees one dashboard section per customer', async ({ page }) => {
  await signIn(page, 'partner@northwind.example');
  const dash = await ok((await apiOf(page)).GET('/api/v1/dashboard/'));
  expect(dash.customers.length).toBeGreaterThan(1);
  await page.goto('/dashboard');
  for (const c of dash.customers) {
    const slug = c.customer.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    const section = page.getByTestId(`dash-customer-${slug}`);
    await expect(section.getByRole('heading', { name: c.customer.name })).toBeVisible();
    await expect(section.getByTestId('dash-users-total')).toHaveText(String(c.users.total));
  }
});

const IT = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('cards are created and autologon is refused for a member without identities', async ({ page }) => {
    await signIn(page, 'admin@acme.example', undefined, IT);
    await page.goto('/temporary-cards');
    await expect(page.getByTestId('page-title')).toHaveText('Tessere temporanee');
    await page.getByRole('button', { name: 'Crea tessere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crea tessere' });
    await dialog.getByLabel('Numero di tessere', { exact: true }).fill('2');
    await dialog.getByLabel('Numero di tessere', { exact: true }).press('Enter');
    const result = page.getByRole('dialog', { name: 'Creazione di 2 tessere' });
    await expect(result.getByText('Tessere create: 2.')).toBeVisible();
    await result.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByRole('columnheader', { name: 'Codice tessera' })).toBeVisible();
    await expect(page.getByText('Non associata').first()).toBeVisible();

    const member = await pickMember(page, (u) => !u.has_identities && !u.autologon);
    await page.goto('/workstation-users');
    // The search reloads the grid after a pause: click only once its answer is in.
    const searched = page.waitForResponse((r) => r.url().includes('workstation-users/') && r.url().includes('search='));
    await page.getByLabel('Cerca utenti').fill(member.username);
    await searched;
    const toggle = page.getByRole('switch', { name: `Accesso automatico di ${member.username}` });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText("Un utente senza identità non può usare l'accesso automatico.")).toBeVisible();
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
  });
});
