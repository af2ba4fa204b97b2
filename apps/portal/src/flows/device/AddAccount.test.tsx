import { screen } from '@testing-library/react';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, deviceState, enrollResult, TOTP_SECRET } from '../../test/deviceFixtures';
import { fail, fakeApi, type Handler, ok } from '../../test/fakeApi';
import { CUSTOMER_ID } from '../../test/fixtures';
import { renderDevice } from '../../test/renderDevice';
import { memoryStore } from './accountStore';

const security = vi.hoisted(() => ({ registerKey: vi.fn(), signWithKey: vi.fn() }));
vi.mock('../../lib/securityKey', async (original) => ({
  ...(await original<typeof import('../../lib/securityKey')>()),
  registerKey: security.registerKey,
  signWithKey: security.signWithKey,
}));

const REGISTRATION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
};

function server(routes: Record<string, Handler> = {}) {
  return fakeApi({
    'POST enroll/app/webauthn/': () => fail(422, 'deviceBiometryNotNeeded'),
    'POST enroll/app/': () => ok(enrollResult()),
    'POST device/': () => ok(deviceState()),
    'POST device/approvals/': () => ok({ items: [] }),
    [`GET branding/${CUSTOMER_ID}/`]: () => fail(404, 'notFound'),
    ...routes,
  });
}

const codeField = () => screen.getByLabelText('Confirmation code') as HTMLInputElement;

describe('adding an account', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    security.registerKey.mockReset();
  });

  it('opens with the code from the link, enrols a new key and lists the account with its offline code', async () => {
    const store = memoryStore();
    const api = server();
    const { user } = renderDevice(store, '#code=K7Q2MZ');
    await screen.findByRole('heading', { level: 1, name: 'Add an account' });
    expect(codeField().value).toBe('K7Q2MZ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('eva@acme.example is now on this phone.');
    // The code leaves the address once used.
    expect(window.location.hash).toBe('');
    expect(api.of('POST', 'enroll/app/webauthn/').map((c) => c.body)).toEqual([{ confirmation_code: 'K7Q2MZ' }]);
    const [enrol] = api.of('POST', 'enroll/app/');
    expect(enrol.body).toEqual({
      confirmation_code: 'K7Q2MZ',
      deviceModel: expect.stringMatching(/\S/),
      public_key: expect.stringMatching(/^[A-Za-z0-9_-]{120,}$/),
    });
    const [stored] = await store.list();
    expect(stored).toMatchObject({ id: 'dev-1', username: 'eva@acme.example', customer_name: 'Acme', reset_at: null });
    expect([stored.privateKey.extractable, stored.totp.key.extractable]).toEqual([false, false]);
    expect(stored).not.toHaveProperty('totp.secret');
    // The offline code, as the server's library makes it.
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(TOTP_SECRET), digits: 6, period: 30 });
    await vi.waitFor(() => expect(screen.getByTestId('totp-code').textContent?.replace(' ', '')).toBe(totp.generate()));
    expect(screen.getByText('Code for signing in without network')).toBeTruthy();
    expect(screen.getByText(/^Changes in \d+ s$/)).toBeTruthy();
  });

  it('keeps the code as typed and says so when the server knows no such code', async () => {
    const store = memoryStore();
    server({ 'POST enroll/app/': () => fail(404, 'notFound', 'Not found.') });
    const { user } = renderDevice(store, '#code=K7Q2MX');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText(
      'This confirmation code is not valid or was already used. Check it, or start again from the enrolment page.',
    );
    expect(codeField().value).toBe('K7Q2MX');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(await store.list()).toEqual([]);
  });

  it('offers Retry when the server cannot be reached, and a member types the code when there is none in the link', async () => {
    let down = true;
    const api = server({
      'POST enroll/app/webauthn/': () => {
        if (down) throw new TypeError('Failed to fetch');
        return fail(422, 'deviceBiometryNotNeeded');
      },
    });
    const { user } = renderDevice(memoryStore());
    await screen.findByText('There is no account on this phone yet.');
    await user.click(screen.getByRole('button', { name: 'Add an account' }));
    await user.type(codeField(), 'K7Q2MZ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The server could not be reached. Check your connection and try again.');
    expect(api.of('POST', 'enroll/app/')).toHaveLength(0);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('eva@acme.example is now on this phone.');
  });

  it('registers the phone’s authenticator when the account asks for biometry', async () => {
    security.registerKey.mockRejectedValueOnce(new (await import('../../lib/securityKey')).NoKeyAnswer());
    security.registerKey.mockResolvedValueOnce(REGISTRATION);
    const api = server({
      'POST enroll/app/webauthn/': () => ok({ options: { challenge: 'Y2hhbGxlbmdl' } }),
      'POST enroll/app/': () => ok(enrollResult({ kind: 'app_biometry', biometry: 'strong' })),
    });
    const store = memoryStore();
    const { user } = renderDevice(store, '#code=K7Q2MZ');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    // The phone gave no answer: asked again from a tap, with the same options.
    await user.click(await screen.findByRole('button', { name: 'Confirm it is me' }));
    await screen.findByText('eva@acme.example is now on this phone.');
    expect(security.registerKey.mock.calls).toEqual([
      [{ options: { challenge: 'Y2hhbGxlbmdl' } }],
      [{ options: { challenge: 'Y2hhbGxlbmdl' } }],
    ]);
    expect(api.of('POST', 'enroll/app/webauthn/')).toHaveLength(1);
    expect(api.of('POST', 'enroll/app/').map((c) => (c.body as { webauthn: unknown }).webauthn)).toEqual([
      REGISTRATION,
    ]);
    expect((await store.list())[0].biometry).toBe('strong');
  });

  it('replaces an account reset by the administrator when it is enrolled again', async () => {
    const old = await account({ id: 'dev-0', reset_at: '2030-01-02T00:00:00.000Z' });
    const store = memoryStore([old]);
    server();
    const { user } = renderDevice(store);
    await screen.findByText('Reset by your administrator.');
    await user.click(screen.getByRole('button', { name: 'Enrol again' }));
    await user.type(codeField(), 'K7Q2MZ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('eva@acme.example is now on this phone.');
    expect((await store.list()).map((a) => a.id)).toEqual(['dev-1']);
    expect(screen.queryByText('Reset by your administrator.')).toBeNull();
  });
});
