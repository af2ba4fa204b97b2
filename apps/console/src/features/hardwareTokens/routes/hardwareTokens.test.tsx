import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const tokens = [
  {
    id: 't1',
    serial: '987654321',
    kind: 'hotp',
    digits: 8,
    algorithm: 'SHA1',
    period: null,
    manufacturer: 'Manufacturer',
    state: 'assigned',
    member: { id: 'm1', username: 'ann.lee@acme.example' },
    credential_id: 'c1',
    imported_at: '2030-01-01T10:00:00.000Z',
  },
  {
    id: 't2',
    serial: 'TOTP-0001',
    kind: 'totp',
    digits: 6,
    algorithm: 'SHA1',
    period: 30,
    manufacturer: null,
    state: 'stock',
    member: null,
    credential_id: null,
    imported_at: '2030-01-01T10:00:00.000Z',
  },
];
const PSKC = '<KeyContainer xmlns="urn:ietf:params:xml:ns:keyprov:pskc"/>';

describe('hardware tokens page', { timeout: 30_000 }, () => {
  let failList = false;
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/hardware-tokens/' && method === 'GET')
      return failList
        ? jsonResponse(500, { reason: 'An error has occurred', code: 'generic' })
        : jsonResponse(200, { count: tokens.length, next_page: null, results: tokens });
    if (path === '/hardware-tokens/t1/resync/')
      return jsonResponse(422, {
        reason: 'These two codes do not follow each other on this token: read two new codes and try again.',
        code: 'hardwareTokenResyncFailed',
      });
    if (path === '/hardware-tokens/t1/retire/')
      return jsonResponse(200, { ...tokens[0], state: 'retired', member: null, credential_id: null });
    return undefined;
  });
  const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/hardware-tokens/'));

  beforeEach(() => {
    failList = false;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists tokens with their state and holder, and filters by the state ticked in the drawer', async () => {
    renderApp('/hardware-tokens');
    expect(await screen.findByRole('gridcell', { name: '987654321' }, COLD)).toBeTruthy();
    expect(screen.getByText('Assigned')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('TOTP, 6 digits, 30 s')).toBeTruthy();
    expect(screen.getByText('ann.lee@acme.example')).toBeTruthy();
    // Only what the state allows: an assigned token resyncs, a token in stock is assigned.
    expect(screen.getByRole('button', { name: 'Assign token 987654321' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Resynchronise token 987654321' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Assign token TOTP-0001' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Resynchronise token TOTP-0001' })).toHaveProperty('disabled', true);
    expect(filtersStore.getState().definitions.map((d) => d.key)).toEqual(['state']);

    act(() => {
      dispatchFilters({ type: 'set', key: 'state_stock', value: true });
      dispatchFilters({ type: 'apply' });
    });
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('state')).toBe('stock'));
  });

  it('retires a token after confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/hardware-tokens');
    await user.click(await screen.findByRole('button', { name: 'Retire token 987654321' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Retire' });
    expect(within(dialog).getByText('Do you really want to retire token 987654321?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/hardware-tokens/t1/retire/')).toBe(true));
  });

  it('resynchronises with two codes and says codes that do not follow each other under the second', async () => {
    const user = userEvent.setup();
    renderApp('/hardware-tokens');
    await user.click(await screen.findByRole('button', { name: 'Resynchronise token 987654321' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Resynchronise token 987654321' });
    await user.type(within(dialog).getByLabelText(/First code/), '12345678');
    await user.type(within(dialog).getByLabelText(/Next code/), '8765432x{Enter}');
    expect(await within(dialog).findByText('Only numbers are allowed.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Next code/));
    await user.type(within(dialog).getByLabelText(/Next code/), '87654321{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/hardware-tokens/t1/resync/')?.body).toEqual({
        code1: '12345678',
        code2: '87654321',
      }),
    );
    expect(
      await within(dialog).findByText(
        'These two codes do not follow each other on this token: read two new codes and try again.',
      ),
    ).toBeTruthy();
  });

  it('shows an error with Retry when the list fails', async () => {
    failList = true;
    renderApp('/hardware-tokens');
    const retry = await screen.findByRole('button', { name: 'Retry' }, COLD);
    failList = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('gridcell', { name: '987654321' }, COLD)).toBeTruthy();
  });
});

describe('import hardware tokens dialog', { timeout: 30_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/hardware-tokens/' && method === 'GET')
      return jsonResponse(200, { count: 0, next_page: null, results: [] });
    if (path === '/hardware-tokens/import/') {
      if (body.pre_shared_key !== '12345678901234567890123456789012')
        return jsonResponse(422, {
          reason: 'The pre-shared key does not open this file, or the file was altered: nothing was imported.',
          code: 'pskcKeyWrong',
        });
      return jsonResponse(200, {
        imported: 1,
        skipped: ['987654321'],
        errors: [{ key: 'OCRA-1', code: 'pskcKeyAlgorithm', reason: 'Only HOTP and TOTP keys can be imported.' }],
      });
    }
    return undefined;
  });
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('needs a file, says a wrong key under the key, then shows what was imported, skipped and refused', async () => {
    const user = userEvent.setup();
    renderApp('/hardware-tokens');
    expect(await screen.findByText('No hardware tokens', undefined, COLD)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import hardware tokens' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.upload(
      within(dialog).getByTestId('pskc-file'),
      new File([PSKC], 'tokens.pskcxml', { type: 'text/xml' }),
    );
    expect(await within(dialog).findByText('tokens.pskcxml')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Pre-shared key'), 'not-hex');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('This value is not valid.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Pre-shared key'));
    await user.type(within(dialog).getByLabelText('Pre-shared key'), '0011 2233 4455 6677 8899 aabb ccdd eeff');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        pskc: PSKC,
        pre_shared_key: '00112233445566778899aabbccddeeff',
      }),
    );
    expect(
      await within(dialog).findByText(
        'The pre-shared key does not open this file, or the file was altered: nothing was imported.',
      ),
    ).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Pre-shared key'));
    await user.type(within(dialog).getByLabelText('Pre-shared key'), '12345678901234567890123456789012{Enter}');
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText('Tokens imported: 1.')).toBeTruthy();
    expect(within(result).getByText('Already imported, skipped (1): 987654321')).toBeTruthy();
    expect(within(result).getByText('OCRA-1: Only HOTP and TOTP keys can be imported.')).toBeTruthy();
  });
});
