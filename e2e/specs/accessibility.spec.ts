/**
 * WCAG 2.2 AA: axe finds no violation on any console page, nor in any dialog its buttons open.
 * The pages come from the console's own route table, so a new route is checked without editing
 * this file (a new path parameter fails loudly until PARAMS says how to fill it from the demo data).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { APP_ROUTES, type AppRoute } from '../../apps/console/src/app/routes.ts';
import type { UserType } from '../../packages/contracts/src/index.ts';
import { type Api, apiWith, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';
import { expectNoAxeViolations, waitForLoaded } from '../support/axe.ts';

/** The demo operator who opens the pages of each user type. */
const OPERATOR: Record<UserType, string> = {
  CustomerUser: 'admin@acme.example',
  ResellerUser: 'partner@northwind.example',
};

/** The first id a list of the demo data holds (that `pick` accepts). */
function firstId<T extends { id: string }>(
  list: { results: T[] },
  where: string,
  pick: (r: T) => boolean = () => true,
) {
  const found = list.results.find(pick);
  if (!found) throw new Error(`the demo data has nothing in ${where}`);
  return found.id;
}

/** A list's first page of one row. */
const ONE = { params: { query: { page_size: 1 } } };

/** How each path parameter is filled from the demo data (keyed by route path). */
const PARAMS: Record<string, (api: Api) => Promise<string>> = {
  '/customer-view/:id': async (api) => firstId(await ok(api.GET('/api/v1/customers/')), 'customers/'),
  // The scripts page is for customers with the login assistant only.
  '/customer-view/script/:id': async (api) =>
    firstId(await ok(api.GET('/api/v1/customers/')), 'customers/', (c) => c.la_enabled === true),
  '/users/:id': async (api) => firstId(await ok(api.GET('/api/v1/users/', ONE)), 'users/'),
  '/groups/:id': async (api) => firstId(await ok(api.GET('/api/v1/groups/', ONE)), 'groups/'),
  '/roles/:id': async (api) => {
    // The demo has no role: make one (idempotent enough: any existing role serves).
    const { results } = await ok(api.GET('/api/v1/roles/', ONE));
    if (results[0]) return results[0].id;
    return (
      await ok(api.POST('/api/v1/roles/', { body: { name: 'Accessibility reviewers', description: 'Read-only' } }))
    ).id;
  },
  // The demo seeds an application (Intranet) for each customer.
  '/applications/:id': async (api) => firstId(await ok(api.GET('/api/v1/applications/', ONE)), 'applications/'),
  // A login group of the demo customer (made when it has none yet); its lists answer {count, items}.
  '/login-groups/:id': async (api) => {
    const { items } = await ok(api.GET('/api/v1/login-groups/', ONE));
    if (items[0]) return items[0].id;
    const made = await ok(
      api.POST('/api/v1/login-groups/', { body: { name: 'Accessibility group', description: 'Checked by axe' } }),
    );
    return made.id;
  },
};
interface Session {
  storageState: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
  accessToken: string;
}
/** One sign-in per operator and worker; later tests start with its stored tokens. */
const sessions = new Map<string, Promise<Session>>();

function sessionFor(browser: Browser, baseURL: string, username: string): Promise<Session> {
  let s = sessions.get(username);
  if (!s) {
    s = (async () => {
      const context = await browser.newContext({ baseURL });
      await signIn(await context.newPage(), username);
      const storageState = await context.storageState();
      await context.close();
      const item = storageState.origins.flatMap((o) => o.localStorage).find((i) => i.name.startsWith('portiere-auth-'));
      const accessToken = JSON.parse(item?.value ?? '{}').accessToken;
      if (!accessToken) throw new Error(`no tokens stored after signing in as ${username}`);
      return { storageState, accessToken };
    })();
    sessions.set(username, s);
  }
  return s;
}

async function fillParams(route: AppRoute, api: Api): Promise<string> {
  if (!route.path.includes(':')) return route.path;
  const resolve = PARAMS[route.path];
  if (!resolve) throw new Error(`add to PARAMS how to fill ${route.path} from the demo data`);
  const id = await resolve(api);
  return route.path.replace(/:[A-Za-z]+/, encodeURIComponent(id));
}

/**
 * Opens, one at a time, every dialog a button of the page announces (aria-haspopup="dialog"),
 * runs axe inside it and closes it with Escape. In a grid only the first row's buttons are
 * tried: the other rows open the same dialogs.
 */
async function checkDialogs(page: Page, where: string) {
  const openers = page.locator('[aria-haspopup="dialog"]:visible');
  const count = await openers.count();
  let opened = 0;
  for (let i = 0; i < count; i++) {
    const opener = openers.nth(i);
    const inLaterRow = await opener.evaluate((el) => {
      const row = el.closest('[role="row"][data-rowindex]');
      return row !== null && row.getAttribute('data-rowindex') !== '0';
    });
    if (inLaterRow || (await opener.isDisabled())) continue;
    const name = (await opener.getAttribute('aria-label')) || (await opener.textContent())?.trim();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog, `"${name}" on ${where} opens a dialog`).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expectNoAxeViolations(page, `the dialog of "${name}" on ${where}`, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    opened++;
  }
  return opened;
}

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  // Still on the page asked for: not sent home by the guard.
  await expect(page).toHaveURL((url) => url.pathname === path);
  await waitForLoaded(page);
  await expectNoAxeViolations(page, path);
  let opened = await checkDialogs(page, path);
  // Each further tab of the page is a view of its own, with its own dialogs.
  const tabs = page.locator('main [role="tab"]');
  const tabCount = await tabs.count();
  for (let i = 1; i < tabCount; i++) {
    const tab = tabs.nth(i);
    const where = `${path}, tab "${(await tab.textContent())?.trim()}"`;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoAxeViolations(page, where);
    opened += await checkDialogs(page, where);
  }
  return opened;
}

// axe and the dialogs make long tests on a busy machine; the readable axe output replaces a trace.
test.use({ trace: 'off' });

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test('the sign-in form and its code step', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page, 'the sign-in form');
    // Not an operator of the page tests: a pending code would hold back their sign-in's mail.
    await page.getByLabel('Username', { exact: true }).fill('admin@globex.example');
    await page.getByLabel('Password', { exact: true }).fill('Portiere!demo1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the code step');
  });

  test('the email confirmation page a mailed link opens', async ({ page }) => {
    // A spent or unknown token: the page says why and offers the sign-in.
    await page.goto('/confirm-email/not-a-real-token');
    await expect(page.getByTestId('confirm-email-result')).toBeVisible();
    await expectNoAxeViolations(page, 'the email confirmation page');
  });

  for (const route of APP_ROUTES.filter((r) => r.userTypes.length > 0)) {
    for (const userType of route.userTypes) {
      test(`${route.path} (${userType})`, async ({ browser, baseURL }) => {
        // A page with tabs and several dialogs runs axe up to a dozen times.
        test.setTimeout(180_000);
        const session = await sessionFor(browser, baseURL ?? '', OPERATOR[userType]);
        const context = await browser.newContext({ baseURL, storageState: session.storageState });
        try {
          const page = await context.newPage();
          const path = await fillParams(route, apiWith({ Authorization: `Bearer ${session.accessToken}` }));
          const dialogs = await checkPage(page, path);
          test.info().annotations.push({ type: 'dialogs checked', description: String(dialogs) });
        } finally {
          await context.close();
        }
      });
    }
  }

  test('the collapsed side menu', async ({ browser, baseURL }) => {
    const session = await sessionFor(browser, baseURL ?? '', OPERATOR.CustomerUser);
    const context = await browser.newContext({ baseURL, storageState: session.storageState });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await waitForLoaded(page);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
    // Icons only: each entry keeps a name for screen readers.
    await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page, 'the collapsed side menu', '[data-testid="side-menu"]');
    await context.close();
  });

  test('the account menu and the logout dialog', async ({ browser, baseURL }) => {
    const session = await sessionFor(browser, baseURL ?? '', OPERATOR.CustomerUser);
    const context = await browser.newContext({ baseURL, storageState: session.storageState });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await waitForLoaded(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page, 'the account menu', '[role="menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the logout dialog', '[role="dialog"]');
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await context.close();
  });
});

/**
 * Tabs from the page's first focusable element until the focus is in the grid, moves with the
 * arrow keys to the first row's `column` cell and answers that cell (Enter is pressed by the caller).
 */
async function focusFirstRowCell(page: Page, column: string) {
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.locator('body').focus();
  for (let i = 0; i < 60 && !(await grid.evaluate((g) => g.contains(document.activeElement))); i++) {
    await page.keyboard.press('Tab');
  }
  expect(await grid.evaluate((g) => g.contains(document.activeElement)), 'Tab reaches the grid').toBe(true);
  // From the header down into the first row, then across to the wanted column.
  await page.keyboard.press('ArrowDown');
  const cell = grid.locator(`[role="row"][data-rowindex="0"] [role="gridcell"][data-field="${column}"]`);
  for (let i = 0; i < 12 && !(await cell.evaluate((c) => c === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(cell).toBeFocused();
  return cell;
}

test.describe('grids open their rows with the keyboard', () => {
  async function pageAs(browser: Browser, baseURL: string | undefined, userType: UserType) {
    const session = await sessionFor(browser, baseURL ?? '', OPERATOR[userType]);
    const context = await browser.newContext({ baseURL, storageState: session.storageState });
    return context.newPage();
  }

  test('members: Tab into the grid, arrows to a row, Enter opens the member', async ({ browser, baseURL }) => {
    const page = await pageAs(browser, baseURL, 'CustomerUser');
    await page.goto('/users');
    await waitForLoaded(page);
    const cell = await focusFirstRowCell(page, 'username');
    const username = (await cell.textContent())?.trim() ?? '';
    expect(username).not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users\/[^/]+$/);
    await expect(page.getByText(username).first()).toBeVisible();
    await page.context().close();
  });

  test('configurations: Enter on a row opens the configuration', async ({ browser, baseURL }) => {
    const page = await pageAs(browser, baseURL, 'CustomerUser');
    await page.goto('/groups');
    await waitForLoaded(page);
    const cell = await focusFirstRowCell(page, 'name');
    const id = await page.locator('[role="row"][data-rowindex="0"]').getAttribute('data-id');
    // The name cell also holds the configuration's description, under its name.
    const cellText = (await cell.textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === `/groups/${id}`);
    // The page's title becomes the configuration's name once it has loaded.
    const title = page.getByTestId('page-title');
    await expect
      .poll(async () => {
        const text = (await title.textContent()) ?? '';
        return text !== 'Configurations' && cellText.startsWith(text);
      })
      .toBe(true);
    await page.context().close();
  });

  test('workstation users: Enter on a row opens its drawer', async ({ browser, baseURL }) => {
    const page = await pageAs(browser, baseURL, 'CustomerUser');
    await page.goto('/workstation-users');
    await waitForLoaded(page);
    const username = (await (await focusFirstRowCell(page, 'username')).textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('workstation-drawer-title')).toBeVisible();
    await expect(page.getByRole('region', { name: username })).toBeVisible();
    await expectNoAxeViolations(page, 'the workstation drawer', '.MuiDrawer-paper');
    await page.context().close();
  });

  test('customers: Enter on a row opens the customer', async ({ browser, baseURL }) => {
    const page = await pageAs(browser, baseURL, 'ResellerUser');
    await page.goto('/customer-view');
    await waitForLoaded(page);
    const name = (await (await focusFirstRowCell(page, 'name')).textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customer-view\/[^/]+/);
    await expect(page.getByTestId('page-title')).toContainText(name);
    await page.context().close();
  });
});
