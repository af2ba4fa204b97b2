import { type MemberSignIn, memberSignInSchema } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const member = {
  id: 'm1',
  username: 'eva@acme.example',
  first_name: 'Eva',
  last_name: 'Bianchi',
  full_name: 'Eva Bianchi',
  email: 'eva@acme.example',
  phone_number: '',
  group: { id: 'g1', name: 'Staff' },
  extra_info: '',
  identities: [],
  identity_not_valid_after: null,
  blocked: false,
  blocked_by: null,
  enrolled: true,
  enrolled_at: '2025-03-01T10:00:00.000Z',
  created_at: '2025-03-01T10:00:00.000Z',
  credential_types: ['password', 'totp'],
  allowed_credential_types: ['password', 'totp'],
};

const signIn = (over: Partial<MemberSignIn>): MemberSignIn =>
  memberSignInSchema.parse({
    id: 's1',
    at: '2030-01-02T09:30:00.000Z',
    application: { id: 'a1', name: 'Shop' },
    outcome: 'success',
    reason: null,
    kinds: ['password', 'totp'],
    ip: '203.0.113.7',
    ...over,
  });

const ROWS = [
  signIn({}),
  signIn({ id: 's2', outcome: 'failure', reason: 'wrong_answer', kinds: ['password'] }),
  signIn({ id: 's3', outcome: 'abort', application: null, kinds: ['recovery'], ip: null }),
];

describe('member detail: web sign-ins', { timeout: 40_000 }, () => {
  let failing = false;
  let none = false;
  const { calls, reset } = fakeApi(({ path, url }) => {
    if (path === '/users/m1/') return jsonResponse(200, member);
    if (path === '/users/m1/credentials/') return jsonResponse(200, []);
    if (path === '/users/m1/sign-ins/') {
      if (failing) return jsonResponse(500, { reason: 'An error has occurred', code: 'generic' });
      const outcome = url.searchParams.get('outcome');
      const results = none ? [] : ROWS.filter((r) => !outcome || r.outcome === outcome);
      return jsonResponse(200, { count: results.length, next_page: null, results });
    }
    return undefined;
  });
  beforeEach(() => {
    failing = false;
    none = false;
    reset();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  const signInsCalls = () => calls.filter((c) => c.path === '/users/m1/sign-ins/');

  it('lists them in the Web tab with outcome, translated reason and kinds, and filters by outcome', async () => {
    const user = userEvent.setup();
    renderApp('/users/m1');
    await user.click(await screen.findByRole('tab', { name: 'Web' }, COLD));
    const section = await screen.findByRole('region', { name: 'Sign-ins' });
    expect(await within(section).findByRole('gridcell', { name: 'Wrong answer' }, COLD)).toBeTruthy();
    expect(within(section).getAllByText('Shop')).toHaveLength(2);
    expect(within(section).getByText('Signed in')).toBeTruthy();
    expect(within(section).getByText('Failed')).toBeTruthy();
    expect(within(section).getByText('Cancelled')).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'Password, TOTP' })).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'Recovery code' })).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'Deleted application' })).toBeTruthy();
    expect(within(section).getAllByRole('gridcell', { name: '203.0.113.7' })).toHaveLength(2);
    expect(signInsCalls()[0]?.url.searchParams.get('page_size')).toBe('25');

    await user.click(within(section).getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(section).queryByText('Signed in')).toBeNull());
    expect(signInsCalls().at(-1)?.url.searchParams.get('outcome')).toBe('failure');
    expect(within(section).getByRole('gridcell', { name: 'Wrong answer' })).toBeTruthy();

    await user.click(within(section).getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await within(section).findByText('Signed in');
    expect(signInsCalls().at(-1)?.url.searchParams.has('outcome')).toBe(false);
  });

  it('says when there are none, and offers Retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    failing = true;
    renderApp('/users/m1');
    await user.click(await screen.findByRole('tab', { name: 'Web' }, COLD));
    const section = await screen.findByRole('region', { name: 'Sign-ins' });
    const error = await within(section).findByTestId('list-error', {}, COLD);
    expect(error.textContent).toContain('An error has occurred');
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('gridcell', { name: 'Wrong answer' }, COLD)).toBeTruthy();

    none = true;
    await user.click(within(section).getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(await within(section).findByText('This user has not signed in on the web yet.')).toBeTruthy();
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    const user = userEvent.setup();
    renderApp('/users/m1');
    await user.click(await screen.findByRole('tab', { name: 'Web' }, COLD));
    const section = await screen.findByRole('region', { name: 'Accessi' });
    expect(await within(section).findByRole('gridcell', { name: 'Risposta errata' }, COLD)).toBeTruthy();
    expect(within(section).getByText('Accesso riuscito')).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'Codice di recupero' })).toBeTruthy();
    expect(within(section).getByRole('combobox', { name: 'Esito' })).toBeTruthy();
  });
});
