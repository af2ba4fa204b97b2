import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

const strong = {
  id: 'f1',
  name: 'Strong',
  stages: [['password'], ['totp', 'app']],
  terminatingCredentials: [],
  applications_count: 1,
  app_roles_count: 2,
  created_at: '2030-01-01T00:00:00.000Z',
};

describe('flows page', { timeout: 40_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/flows/' && method === 'GET')
      return jsonResponse(200, { count: 1, next_page: null, results: [strong] });
    if (path === '/flows/' && method === 'POST') return jsonResponse(201, { ...strong, id: 'f2', ...body });
    if (path === '/flows/f1/' && method === 'DELETE')
      return jsonResponse(409, {
        reason: 'in use',
        code: 'flowInUse',
        params: { applications: 1, roles: 2, profiles: 0 },
      });
    return undefined;
  });

  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('shows stages as chips and says why a used flow cannot be deleted', async () => {
    const user = userEvent.setup();
    renderApp('/flows');
    expect(await screen.findByText('2. TOTP or App', {}, COLD)).toBeTruthy();
    expect(screen.getByText('1. Password')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Strong' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'This flow is used by 1 applications, 2 app roles and 0 profiles, so it cannot be deleted.',
      ),
    ).toBeTruthy();
  });

  it('builds two stages, reorders them, and refuses a terminating credential left outside the flow', async () => {
    const user = userEvent.setup();
    renderApp('/flows');
    await user.click(await screen.findByRole('button', { name: 'New flow' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New flow' });
    const pick = async (field: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy());
    };
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Two steps');
    await pick('Stage 1 credentials', 'Password');
    await user.click(within(dialog).getByRole('button', { name: 'Add stage' }));
    await pick('Stage 2 credentials', 'TOTP');
    await user.click(within(dialog).getByRole('button', { name: 'Move stage 2 up' }));
    expect(within(dialog).getByRole('combobox', { name: 'Stage 1 credentials' }).textContent).toContain('TOTP');
    await pick('Terminating credentials', 'TOTP');

    // The stage holding TOTP goes: the rule is said at once and saving is refused.
    await user.click(within(dialog).getByRole('button', { name: 'Remove stage 1' }));
    const message = 'A terminating credential must be part of the flow: TOTP.';
    expect(within(dialog).getByText(message)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await pick('Terminating credentials', 'TOTP');
    expect(within(dialog).queryByText(message)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Two steps',
        stages: [['password']],
        terminatingCredentials: [],
      }),
    );
  });
});
