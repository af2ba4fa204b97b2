import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fakeApi } from '../../../test/fakeApi';
import { itemsOf, laApp, profile, webApp } from '../../../test/laFixtures';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

describe('login assistant apps page', { timeout: 40_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/la-apps/' && method === 'GET') return jsonResponse(200, itemsOf([laApp, webApp]));
    if (path === '/profiles/') return jsonResponse(200, itemsOf([profile]));
    if (path === '/la-apps/' && method === 'POST') return jsonResponse(201, { ...webApp, id: 'a3', name: 'Mail' });
    if (path === '/la-apps/a1/' && method === 'PATCH') return jsonResponse(200, laApp);
    if (path === '/la-apps/a1/' && method === 'DELETE')
      return jsonResponse(409, {
        reason: 'This application is in 2 login groups: remove it from them before deleting it.',
        code: 'laAppInUse',
        params: { count: 2 },
      });
    return undefined;
  });
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the apps with kind, target, default profile and counts', async () => {
    renderApp('/apps');
    expect(await screen.findByRole('gridcell', { name: 'Ledger' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'ledger.exe' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Ledger staff' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Web' })).toBeTruthy();
  });

  it('checks the target against the kind as it is typed, and creates the app', async () => {
    const user = userEvent.setup();
    renderApp('/apps');
    await user.click(await screen.findByRole('button', { name: 'New app' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New app' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mail');
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), 'C:\\apps\\mail.exe');
    expect(within(dialog).getByText('Must be a file name such as app.exe, without a folder.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Web' }));
    expect(within(dialog).getByText('The URL must start with http:// or https://.')).toBeTruthy();
    const target = within(dialog).getByRole('textbox', { name: 'Target' });
    await user.clear(target);
    await user.type(target, 'https://mail.example/*');
    expect(within(dialog).queryByText('The URL must start with http:// or https://.')).toBeNull();
    // No default profile for an app that has none yet.
    expect(within(dialog).queryByRole('combobox', { name: 'Default profile' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Mail',
        kind: 'web',
        target: 'https://mail.example/*',
        profileId: null,
      }),
    );
  });

  it('edits the default profile among the app’s profiles, sending only that', async () => {
    const user = userEvent.setup();
    renderApp('/apps');
    await user.click(await screen.findByRole('button', { name: 'Edit Ledger' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit app' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Default profile' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ profileId: null }));
    expect(calls.some((c) => c.path === '/profiles/' && c.url.searchParams.get('app_id') === 'a1')).toBe(true);
  });

  it('says why an app in login groups cannot be deleted', async () => {
    const user = userEvent.setup();
    renderApp('/apps');
    await user.click(await screen.findByRole('button', { name: 'Delete Ledger' }, COLD));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const reason = 'This application is in 2 login groups: remove it from them before deleting it.';
    await waitFor(() => expect(feedback.store.getState().list.map((f) => f.message)).toContain(reason));
  });
});
