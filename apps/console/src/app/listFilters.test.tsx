/**
 * The lists that gained a filters drawer (issue 18), through the real pages: each declares its
 * filters, the shared wiring sends them as the list's query and goes back to page 1.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filtersStore } from '../components/filters/filtersStore';
import { setPaging } from '../components/table/pagingStore';
import { type ApiCall, fakeApi } from '../test/fakeApi';
import { jsonResponse, renderApp } from '../test/renderApp';

const COLD = { timeout: 20_000 };
const empty = { count: 0, results: [], next_page: null };
const group = {
  id: 'g1',
  name: 'Sales',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: [],
  allowed_credential_types: [],
  issuable_credential_types: [],
  reported_sign_in_at: null,
  scim: null,
  members_count: 0,
};

describe('filters drawers of the lists', { timeout: 60_000 }, () => {
  const { calls, reset } = fakeApi(({ path }) => {
    if (path === '/groups/') return jsonResponse(200, { count: 1, results: [group], next_page: null });
    if (['/roles/', '/workstation-users/', '/recovery-mode/'].includes(path)) return jsonResponse(200, empty);
    return undefined;
  });
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  const lastQuery = (path: string) => {
    const last = [...calls].reverse().find((c: ApiCall) => c.path === path);
    return Object.fromEntries(last?.url.searchParams ?? []);
  };

  async function applyIn(user: ReturnType<typeof userEvent.setup>, pick: (drawer: HTMLElement) => Promise<void>) {
    const button = await screen.findByRole('button', { name: 'Filters' }, COLD);
    // Nothing applied yet: no count, neither drawn (an invisible "0" badge) nor in the name.
    expect(button.textContent).toBe('');
    await user.click(button);
    const drawer = await screen.findByTestId('filters-drawer');
    expect(within(drawer).getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
    await pick(drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
  }

  it('workstation users: plain yes/no filters and a configuration, from page 1', async () => {
    const user = userEvent.setup();
    renderApp('/workstation-users');
    await waitFor(() => expect(calls.some((c) => c.path === '/workstation-users/')).toBe(true), COLD);
    setPaging(3, 25);
    await applyIn(user, async (drawer) => {
      await user.click(within(drawer).getByRole('checkbox', { name: 'With autologon' }));
      await user.click(within(drawer).getByRole('checkbox', { name: 'With a temporary card' }));
      await user.click(within(drawer).getByRole('combobox', { name: 'Configuration' }));
      await user.click(await screen.findByRole('option', { name: 'Sales' }));
    });
    await waitFor(() =>
      expect(lastQuery('/workstation-users/')).toEqual({
        autologon: 'true',
        temporary_card: 'true',
        group: 'g1',
        page: '1',
        page_size: '25',
      }),
    );
    // Reset is enabled now that filters are applied, and takes them all away.
    // (The closing drawer hides the page from the accessibility tree until it is gone.)
    // The button shows how many are applied, and its name says the same (WCAG 2.5.3).
    const applied = await screen.findByRole('button', { name: 'Filters (applied: 3)' });
    expect(applied.textContent).toBe('3');
    await user.click(applied);
    const reopened = await screen.findByTestId('filters-drawer');
    const resetButton = await within(reopened).findByRole('button', { name: 'Reset' });
    await waitFor(() => expect(resetButton.hasAttribute('disabled')).toBe(false));
    await user.click(resetButton);
    // No filter applied any more: the unfiltered list again (from the cache of the first load).
    await waitFor(() => expect(filtersStore.getState().applied).toEqual({}));
    expect(resetButton.hasAttribute('disabled')).toBe(true);
  });

  it('configurations: each login on or off, the biometry level and the search box', async () => {
    const user = userEvent.setup();
    renderApp('/groups');
    await applyIn(user, async (drawer) => {
      await user.click(within(drawer).getByRole('button', { name: 'Workstation login disabled' }));
      await user.click(within(drawer).getByRole('combobox', { name: 'App biometry' }));
      await user.click(await screen.findByRole('option', { name: 'Strong' }));
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search configurations' }), 'sal');
    await waitFor(() =>
      expect(lastQuery('/groups/')).toMatchObject({ workstation_login: 'false', biometry: 'strong', search: 'sal' }),
    );
  });

  it('roles: the plain yes/no "nobody authorised yet"', async () => {
    const user = userEvent.setup();
    renderApp('/roles');
    await applyIn(user, async (drawer) => {
      await user.click(within(drawer).getByRole('checkbox', { name: 'Nobody authorised yet' }));
    });
    await waitFor(() => expect(lastQuery('/roles/')).toMatchObject({ empty: 'true' }));
  });
});
