import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test('logout asks for confirmation and then returns to the login form', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu').getByText('admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByText('@acme.example')).toBeVisible();
  await expect(page.getByRole('menu').getByText('1.0.4')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The tokens are gone: a protected page sends us back to the form.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('the collapsed menu stays collapsed after a reload and is 275 px wide when open', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(275);
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  expect((await page.getByTestId('side-menu').boundingBox())?.width).toBeLessThan(275);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
});

test('the menu group of the current route opens by itself', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await page.goto('/temporary-cards');
  await expect(page.getByTestId('page-title')).toHaveText('Temporary Cards');
  await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Recovery Modes' })).toBeVisible();
});
