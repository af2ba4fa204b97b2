import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, submitCredentials } from '../support/auth.ts';
import { mailsTo, waitForOtp } from '../support/mailbox.ts';

test('a customer user signs in with the code mailed over SMTP and lands on the dashboard', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('Users', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(page.getByTestId('side-menu').getByText('Customers')).toHaveCount(0);
});

test('a wrong password shows the login error and stays on the form', async ({ page }) => {
  await page.goto('/');
  await submitCredentials(page, 'admin@acme.example', 'not-the-password');
  await expect(page.getByText('Login failed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a reseller lands on the customers list', async ({ page }) => {
  await signIn(page, 'partner@northwind.example');
  await expect(page).toHaveURL(/\/customer-view$/);
  await expect(page.getByTestId('page-title')).toHaveText('Customers');
  await expect(page.getByRole('gridcell', { name: 'Acme', exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Globex', exact: true })).toBeVisible();
  // A customer-only page sends a reseller back to its own home.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/customer-view$/);
});

test('newhire must change the password before the mailed code', async ({ page }) => {
  const user = 'newhire@acme.example';
  await page.goto('/');
  await submitCredentials(page, user, DEMO_PASSWORD);
  await expect(page.getByText('Your password must be changed.')).toBeVisible();
  const changes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/login/change-password/')) changes.push(r.url());
  });
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('Brand-new-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The browser sees the two differ: one message, under the confirmation, and nothing is sent.
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByLabel('Confirm password', { exact: true })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: /not matching|failed/ })).toHaveCount(0);
  expect(changes).toEqual([]);
  const since = (await mailsTo(user)).length;
  await page.getByLabel('Confirm password', { exact: true }).fill('Brand-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Enter the code sent to your email')).toBeVisible();
  expect(changes).toHaveLength(1);
  await page.getByLabel('Code', { exact: true }).fill(await waitForOtp(user, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('unauthenticated visits to a protected page go to the login form', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
