import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { switchLanguage } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { itemsOf, laApp, laUser, loginGroup, webApp } from '../../../test/laFixtures';
import { customerMe, jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const inUse = {
  reason: 'This login group still has 3 credentials and 2 applications: remove them before deleting it.',
  code: 'loginGroupInUse',
  params: { credentials: 3, applications: 2 },
};
const messages = () => feedback.store.getState().list.map((f) => f.message);

describe('login groups', { timeout: 40_000 }, () => {
  let laEnabled = true;
  const { calls, reset } = fakeApi(({ path, method, url }) => {
    if (path === '/me/')
      return jsonResponse(200, { ...customerMe, customer: { ...customerMe.customer, la_enabled: laEnabled } });
    if (path === '/login-groups/' && method === 'GET') return jsonResponse(200, itemsOf([loginGroup]));
    if (path === '/login-groups/' && method === 'POST')
      return jsonResponse(201, {
        ...loginGroup,
        id: 'lg2',
        name: 'Sales',
        credentials_count: 0,
        applications_count: 0,
      });
    if (path === '/login-groups/lg1/' && method === 'GET') return jsonResponse(200, loginGroup);
    if (path === '/login-groups/lg1/' && method === 'PATCH')
      return jsonResponse(200, { ...loginGroup, ...calls.at(-1)?.body });
    if (path === '/login-groups/lg1/' && method === 'DELETE') return jsonResponse(409, inUse);
    if (path === '/login-groups/lg1/applications/' && method === 'POST') return jsonResponse(200, { added: 1 });
    if (path === '/login-groups/lg1/applications/a1/' && method === 'DELETE') return jsonResponse(204);
    if (path === '/la-apps/' && url.searchParams.get('login_group_id') === 'lg1')
      return jsonResponse(200, itemsOf([laApp]));
    if (path === '/la-apps/' && url.searchParams.get('not_in_login_group_id') === 'lg1')
      return jsonResponse(200, itemsOf([webApp]));
    if (path === '/la-users/') return jsonResponse(200, itemsOf([laUser]));
    return undefined;
  });
  beforeEach(() => {
    laEnabled = true;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists groups with their counts and filters the empty ones with the plain boolean filter', async () => {
    const user = userEvent.setup();
    renderApp('/login-groups');
    expect(await screen.findByRole('gridcell', { name: 'Finance' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Finance apps' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '3' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /filters/i }));
    await user.click(await screen.findByRole('checkbox', { name: 'Empty only (no credentials or applications)' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/login-groups/')
          .at(-1)
          ?.url.searchParams.get('empty'),
      ).toBe('true'),
    );
  });

  it('refuses to delete a group with credentials and applications, naming the counts (en and it)', async () => {
    const user = userEvent.setup();
    renderApp('/login-groups');
    await user.click(await screen.findByRole('button', { name: 'Delete Finance' }, COLD));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(messages()).toContain(inUse.reason));
    feedback.reset();
    try {
      await act(() => switchLanguage('it'));
      await user.click(await screen.findByRole('button', { name: 'Elimina Finance' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Elimina' })).getByRole('button', { name: 'Conferma' }),
      );
      await waitFor(() =>
        expect(messages()).toContain(
          'Questo gruppo di login contiene ancora 3 credenziali e 2 applicazioni: rimuovile prima di eliminarlo.',
        ),
      );
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('creates a group and opens it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login-groups');
    await user.click(await screen.findByRole('button', { name: 'New login group' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New login group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-groups/lg2'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Sales', description: '' });
  });

  it('shows a group with a back button, edits its info, adds and removes apps, lists its credentials', async () => {
    const user = userEvent.setup();
    renderApp('/login-groups/lg1');
    expect((await screen.findByTestId('page-title', {}, COLD)).textContent).toBe('Finance');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Finance team');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Finance team' }));

    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByRole('gridcell', { name: 'Ledger' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add applications' }));
    const add = await screen.findByRole('dialog', { name: 'Add applications' });
    await user.click(within(add).getByRole('combobox', { name: 'Applications' }));
    await user.click(await screen.findByRole('option', { name: 'Intranet (https://intranet.example/login)' }));
    await user.click(within(add).getByRole('button', { name: 'Add applications' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/login-groups/lg1/applications/')?.body).toEqual({ appIds: ['a2'] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Ledger' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disassociate' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/login-groups/lg1/applications/a1/')).toBe(true));

    await user.click(await screen.findByRole('tab', { name: 'Credentials' }));
    expect(await screen.findByRole('gridcell', { name: 'mrossi' })).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === '/la-users/')
        .at(-1)
        ?.url.searchParams.get('login_group_id'),
    ).toBe('lg1');
  });

  it('hides the login assistant from a customer without it and sends them to the dashboard', async () => {
    laEnabled = false;
    const { router } = renderApp('/login-groups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), COLD);
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('Settings')).toBeTruthy();
    expect(within(menu).queryByText('Login Assistant')).toBeNull();
    expect(calls.some((c) => c.path === '/login-groups/')).toBe(false);
  });
});
