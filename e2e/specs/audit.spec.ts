import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/** The audit/ answers the page asks for, to wait on the filtered one. */
const auditAnswer = (page: Page, params: Record<string, string>) =>
  page.waitForResponse((res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('/api/v1/audit/')) return false;
    return Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v);
  });

test('a customer opens the audit trail under Settings, filters it, and verifies its integrity', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Settings', { exact: true }).click();
  await menu.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByTestId('page-title')).toHaveText('Audit trail');
  for (const header of ['Time', 'Actor', 'Action', 'Target', 'Outcome', 'Source address']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // A customer sees only its own trail: no tenant column.
  await expect(page.getByRole('columnheader', { name: 'Tenant' })).toHaveCount(0);

  // Filters from the drawer, sent as codes: no failed prune exists, so the list is empty.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByTestId('filters-drawer');
  await drawer.getByRole('combobox', { name: 'Target type' }).click();
  await page.getByRole('option', { name: 'Audit trail' }).click();
  await drawer.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Failure' }).click();
  await drawer.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Old events removed' }).click();
  const filtered = auditAnswer(page, { target_type: 'audit', outcome: 'failure', action: 'audit.prune' });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  expect((await filtered).status()).toBe(200);
  await expect(page.getByText('No events')).toBeVisible();

  // The chains the demo server holds are intact (or still empty).
  await page.getByRole('button', { name: 'Verify integrity' }).click();
  await expect(page.getByTestId('audit-verify-status')).toHaveText(
    /^(Integrity verified: \d+ events checked, no change found\.|There are no events to verify yet\.)$/,
  );
});

test('a reseller reaches the audit trail beside Customers, with a tenant column, in Italian too', async ({ page }) => {
  await signIn(page, 'partner@northwind.example');
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('columnheader', { name: 'Tenant' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Italiano' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Registro attività');
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verifica integrità' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Audit trail');
});
