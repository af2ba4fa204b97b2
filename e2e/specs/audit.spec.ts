import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { watchFeedback } from '../support/feedback.ts';

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
  // The last entry of the opening submenu lies below the fold. Scrolled to while the submenu
  // still grows, it can stay half off screen, and a click at its centre then lands on nothing:
  // scroll until it is whole on screen, then click it.
  const auditLink = menu.getByRole('link', { name: 'Audit trail' });
  await expect(async () => {
    await auditLink.scrollIntoViewIfNeeded();
    await expect(auditLink).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass();
  await auditLink.click();
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

test("an operator's change shows on the member's Activity tab with its before and after, and in the trail", async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  const username = `audited.${Date.now()}`;
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const create = page.getByRole('dialog', { name: 'New user' });
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('First name', { exact: true }).fill('Eva');
  const feedback = await watchFeedback(page);
  await create.getByRole('button', { name: 'Create' }).click();
  await feedback.shown('User created.');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit user' });
  await form.getByLabel('First name', { exact: true }).fill('Evelina');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated.')).toBeVisible();

  await page.getByRole('tab', { name: 'Activity' }).click();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row', { name: /User updated/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /User created/ })).toBeVisible();
  await grid
    .getByRole('row', { name: /User updated/ })
    .getByRole('gridcell')
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Event' });
  await expect(detail.getByText('admin@acme.example')).toBeVisible();
  const changes = detail.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /first_name/ })).toHaveText(/first_name.*Eva.*Evelina/);
  await detail.getByRole('button', { name: 'OK' }).click();

  // The same event in the trail, found by its target, and sealed into the chain.
  await page.goto('/settings/audit');
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByTestId('filters-drawer');
  await drawer.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'User updated' }).click();
  const filtered = auditAnswer(page, { action: 'member.update' });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  expect((await filtered).status()).toBe(200);
  await expect(
    page
      .getByRole('grid')
      .getByRole('row', { name: new RegExp(username) })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Verify integrity' }).click();
  await expect(page.getByTestId('audit-verify-status')).toHaveText(
    /^Integrity verified: \d+ events checked, no change found\.$/,
  );
});
