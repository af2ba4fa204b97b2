import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { configurationGroup, itemsOf, laApp, profile } from '../../../test/laFixtures';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

describe('profiles page', { timeout: 40_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/profiles/' && method === 'GET') return jsonResponse(200, itemsOf([profile]));
    if (path === '/la-apps/') return jsonResponse(200, itemsOf([laApp]));
    if (path === '/groups/') return jsonResponse(200, { count: 1, next_page: null, results: [configurationGroup] });
    if (path === '/flows/') return jsonResponse(200, { count: 0, next_page: null, results: [] });
    if (path === '/profiles/' && method === 'POST')
      return jsonResponse(409, {
        reason: 'A profile for this application and configuration group already exists.',
        code: 'profileExists',
      });
    return undefined;
  });
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists profiles with app, group, flow, steps count and the default marker', async () => {
    renderApp('/profiles');
    expect(await screen.findByText('Ledger staff', {}, COLD)).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Ledger' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Staff' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'None' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '3' })).toBeTruthy();
  });

  it('edits steps, checks them, and shows the duplicate conflict under app and group', async () => {
    const user = userEvent.setup();
    renderApp('/profiles');
    await user.click(await screen.findByRole('button', { name: 'New profile' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New profile' });
    // The usual sign-in to start from: username, password, Enter.
    expect(within(dialog).getAllByTestId('profile-step')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Display name, app, group, and the two fill targets.
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(5);

    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Ledger staff');
    for (const [field, option] of [
      ['App', 'Ledger'],
      ['Configuration group', 'Staff'],
    ] as const) {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.type(within(dialog).getByRole('textbox', { name: 'Step 1 target' }), '#user');
    await user.type(within(dialog).getByRole('textbox', { name: 'Step 2 target' }), '#pass');
    // A fixed text needs its text; a wait stays within bounds.
    await user.click(within(dialog).getByRole('combobox', { name: 'Step 2 value' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed text' }));
    expect(within(dialog).getByRole('textbox', { name: 'Step 2 text' })).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(1);
    await user.click(within(dialog).getByRole('combobox', { name: 'Step 2 value' }));
    await user.click(await screen.findByRole('option', { name: 'Password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Step 4 action' }));
    await user.click(await screen.findByRole('option', { name: 'Wait' }));
    const ms = within(dialog).getByRole('spinbutton', { name: 'Step 4 milliseconds' });
    await user.clear(ms);
    await user.type(ms, '50');
    expect(within(dialog).getByText('Value must be between 100 and 30000.')).toBeTruthy();
    await user.clear(ms);
    await user.type(ms, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Move step 4 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        displayName: 'Ledger staff',
        appId: 'a1',
        groupId: 'g1',
        flowId: null,
        steps: [
          { action: 'fill', target: '#user', value: 'username', text: '' },
          { action: 'fill', target: '#pass', value: 'password', text: '' },
          { action: 'wait', ms: 500 },
          { action: 'press', key: 'Enter' },
        ],
      }),
    );
    const conflict = 'A profile for this application and configuration group already exists.';
    await waitFor(() => expect(within(dialog).getAllByText(conflict)).toHaveLength(2));
  });
});
