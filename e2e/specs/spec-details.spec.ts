/**
 * The spec's smaller points, each checked as an operator meets it (issue 18): the dashboard's
 * recovery chart, a session kept with its refresh token only, the logout question on Back, the
 * Yes/No question dialogs, the language names, the error catalogue's sentences.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, EN, IT, signIn, submitCredentials } from '../support/auth.ts';

/** The stored session, with the access token dropped: only the refresh token is left. */
async function dropAccessToken(page: Page) {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('portiere-auth'));
    if (!key) throw new Error('no stored session');
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ accessToken: null, refreshToken: stored.refreshToken }));
  });
}

const storedSession = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('portiere-auth'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, string | null>) : null;
  });

test('the dashboard draws recovery modes as a chart like the other panels', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  const panel = page.getByTestId('dash-recovery');
  await expect(panel.getByRole('heading', { name: 'Recovery modes' })).toBeVisible();
  const chart = panel.getByTestId('dash-recovery-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  const active = Number(await panel.getByTestId('dash-recovery-active').textContent());
  const total = Number(await panel.getByTestId('dash-recovery-total').textContent());
  await expect(chart).toHaveAttribute('aria-label', `${active} active, ${total - active} ended`);
});

test('the recovery modes chart with no recovery yet has whole, integer axis labels', async ({ page }) => {
  // Globex's members never enter recovery mode in these tests.
  await signIn(page, 'admin@globex.example');
  const panel = page.getByTestId('dash-recovery');
  await expect(panel.getByTestId('dash-recovery-total')).toHaveText('0');
  const chart = panel.getByTestId('dash-recovery-chart');
  const svg = chart.locator('svg').first();
  await expect(svg).toBeVisible();
  const labels = chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(labels.first()).toBeVisible();
  // Counts: whole numbers, none cut short ("0.0…"), each inside the drawing.
  const texts = await labels.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(/^\d+$/);
  const area = await svg.boundingBox();
  for (const label of await labels.all()) {
    const box = await label.boundingBox();
    expect(box && area && box.x >= area.x).toBe(true);
  }
});

test.describe('a session with its refresh token only', () => {
  test('a reload of a console page refreshes and stays in the console', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.getByTestId('side-menu').getByText('Users', { exact: true }).click();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Members' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Members');
    await dropAccessToken(page);
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Members');
    await expect(page).toHaveURL(/\/users$/);
    expect((await storedSession(page))?.accessToken).toBeTruthy();
  });

  test('opening the sign-in page continues into the console', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await dropAccessToken(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    expect((await storedSession(page))?.accessToken).toBeTruthy();
  });
});

test.describe('Back to the sign-in route after signing in', () => {
  test('asks whether to log out, stays on No and logs out on Yes', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await expect(dialog.getByText('Do you really want to log out?')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');

    await page.goBack();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: EN.signIn })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('asks the same question with No and Sì', async ({ page }) => {
      await signIn(page, 'admin@acme.example', undefined, IT);
      await page.goBack();
      const dialog = page.getByRole('dialog', { name: 'Esci' });
      await expect(dialog.getByText('Vuoi davvero uscire?')).toBeVisible();
      await dialog.getByRole('button', { name: 'No' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goBack();
      await page.getByRole('dialog', { name: 'Esci' }).getByRole('button', { name: 'Sì' }).click();
      await expect(page.getByRole('button', { name: IT.signIn })).toBeVisible();
    });
  });
});

test.describe('every other way to the sign-in route while signed in asks to log out and stays', () => {
  /** The logout question is asked, the console stays where it was, and No keeps the session. */
  async function asksAndStays(page: Page, path: string) {
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await expect(dialog.getByText('Do you really want to log out?')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === path);
    expect(await storedSession(page)).not.toBeNull();
  }

  test('an address typed inside the app (a history entry made outside the router)', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    // The page's first location, whose history entry has the same key as one made outside the router.
    await page.goto('/users');
    await expect(page.getByTestId('page-title')).toHaveText('Members');
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await asksAndStays(page, '/users');
    await expect(page.getByTestId('page-title')).toHaveText('Members');
    // The sign-in page loaded by its address (the browser's bar, a bookmark) goes on into the console.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Back across page loads to the sign-in page', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    // An address typed in the browser's bar loads the console anew; Back twice returns to the
    // sign-in page's history entry, from another page load.
    await page.goto('/users');
    await expect(page.getByTestId('page-title')).toHaveText('Members');
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await asksAndStays(page, '/dashboard');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  });

  test('a link to the sign-in page', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    // The email confirmation page (open signed in or not) links to the sign-in page.
    await page.goto('/confirm-email/not-a-real-token');
    await expect(page.getByTestId('confirm-email-result')).toBeVisible();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await asksAndStays(page, '/confirm-email/not-a-real-token');
  });
});

test('leaving a page with unsaved changes is a yes-or-no question', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await page.goto('/workstation-settings');
  const group = page.getByRole('textbox', { name: 'Active Directory group' });
  await group.fill('CMS-Admins-unsaved');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog.getByText('You have unsaved changes. Leave this page and lose them?')).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/workstation-settings$/);
  await expect(group).toHaveValue('CMS-Admins-unsaved');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('an account without a mail address', () => {
  const user = 'nomail@globex.example';
  const NO_MAIL = 'No Mail Credential is configured for this user. Please contact your administrator.';

  test('is told at sign-in that no mail credential is configured', async ({ page }) => {
    await page.goto('/');
    await submitCredentials(page, user, DEMO_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: NO_MAIL })).toBeVisible();
    await expect(page.getByText(EN.otpPrompt)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('is told the same in Italian', async ({ page }) => {
      await page.goto('/');
      await submitCredentials(page, user, DEMO_PASSWORD, IT);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: "Nessuna credenziale email è configurata per questo utente. Contatta l'amministratore." }),
      ).toBeVisible();
    });
  });
});

test.describe('language names', () => {
  test('the account menu names four languages; Spanish and German are names only', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['English', 'Italiano'])
      await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    // Each named by all it shows: the language and the note.
    for (const name of ['Español', 'Deutsch']) {
      const item = menu.getByRole('menuitem', {
        name: `${name} Name only: the console is in English and Italian`,
        exact: true,
      });
      await expect(item).toHaveAttribute('aria-disabled', 'true');
    }
    await expect(menu.getByRole('menuitem', { name: 'Italiano', exact: true })).toBeEnabled();
  });

  test('the sign-in page offers English and Italian, and names the others', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Italiano' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Español' })).toHaveCount(0);
    await expect(page.getByText('Español, Deutsch: names only — the console is in English and Italian')).toBeVisible();
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('the same names, with the note in Italian', async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByText('Español, Deutsch: solo i nomi — la console è in inglese e in italiano'),
      ).toBeVisible();
      await signIn(page, 'admin@acme.example', undefined, IT);
      await page.getByRole('button', { name: 'Account' }).click();
      const deutsch = page.getByRole('menu').getByRole('menuitem', {
        name: 'Deutsch Solo il nome: la console è in inglese e in italiano',
        exact: true,
      });
      await expect(deutsch).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'English', exact: true })).toBeEnabled();
    });
  });
});

test.describe('the feedback dialog of long operations', () => {
  test('creating many cards: the title while it runs, the result inside, Ok closes it', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.goto('/temporary-cards');
    await page.getByRole('button', { name: 'Create cards' }).click();
    const form = page.getByRole('dialog', { name: 'Create cards' });
    await form.getByLabel('Number of cards', { exact: true }).fill('4');
    await form.getByRole('button', { name: 'Create' }).click();
    const result = page.getByRole('dialog', { name: 'Creating 4 cards' });
    await expect(result.getByRole('alert').filter({ hasText: 'Cards created: 4.' })).toBeVisible();
    await expect(form).toBeHidden();
    // While the dialog is open its messages stay in it, not in the snackbar.
    await expect(page.getByTestId('feedback-snackbar')).toHaveCount(0);
    await expect(result.getByRole('progressbar')).toHaveCount(0);
    await result.getByRole('button', { name: 'Ok' }).click();
    await expect(result).toBeHidden();
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('an export says in Italian what runs and how it went', async ({ page }) => {
      await signIn(page, 'admin@acme.example', undefined, IT);
      await page.goto('/users');
      await page.getByRole('button', { name: 'Esporta' }).click();
      const form = page.getByRole('dialog', { name: 'Esporta utenti' });
      await form.getByLabel('Nome del file').fill('membri');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        form.getByRole('button', { name: 'Esporta' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('membri.csv');
      const result = page.getByRole('dialog', { name: 'Esportazione degli utenti in membri' });
      await expect(result.getByText('Dati esportati.')).toBeVisible();
      await result.getByRole('button', { name: 'Ok' }).click();
      await expect(result).toBeHidden();
    });
  });
});

test.describe('the Downloads page of customer users', () => {
  test('links the clients and downloads a login-assistant script the reseller uploaded', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Downloads' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByTestId('page-title')).toHaveText('Downloads');
    await expect(page.getByRole('link', { name: 'Download the Workstation client' })).toHaveAttribute(
      'href',
      'https://downloads.portiere.example/workstation/portiere-workstation.msi',
    );
    await expect(page.getByRole('link', { name: 'Download the Login assistant client' })).toHaveAttribute(
      'href',
      'https://downloads.portiere.example/login-assistant/portiere-login-assistant.exe',
    );
    const scripts = page.getByRole('table', { name: 'Login assistant scripts' });
    await expect(scripts.getByRole('rowheader', { name: 'acme-sap-logon.ps1' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      scripts.getByRole('button', { name: 'Download acme-sap-logon.ps1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('acme-sap-logon.ps1');
    await expect(page.getByText('Downloaded acme-sap-logon.ps1.')).toBeVisible();
  });

  test('a customer without the login assistant gets the workstation client and no scripts', async ({ page }) => {
    await signIn(page, 'admin@globex.example');
    await page.goto('/downloads');
    await expect(page.getByRole('link', { name: 'Download the Workstation client' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the Login assistant client' })).toHaveCount(0);
    await expect(
      page.getByText('Your organisation does not have the login assistant, so there are no scripts to download.'),
    ).toBeVisible();
  });

  test('a reseller has no Downloads page', async ({ page }) => {
    await signIn(page, 'partner@northwind.example');
    await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Downloads' })).toHaveCount(0);
    await page.goto('/downloads');
    await expect(page).toHaveURL(/\/customer-view$/);
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('the same page in Italian', async ({ page }) => {
      await signIn(page, 'admin@acme.example', undefined, IT);
      await page.getByTestId('side-menu').getByRole('link', { name: 'Download' }).click();
      await expect(page.getByTestId('page-title')).toHaveText('Download');
      await expect(page.getByRole('heading', { name: 'Script del Login Assistant' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Scarica: Client della postazione' })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'acme-sap-logon.ps1' })).toBeVisible();
    });
  });
});

test.describe('filters drawers on every list', () => {
  test('workstation users: the plain yes/no autologon filter, then Reset', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.goto('/workstation-users');
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByTestId('filters-drawer');
    await expect(drawer.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(drawer.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await drawer.getByRole('checkbox', { name: 'With autologon' }).check();
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/workstation-users/') && r.url().includes('autologon=true'),
    );
    await drawer.getByRole('button', { name: 'Apply' }).click();
    const answer = await (await filtered).json();
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(Math.min(answer.results.length, 25));
    for (const u of answer.results as { autologon: boolean }[]) expect(u.autologon).toBe(true);
    // Applied: the button counts it; Reset takes it away.
    await expect(page.getByRole('button', { name: 'Filters' })).toContainText('1');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(drawer.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await drawer.getByRole('button', { name: 'Reset' }).click();
    await expect(drawer.getByRole('checkbox', { name: 'With autologon' })).not.toBeChecked();
  });

  test('configurations: a triMode login filter; leaving the page clears it', async ({ page }) => {
    await signIn(page, 'admin@acme.example');
    await page.goto('/groups');
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByTestId('filters-drawer');
    await drawer.getByRole('button', { name: 'Web login enabled', exact: true }).click();
    const filtered = page.waitForResponse((r) => r.url().includes('/groups/?') && r.url().includes('web_login=true'));
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await filtered;
    await expect(page.getByRole('button', { name: 'Filters' })).toContainText('1');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Roles' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Roles');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(drawer.getByRole('checkbox', { name: 'Nobody authorised yet' })).not.toBeChecked();
    await expect(drawer.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('the workstation users and recovery modes drawers speak Italian', async ({ page }) => {
      await signIn(page, 'admin@acme.example', undefined, IT);
      await page.goto('/workstation-users');
      await page.getByRole('button', { name: 'Filtri' }).click();
      const drawer = page.getByTestId('filters-drawer');
      await expect(drawer.getByRole('checkbox', { name: 'Con accesso automatico' })).toBeVisible();
      await expect(drawer.getByRole('checkbox', { name: 'In modalità di recupero' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto('/recovery-mode');
      await page.getByRole('button', { name: 'Filtri' }).click();
      await expect(drawer.getByText('Attivata')).toBeVisible();
      await expect(drawer.getByRole('group', { name: 'Dal', exact: true })).toBeVisible();
      await expect(drawer.getByRole('group', { name: 'Al', exact: true })).toBeVisible();
    });
  });
});
