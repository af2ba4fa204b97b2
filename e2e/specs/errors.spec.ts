import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, submitCredentials } from '../support/auth.ts';
import { mailsTo, waitForOtp } from '../support/mailbox.ts';

const ADMIN = 'admin@acme.example';

/**
 * A server outage of one GET endpoint: answers 503 (with the server's error body) while `down`,
 * then lets the requests through to the real server again.
 */
async function outage(page: Page, url: RegExp) {
  const state = { down: true, failed: 0 };
  await page.route(url, async (route) => {
    if (!state.down || route.request().method() !== 'GET') return route.fallback();
    state.failed++;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ reason: 'Service unavailable.', code: 'unknown' }),
    });
  });
  return state;
}

test('a failed list load shows the error with Retry, never the empty state; Retry loads the rows', async ({ page }) => {
  await signIn(page, ADMIN);
  const server = await outage(page, /\/api\/v1\/groups\/(\?.*)?$/);
  await page.goto('/groups');
  const error = page.getByTestId('list-error');
  // The list asks three times (1 s and 2 s apart) before it shows the error: with the page's
  // first load that took just over 15 s on CI's loaded machine (the error came right after).
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('No configurations')).toHaveCount(0);
  await expect(page.locator('.MuiDataGrid-overlay')).toHaveCount(0);
  expect(server.failed).toBeGreaterThan(0);

  // The server is back: Retry loads the list.
  server.down = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByText('No configurations')).toHaveCount(0);
});

test('a failed settings load says so once, with Retry', async ({ page }) => {
  await signIn(page, 'admin@globex.example');
  const server = await outage(page, /\/api\/v1\/customers\/[^/]+\/settings\/$/);
  await page.goto('/general-settings');
  const message = page.getByText('Error retrieving data from server.', { exact: false });
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // The page settled on the error (no load still under way that could say it again): once.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(message).toHaveCount(1);
  expect(server.failed).toBe(1);

  server.down = false;
  await retry.click();
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await expect(message).toHaveCount(0);
});

test('a good sign-in after failed attempts leaves none of their errors on the dashboard', async ({ page }) => {
  await page.goto('/');
  const failed = page.getByText('Login failed.');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await submitCredentials(page, ADMIN, `wrong-password-${attempt}`);
    await expect(failed).toHaveCount(attempt);
  }
  const since = (await mailsTo(ADMIN)).length;
  await submitCredentials(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByText('Enter the code sent to your email')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await waitForOtp(ADMIN, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Signed in successfully.')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('the date picker reads and shows the day before the month', async ({ page }) => {
    await signIn(page, ADMIN, undefined, {
      username: 'Nome utente',
      password: 'Password',
      signIn: 'Accedi',
      otpPrompt: 'Inserisci il codice inviato alla tua email',
      code: 'Codice',
      verify: 'Verifica',
    });
    await page.goto('/users');
    await page.getByRole('button', { name: 'Filtri' }).click();
    const drawer = page.getByTestId('filters-drawer');
    const field = drawer.getByRole('group', { name: 'Dal' });
    await expect(field).toHaveText(/GG\/MM\/AAAA/);
    await field.getByRole('spinbutton').first().click();
    await page.keyboard.type('23112026');
    await expect(field).toHaveText(/23\/11\/2026/);
    const request = page.waitForRequest((r) => r.url().includes('created_after=2026-11-23'));
    await drawer.getByRole('button', { name: 'Applica' }).click();
    await request;
  });
});
