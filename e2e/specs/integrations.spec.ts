/**
 * Integrations (issue 11): applications with their once-shown client secret, the flow editor's
 * stages and the terminating-credential rule (spec 5), app roles; in English and in Italian.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiOf, ok } from '../support/api.ts';
import { EN, signIn } from '../support/auth.ts';

/** A name unique to this run, valid as an application name (spec 5). */
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

/** Picks `option` in the select labelled `field` of `scope`; a multiple choice's list is closed with Escape. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string, multiple = false) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('integrations in English', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an application shows its secret once, not on its page, and a new one after confirming', async ({ page }) => {
    const name = unique('Crm');
    await signIn(page, 'admin@acme.example');
    await page.goto('/applications');
    await expect(page.getByRole('gridcell', { name: 'Intranet', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New application' }).click();
    const form = page.getByRole('dialog', { name: 'New application' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('2bad');
    await form.getByRole('textbox', { name: 'Redirect URI', exact: true }).fill('https://crm.acme.example/cb');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('Must start with a letter and contain only letters, numbers or underscores'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pick(page, form, 'Default flow', 'Password_then_TOTP');
    await form.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: `Credentials of ${name}` });
    await expect(shown.getByText('Copy the client secret now: it will not be shown again.')).toBeVisible();
    const secret = await shown.getByTestId('client-secret').inputValue();
    const clientId = await shown.getByTestId('client-id').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await shown.getByRole('button', { name: 'Copy Client secret' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect(shown).toBeHidden();

    await page.getByRole('gridcell', { name, exact: true }).click();
    await expect(page.getByTestId('page-title')).toHaveText(name);
    await expect(page.getByText(clientId)).toBeVisible();
    await expect(page.getByText('Password_then_TOTP')).toBeVisible();
    await expect(page.getByText('Set (shown only when created or regenerated)')).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate the client secret?' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const again = page.getByRole('dialog', { name: `Credentials of ${name}` });
    await expect(again.getByTestId('client-secret')).not.toHaveValue('');
    const renewed = await again.getByTestId('client-secret').inputValue();
    expect(renewed).not.toBe(secret);
    await expect(again.getByTestId('client-id')).toHaveValue(clientId);
  });

  test('a flow is built, reordered by keyboard and by button, and a terminating credential outside it refused', async ({
    page,
  }) => {
    const name = unique('Flow');
    await signIn(page, 'admin@acme.example');
    await page.goto('/flows');
    await expect(page.getByText('2. TOTP or App').first()).toBeVisible();
    // The demo flow is used by an application and an app role: asked first, then refused.
    await page.getByRole('button', { name: 'Delete Password_then_TOTP' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText(/^This flow is used by \d+ applications, \d+ app roles and \d+ profiles/),
    ).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Password_then_TOTP', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New flow' }).click();
    const form = page.getByRole('dialog', { name: 'New flow' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pick(page, form, 'Stage 1 credentials', 'Password', true);
    await form.getByRole('button', { name: 'Add stage' }).click();
    await pick(page, form, 'Stage 2 credentials', 'TOTP', true);

    // Keyboard drag: pick up stage 2 by its handle, move it up, drop it.
    await form.getByRole('button', { name: 'Drag stage 2' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(form.getByRole('combobox', { name: 'Stage 1 credentials' })).toContainText('TOTP');
    await expect(form.getByRole('combobox', { name: 'Stage 2 credentials' })).toContainText('Password');
    // The plain path: the move buttons.
    await form.getByRole('button', { name: 'Move stage 1 down' }).click();
    await expect(form.getByRole('combobox', { name: 'Stage 1 credentials' })).toContainText('Password');
    await expect(form.getByRole('combobox', { name: 'Stage 2 credentials' })).toContainText('TOTP');

    await pick(page, form, 'Terminating credentials', 'TOTP', true);
    await form.getByRole('button', { name: 'Remove stage 2' }).click();
    const rule = form.getByText('A terminating credential must be part of the flow: TOTP.');
    await expect(rule).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(rule).toBeVisible();
    await expect(form).toBeVisible();

    await pick(page, form, 'Terminating credentials', 'TOTP', true);
    await expect(rule).toBeHidden();
    await pick(page, form, 'Terminating credentials', 'Password', true);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('1. Password')).toBeVisible();
    await expect(row.getByRole('gridcell', { name: 'Password', exact: true })).toBeVisible();
    // The row itself opens the flow for editing.
    await row.getByRole('gridcell', { name, exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit flow' }).getByLabel('Name')).toHaveValue(name);
  });

  test('an app role is created, and a second one for the same application and group refused', async ({ page }) => {
    const appName = unique('Roles_app');
    const role = unique('Reviewers');
    await signIn(page, 'admin@acme.example');
    await ok((await apiOf(page)).POST('/api/v1/applications/', { body: { name: appName, type: 'machine' } }));
    await page.goto('/appRoles');
    await expect(page.getByRole('gridcell', { name: 'Employee', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New app role' }).click();
    const form = page.getByRole('dialog', { name: 'New app role' });
    await form.getByRole('textbox', { name: 'Display name', exact: true }).fill(role);
    await pick(page, form, 'Application', appName);
    await pick(page, form, 'Configuration group', 'Default');
    await pick(page, form, 'Flow', 'Password_then_TOTP');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: role });
    await expect(row.getByRole('gridcell', { name: appName, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New app role' }).click();
    await form.getByRole('textbox', { name: 'Display name', exact: true }).fill(`${role}_again`);
    await pick(page, form, 'Application', appName);
    await pick(page, form, 'Configuration group', 'Default');
    await pick(page, form, 'Flow', 'Password_then_TOTP');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('An app role for this application and configuration group already exists.'),
    ).toHaveCount(2);
  });
});

test.describe('integrations in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('a public application is created with Italian labels and told it has no secret', async ({ page }) => {
    const name = unique('Portale');
    await signIn(page, 'admin@acme.example', undefined, {
      ...EN,
      username: 'Nome utente',
      signIn: 'Accedi',
      otpPrompt: 'Inserisci il codice inviato alla tua email',
      code: 'Codice',
      verify: 'Verifica',
    });
    await page.goto('/applications');
    await page.getByRole('button', { name: 'Nuova applicazione' }).click();
    const form = page.getByRole('dialog', { name: 'Nuova applicazione' });
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
    await form.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: /Applicazione a pagina singola/ }).click();
    await form.getByRole('textbox', { name: 'URI di redirect', exact: true }).fill('portale acme');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form.getByText('Questo URL non è valido.')).toBeVisible();
    await form.getByRole('textbox', { name: 'URI di redirect', exact: true }).fill('https://portale.acme.example/cb');
    await form.getByRole('button', { name: 'Salva' }).click();

    const shown = page.getByRole('dialog', { name: `Credenziali di ${name}` });
    await expect(shown.getByText('Questo tipo di applicazione non ha client secret: accede con PKCE.')).toBeVisible();
    await expect(shown.getByTestId('client-secret')).toHaveCount(0);
    await shown.getByRole('button', { name: 'OK' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('gridcell', { name: 'Applicazione a pagina singola', exact: true })).toBeVisible();
  });
});
