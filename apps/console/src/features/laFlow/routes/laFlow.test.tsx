import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

describe('login assistant flow page', { timeout: 40_000 }, () => {
  let saved = { stages: [['password']], terminatingCredentials: [], updated_at: '2030-01-01T00:00:00.000Z' };
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/la-flow/' && method === 'GET') return jsonResponse(200, saved);
    if (path === '/la-flow/' && method === 'PUT') {
      saved = { ...body, updated_at: '2030-01-02T00:00:00.000Z' };
      return jsonResponse(200, saved);
    }
    return undefined;
  });
  beforeEach(() => {
    saved = { stages: [['password']], terminatingCredentials: [], updated_at: '2030-01-01T00:00:00.000Z' };
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('edits the stages with the shared editor and saves the whole flow with PUT', async () => {
    const user = userEvent.setup();
    renderApp('/la-flow');
    const stages = await screen.findByRole('list', { name: 'Stages' }, COLD);
    expect(within(stages).getAllByTestId('flow-stage')).toHaveLength(1);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // An empty stage is refused before sending.
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Stage 2 credentials' }));
    await user.click(await screen.findByRole('option', { name: 'TOTP' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Terminating credentials' }));
    await user.click(await screen.findByRole('option', { name: 'Password' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Move stage 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        stages: [['totp'], ['password']],
        terminatingCredentials: ['password'],
      }),
    );
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
  });

  it('asks before leaving with unsaved changes, and stays on No', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/la-flow');
    await user.click(await screen.findByRole('button', { name: 'Add stage' }, COLD));
    await act(() => router.navigate('/dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/la-flow');
    await act(() => router.navigate('/dashboard'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
