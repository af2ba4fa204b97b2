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

test('the console and the members’ pages load with their icon and without a 404', async ({ page }) => {
  // A 404 seen by the page, or one the browser only logs (an icon it looks for by itself).
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('404')) notFound.push(`${m.text()} ${m.location().url}`);
  });
  for (const [path, icon] of [
    ['/', '/favicon.svg'],
    // An enrolment link that is not valid: the members' page says so (the API answers 410).
    ['/enroll/not-a-real-token', '/portal/favicon.svg'],
  ]) {
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === icon);
    await page.goto(path);
    const response = await loaded;
    expect([path, response.status(), response.headers()['content-type']]).toEqual([path, 200, 'image/svg+xml']);
  }
  expect(notFound).toEqual([]);
});
