import { type MemberSignIn, memberSignInSchema } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { memberDetail } from '../../../test/memberFixtures';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const member = memberDetail({
  group: { id: 'g1', name: 'Staff' },
  enrolled: true,
  enrolled_at: '2025-03-01T10:00:00.000Z',
  credential_types: ['password', 'totp'],
  allowed_credential_types: ['password', 'totp'],
  issuable_credential_types: ['password', 'totp'],
});

const signIn = (over: Partial<MemberSignIn>): MemberSignIn =>
  memberSignInSchema.parse({
    id: 's1',
    at: '2030-01-02T09:30:00.000Z',
    channel: 'web',
    machine: null,
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
  signIn({
    id: 'w1',
    channel: 'workstation',
    machine: 'PC-RECEPTION',
    application: null,
    outcome: 'failure',
    reason: 'certificate_expired',
    kinds: [],
  }),
  signIn({ id: 'w2', channel: 'workstation', machine: 'LAPTOP-7', application: null, kinds: ['smartcard'] }),
];
const GRANT = {
  id: 'g1',
  machine: 'LAPTOP-7',
  kind: 'hotp',
  values: 20,
  issued_at: '2030-01-02T09:31:00.000Z',
  refilled_at: null,
  expires_at: '2030-01-09T09:31:00.000Z',
};

describe('member detail: sign-ins on the web and at workstations', { timeout: 40_000 }, () => {
  let failing = false;
  let none = false;
  let grants = [GRANT];
  const { calls, reset } = fakeApi(({ path, url, method }) => {
    if (path === '/users/m1/workstation/offline/')
      return jsonResponse(200, { count: grants.length, next_page: null, results: grants });
    if (path === '/users/m1/workstation/offline/g1/' && method === 'DELETE') {
      grants = [];
      return new Response(null, { status: 204 });
    }
    if (path === '/users/m1/') return jsonResponse(200, member);
    if (path === '/users/m1/credentials/') return jsonResponse(200, []);
    if (path === '/users/m1/sign-ins/') {
      if (failing) return jsonResponse(500, { reason: 'An error has occurred', code: 'generic' });
      const outcome = url.searchParams.get('outcome');
      const channel = url.searchParams.get('channel');
      const results = none ? [] : ROWS.filter((r) => (!outcome || r.outcome === outcome) && r.channel === channel);
      return jsonResponse(200, { count: results.length, next_page: null, results });
    }
    return undefined;
  });
  beforeEach(() => {
    failing = false;
    none = false;
    grants = [GRANT];
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
    expect(signInsCalls()[0]?.url.searchParams.get('channel')).toBe('web');

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

  it('lists workstation sign-ins by machine in the Workstation tab, and revokes a machine’s offline material', async () => {
    const user = userEvent.setup();
    renderApp('/users/m1');
    await user.click(await screen.findByRole('tab', { name: 'Workstation' }, COLD));
    const section = await screen.findByRole('region', { name: 'Sign-ins' });
    expect(await within(section).findByRole('gridcell', { name: 'Certificate expired' }, COLD)).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'PC-RECEPTION' })).toBeTruthy();
    expect(within(section).getByRole('gridcell', { name: 'Smartcard' })).toBeTruthy();
    expect(within(section).queryByText('Shop')).toBeNull();
    expect(signInsCalls().at(-1)?.url.searchParams.get('channel')).toBe('workstation');

    const offline = await screen.findByRole('region', { name: 'Offline sign-in' }, COLD);
    expect(await within(offline).findByRole('cell', { name: 'LAPTOP-7' })).toBeTruthy();
    await user.click(within(offline).getByRole('button', { name: 'Revoke the offline material on LAPTOP-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke' });
    expect(dialog.textContent).toContain('deletes it at its next contact');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(offline).findByTestId('offline-none')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/users/m1/workstation/offline/g1/')).toBe(true);
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
    await user.click(screen.getByRole('tab', { name: 'Postazione' }));
    const offline = await screen.findByRole('region', { name: 'Accesso offline' }, COLD);
    expect(
      await within(offline).findByRole('button', { name: 'Revoca il materiale offline su LAPTOP-7' }),
    ).toBeTruthy();
    const machines = await screen.findByRole('region', { name: 'Accessi' });
    expect(await within(machines).findByRole('gridcell', { name: 'Certificato scaduto' }, COLD)).toBeTruthy();
  });
});
