import { WORKSTATION_KEY_HEADER, type WorkstationKey } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const fleet: WorkstationKey = {
  id: 'k1',
  name: 'Sales laptops',
  machine: null,
  created_at: '2030-01-01T10:00:00.000Z',
  last_used_at: '2030-01-02T08:00:00.000Z',
};
const SECRET = `pwk_${'a'.repeat(22)}_${'b'.repeat(43)}`;

describe('workstation keys page', { timeout: 30_000 }, () => {
  let keys: WorkstationKey[] = [fleet];
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/workstation-keys/' && method === 'GET')
      return jsonResponse(200, { count: keys.length, next_page: null, results: keys });
    if (path === '/workstation-keys/' && method === 'POST') {
      if (body.machine === 'taken name') return jsonResponse(400, { reason: 'Invalid', code: 'validation' });
      const key = {
        id: 'k2',
        name: body.name,
        machine: body.machine,
        created_at: fleet.created_at,
        last_used_at: null,
      };
      keys = [key, ...keys];
      return jsonResponse(201, { ...key, key: SECRET });
    }
    if (path === '/workstation-keys/k1/' && method === 'DELETE') {
      keys = keys.filter((k) => k.id !== 'k1');
      return new Response(null, { status: 204 });
    }
    return undefined;
  });

  beforeEach(() => {
    keys = [fleet];
    reset();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('issues a key for one machine and shows it once, asking before it is closed uncopied', async () => {
    const user = userEvent.setup();
    renderApp('/workstation-keys');
    expect(await screen.findByRole('gridcell', { name: 'Any machine (fleet)' }, COLD)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Issue key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a workstation key' });
    // The name is required; an invalid machine name is said under its field.
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Reception PC');
    await user.type(within(dialog).getByLabelText('Machine name'), 'bad name!');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await within(dialog).findByText(/not valid/i)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Machine name'));
    await user.type(within(dialog).getByLabelText('Machine name'), 'PC-RECEPTION{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Reception PC', machine: 'PC-RECEPTION' }),
    );

    const shown = await screen.findByRole('dialog', { name: 'Workstation key Reception PC' });
    expect((within(shown).getByTestId('workstation-key') as HTMLInputElement).value).toBe(SECRET);
    expect(shown.textContent).toContain(WORKSTATION_KEY_HEADER);
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    const asked = await screen.findByText(/Have you copied the key\?/);
    expect(asked).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByTestId('workstation-key')).toBeNull());
    expect(await screen.findByRole('gridcell', { name: 'PC-RECEPTION' })).toBeTruthy();
  });

  it('revokes a key after confirmation, saying what ends with it, in Italian', async () => {
    await i18n.changeLanguage('it');
    const user = userEvent.setup();
    renderApp('/workstation-keys');
    await user.click(await screen.findByRole('button', { name: 'Revoca la chiave Sales laptops' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Revoca' });
    expect(dialog.textContent).toContain('Vuoi davvero revocare Sales laptops?');
    expect(dialog.textContent).toContain('accesso offline');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Nessuna chiave delle postazioni')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workstation-keys/k1/')).toBe(true);
  });
});
