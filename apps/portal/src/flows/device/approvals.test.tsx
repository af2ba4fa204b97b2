import { deviceSigningInput } from '@portiere/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, approval, deviceState } from '../../test/deviceFixtures';
import { type Call, fail, fakeApi, type Handler, ok } from '../../test/fakeApi';
import { CUSTOMER_ID } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { renderDevice } from '../../test/renderDevice';
import { memoryStore } from './accountStore';
import { APPROVAL_POLL_MS } from './useApprovals';

const security = vi.hoisted(() => ({ registerKey: vi.fn(), signWithKey: vi.fn() }));
vi.mock('../../lib/securityKey', async (original) => ({
  ...(await original<typeof import('../../lib/securityKey')>()),
  registerKey: security.registerKey,
  signWithKey: security.signWithKey,
}));

const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
};

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The call's proof verifies with the account's public key, over the call's path and the rest of its body. */
async function signedBy(publicKey: string, call: Call): Promise<boolean> {
  const { device, ...payload } = call.body as { device: { signed_at: number; signature: string } };
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64url(publicKey),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const input = deviceSigningInput(call.method, `/api/v1/${call.path}`, device.signed_at, payload);
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64url(device.signature),
    new TextEncoder().encode(input),
  );
}

const REQUEST = 'device/approvals/req-1/';

function server(routes: Record<string, Handler> = {}) {
  return fakeApi({
    'POST device/': () => ok(deviceState()),
    'POST device/approvals/': () => ok({ items: [approval()] }),
    [`POST ${REQUEST}`]: () => ({ status: 204 }),
    [`GET branding/${CUSTOMER_ID}/`]: () => fail(404, 'notFound'),
    ...routes,
  });
}

const without = (body: unknown) => {
  const { device: _device, ...rest } = body as Record<string, unknown>;
  return rest;
};

describe('sign-in requests', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    security.signWithKey.mockReset();
  });

  it('shows where and when a request comes from and the numbers to pick; the pick is sent, signed by the device', async () => {
    const eva = await account();
    const api = server();
    const { user } = renderDevice(memoryStore([eva]));
    const card = await screen.findByTestId('approval-req-1');
    expect(within(card).getByRole('heading', { name: 'Sign-in request' })).toBeTruthy();
    expect(within(card).getByText('eva@acme.example at Acme')).toBeTruthy();
    expect(within(card).getByText('Shop')).toBeTruthy();
    expect(within(card).getByText('203.0.113.7')).toBeTruthy();
    const choices = within(card).getByRole('group', { name: 'Pick the number shown on the sign-in page' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['17', '42', '86']);
    // Polls are signed too, over their own path.
    const [poll] = api.of('POST', 'device/approvals/');
    expect(await signedBy(eva.publicKey, poll)).toBe(true);
    expect((poll.body as { device: { id: string } }).device.id).toBe('dev-1');

    await user.click(within(choices).getByRole('button', { name: '42' }));
    await screen.findByText('Approved: Shop');
    const [answer] = api.of('POST', REQUEST);
    expect(without(answer.body)).toEqual({ approve: true, number: 42 });
    expect(await signedBy(eva.publicKey, answer)).toBe(true);
    // Answered: gone from the screen even while the server still lists it.
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS));
    expect(screen.queryByTestId('approval-req-1')).toBeNull();
  });

  it('denies, and denies with "This was not me" once the member confirms it', async () => {
    const api = server({
      'POST device/approvals/': () => ok({ items: [approval(), approval({ id: 'req-2', application: 'Mail' })] }),
      'POST device/approvals/req-2/': () => ({ status: 204 }),
    });
    const { user } = renderDevice(memoryStore([await account()]));
    const first = await screen.findByTestId('approval-req-1');
    await user.click(within(first).getByRole('button', { name: 'Deny' }));
    await screen.findByText('Denied: Shop');
    expect(api.of('POST', REQUEST).map((c) => without(c.body))).toEqual([{ approve: false }]);

    const second = screen.getByTestId('approval-req-2');
    await user.click(within(second).getByRole('button', { name: 'This was not me' }));
    expect(api.of('POST', 'device/approvals/req-2/')).toHaveLength(0);
    await within(second).findByText(/^Deny this sign-in and report it\?/);
    await user.click(within(second).getByRole('button', { name: 'Deny and report' }));
    await screen.findByText('Denied: Mail');
    expect(api.of('POST', 'device/approvals/req-2/').map((c) => without(c.body))).toEqual([
      { approve: false, not_me: true },
    ]);
  });

  it('confirms with the phone’s authenticator before approving when the account asks for biometry', async () => {
    security.signWithKey.mockResolvedValue(ASSERTION);
    const api = server({
      'POST device/': () => ok(deviceState({ biometry: 'weak' })),
      [`POST ${REQUEST}webauthn/`]: () => ok({ options: { challenge: 'Y2hhbGxlbmdl' } }),
    });
    const eva = await account({ kind: 'app_biometry', biometry: 'weak' });
    const { user } = renderDevice(memoryStore([eva]));
    const card = await screen.findByTestId('approval-req-1');
    await user.click(within(card).getByRole('button', { name: '86' }));
    await screen.findByText('Approved: Shop');
    expect(security.signWithKey).toHaveBeenCalledWith({ options: { challenge: 'Y2hhbGxlbmdl' } });
    const [options] = api.of('POST', `${REQUEST}webauthn/`);
    expect(without(options.body)).toEqual({});
    expect(await signedBy(eva.publicKey, options)).toBe(true);
    const [answer] = api.of('POST', REQUEST);
    expect(without(answer.body)).toEqual({ approve: true, number: 86, webauthn: ASSERTION });
    expect(await signedBy(eva.publicKey, answer)).toBe(true);
  });

  it('shows an account the server no longer knows as reset, stops asking for it, and offers to enrol again', async () => {
    const api = server({ 'POST device/approvals/': () => fail(404, 'deviceNotFound', 'This device is not enrolled.') });
    const store = memoryStore([await account()]);
    const { user } = renderDevice(store);
    const card = await screen.findByTestId('account-dev-1');
    await within(card).findByText('Reset by your administrator.');
    expect(within(card).queryByTestId('totp-code')).toBeNull();
    expect((await store.list())[0].reset_at).not.toBeNull();
    const polls = api.of('POST', 'device/approvals/').length;
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS * 3));
    expect(api.of('POST', 'device/approvals/')).toHaveLength(polls);
    await user.click(within(card).getByRole('button', { name: 'Enrol again' }));
    await screen.findByRole('heading', { level: 1, name: 'Add an account' });
  });

  it('marks an account reset when answering finds it gone, and when the app opens', async () => {
    server({ [`POST ${REQUEST}`]: () => fail(404, 'deviceNotFound', 'This device is not enrolled.') });
    const { user } = renderDevice(memoryStore([await account()]));
    const card = await screen.findByTestId('approval-req-1');
    await user.click(within(card).getByRole('button', { name: '17' }));
    await screen.findByText('Reset by your administrator.');
    expect(screen.queryByTestId('approval-req-1')).toBeNull();
  });

  it('takes in what the server says of the account when the app opens, or that it was reset', async () => {
    server({
      'POST device/': (call) =>
        (call.body as { device: { id: string } }).device.id === 'dev-1'
          ? ok(deviceState({ username: 'eva.rossi@acme.example' }))
          : fail(404, 'deviceNotFound'),
      'POST device/approvals/': () => ok({ items: [] }),
    });
    const store = memoryStore([
      await account(),
      await account({ id: 'dev-2', enrolled_at: '2030-01-05T00:00:00.000Z' }),
    ]);
    renderDevice(store);
    await screen.findByRole('heading', { name: 'eva.rossi@acme.example' });
    await within(screen.getByTestId('account-dev-2')).findByText('Reset by your administrator.');
    expect((await store.list()).map((a) => [a.username, a.reset_at === null])).toEqual([
      ['eva.rossi@acme.example', true],
      ['eva@acme.example', false],
    ]);
  });

  it('asks every 2 s while on screen, not while hidden, and at once when back', async () => {
    const api = server({ 'POST device/approvals/': () => ok({ items: [] }) });
    renderDevice(memoryStore([await account()]));
    await screen.findByTestId('account-dev-1');
    await vi.waitFor(() => expect(api.of('POST', 'device/approvals/')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS));
    // Each call is signed first (WebCrypto answers off the timers).
    await vi.waitFor(() => expect(api.of('POST', 'device/approvals/')).toHaveLength(2));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS * 5));
    expect(api.of('POST', 'device/approvals/')).toHaveLength(2);
    visibility.mockReturnValue('visible');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(api.of('POST', 'device/approvals/')).toHaveLength(3));
    visibility.mockRestore();
  });

  it('says when requests cannot be fetched, and still shows the offline codes', async () => {
    server({
      'POST device/': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST device/approvals/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderDevice(memoryStore([await account()]));
    await screen.findByText(/^No connection: sign-in requests will show here/);
    await vi.waitFor(() => expect(screen.getByTestId('totp-code').textContent).toMatch(/^\d{3} \d{3}$/));
  });
});

describe('the accounts on this phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when there is none, with Add an account', async () => {
    server();
    renderDevice(memoryStore());
    await screen.findByText('There is no account on this phone yet.');
    expect(screen.getByRole('heading', { level: 1, name: 'Your accounts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add an account' })).toBeTruthy();
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/app/manifest.webmanifest');
  });

  it('removes an account from this phone once the member confirms', async () => {
    server({ 'POST device/approvals/': () => ok({ items: [] }) });
    const store = memoryStore([await account()]);
    const { user } = renderDevice(store);
    const card = await screen.findByTestId('account-dev-1');
    await user.click(within(card).getByRole('button', { name: 'Remove from this phone' }));
    await within(card).findByText(/^Remove eva@acme.example \(Acme\) from this phone\?/);
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(await store.list()).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Remove from this phone' }));
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await screen.findByText('There is no account on this phone yet.');
    expect(await store.list()).toEqual([]);
  });

  it('opens from /app/ (its own chunk), and says so in a browser that cannot keep keys', async () => {
    server();
    // jsdom has no IndexedDB, as a browser refusing storage.
    renderAt('/app/');
    await screen.findByText(/^This browser cannot keep the app's keys safely\./);
    expect(document.title).toBe('Your accounts');
  });

  it('speaks Italian in an Italian browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('it-IT');
    server();
    renderDevice(memoryStore());
    await screen.findByText('Su questo telefono non ci sono ancora account.');
    expect(document.documentElement.lang).toBe('it');
    vi.restoreAllMocks();
  });
});
