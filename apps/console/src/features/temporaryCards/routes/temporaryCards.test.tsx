import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const cards = [
  {
    id: 'k1',
    cardCode: '10000001',
    status: 'paired',
    member: { id: 'm1', username: 'ann.lee@acme.example' },
    paired_at: '2030-01-01T10:00:00.000Z',
    expiration_date: '2030-02-01T22:59:59.000Z',
    created_at: '2029-12-01T10:00:00.000Z',
  },
  {
    id: 'k2',
    cardCode: '10000002',
    status: 'not_paired',
    member: null,
    paired_at: null,
    expiration_date: null,
    created_at: '2029-12-01T10:00:00.000Z',
  },
];

describe('temporary cards page', { timeout: 30_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/temporary-cards/' && method === 'GET')
      return jsonResponse(200, { count: cards.length, next_page: null, results: cards });
    if (path === '/temporary-cards/' && method === 'POST')
      return jsonResponse(409, { reason: 'A card with this code already exists.', code: 'cardCodeExists' });
    return undefined;
  });
  const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/temporary-cards/'));

  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists cards with status chips and actions, and filters by the status ticked in the drawer', async () => {
    renderApp('/temporary-cards');
    expect(await screen.findByRole('gridcell', { name: '10000001' }, COLD)).toBeTruthy();
    expect(screen.getByText('Paired')).toBeTruthy();
    expect(screen.getByText('Not paired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpair card 10000001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete card 10000002' })).toBeTruthy();
    expect(filtersStore.getState().definitions.map((d) => d.key)).toEqual(['status']);
    expect(listCalls()[0]?.url.searchParams.get('status')).toBeNull();

    act(() => {
      dispatchFilters({ type: 'set', key: 'status_expired', value: true });
      dispatchFilters({ type: 'apply' });
    });
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('expired'));
  });

  it('creates one card with a specific code and shows the conflict under the field', async () => {
    const user = userEvent.setup();
    renderApp('/temporary-cards');
    await user.click(await screen.findByRole('button', { name: 'Create cards' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Create cards' });
    await user.click(within(dialog).getByLabelText('A specific code'));
    await user.type(within(dialog).getByLabelText('Card code'), '10000001{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ count: 1, cardCode: '10000001' }),
    );
    expect(await within(dialog).findByText('A card with this code already exists.')).toBeTruthy();
  });
});
