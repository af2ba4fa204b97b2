import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fakeApi';
import {
  CUSTOMER_ID,
  confirmResult,
  credential,
  PNG,
  SESSION_PATH,
  session,
  started,
  TOKEN,
} from '../../../test/fixtures';
import { renderAt } from '../../../test/render';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const CREDENTIALS = `enroll/${TOKEN}/credentials/`;

function server(routes: Parameters<typeof fakeApi>[0]) {
  return fakeApi({
    [`GET ${SESSION_PATH}`]: () => ok(session()),
    [`GET branding/${CUSTOMER_ID}/`]: () => fail(404, 'notFound'),
    ...routes,
  });
}

async function open(kind: string) {
  const page = renderAt(`/enroll/${TOKEN}`);
  await page.user.click(await screen.findByRole('button', { name: `Set up: ${kind}` }));
  return page;
}

describe('password and PIN', () => {
  it("checks the password against the customer's bounds and that both match, then sets it", async () => {
    const api = server({
      [`POST ${CREDENTIALS}`]: () => ok(started({ credential: credential({ type: 'password', enrolled: true }) })),
    });
    const { user } = await open('Password');
    await screen.findByText('At least 10 characters, not only numbers.');
    const password = screen.getByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat the password');
    await user.type(password, 'short');
    await user.type(repeat, 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Must be at least 10 characters.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.clear(password);
    await user.type(password, '12345678901');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The password cannot be only numbers.');
    await user.clear(password);
    await user.type(password, 'Correct horse 42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Passwords do not match.');
    expect(api.of('POST', CREDENTIALS)).toHaveLength(0);
    await user.clear(repeat);
    await user.type(repeat, 'Correct horse 42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Password is set up.');
    expect(api.of('POST', CREDENTIALS).map((c) => c.body)).toEqual([{ type: 'password', value: 'Correct horse 42' }]);
  });

  it('takes a PIN of digits only within its bounds, and shows the server’s field message in the member’s language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('it-IT');
    server({
      [`POST ${CREDENTIALS}`]: () =>
        fail(400, 'validation', 'Some fields are not valid.', {
          details: {
            value: {
              key: 'pinLength',
              message: 'The PIN must have between 5 and 8 digits.',
              params: { min: 5, max: 8 },
            },
          },
        }),
    });
    const page = renderAt(`/enroll/${TOKEN}`);
    await page.user.click(await screen.findByRole('button', { name: 'Configura: PIN' }));
    const { user } = page;
    const pin = await screen.findByLabelText('Nuovo PIN');
    await user.type(pin, '12a4');
    await user.type(screen.getByLabelText('Ripeti il PIN'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('Sono ammessi solo numeri.');
    await user.clear(pin);
    await user.type(pin, '123');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('Il PIN deve avere tra 4 e 8 cifre.');
    await user.clear(pin);
    await user.type(pin, '1234');
    await user.clear(screen.getByLabelText('Ripeti il PIN'));
    await user.type(screen.getByLabelText('Ripeti il PIN'), '1234');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('Il PIN deve avere tra 5 e 8 cifre.');
    vi.restoreAllMocks();
  });
});

describe('the smartphone app', () => {
  it('shows the QR code with the confirmation code and follows the device every 2 s until it is enrolled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    server({
      [`POST ${CREDENTIALS}`]: () =>
        ok(
          started({
            credential: credential({ id: 'app-1', type: 'app' }),
            qr_code: PNG,
            confirmation_code: 'K7Q2MZ',
            enrollment_url: 'https://portiere.example/app/#code=K7Q2MZ',
          }),
        ),
      [`GET ${CREDENTIALS}app-1/`]: () => {
        polls += 1;
        return ok(credential({ id: 'app-1', type: 'app', enrolled: polls >= 2 }));
      },
    });
    await open('Smartphone app');
    await screen.findByRole('img', { name: 'QR code for the smartphone app' });
    expect((screen.getByLabelText('Confirmation code') as HTMLInputElement).value).toBe('K7Q2MZ');
    // A member already on the phone opens the app's address itself, this page staying open.
    const here = screen.getByRole('link', { name: 'Open on this phone' }) as HTMLAnchorElement;
    expect([here.href, here.target]).toEqual(['https://portiere.example/app/#code=K7Q2MZ', '_blank']);
    expect(screen.getByText('Waiting for your phone…')).toBeTruthy();
    expect(polls).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByText('Smartphone app is set up.');
    expect(polls).toBe(2);
    expect(within(screen.getByTestId('kind-app')).getByText('Set up')).toBeTruthy();
  });

  it('stops asking when the member leaves the step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = server({
      [`POST ${CREDENTIALS}`]: () =>
        ok(
          started({ credential: credential({ id: 'app-1', type: 'app' }), qr_code: PNG, confirmation_code: 'K7Q2MZ' }),
        ),
      [`GET ${CREDENTIALS}app-1/`]: () => ok(credential({ id: 'app-1', type: 'app' })),
    });
    const { user } = await open('Smartphone app');
    await screen.findByRole('img', { name: 'QR code for the smartphone app' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.of('GET', `${CREDENTIALS}app-1/`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your sign-in' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.of('GET', `${CREDENTIALS}app-1/`)).toHaveLength(1);
  });
});

describe('mail and SMS codes', () => {
  it('says where the code went, confirms it, and lets the member ask again only after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mail = credential({ id: 'mail-1', type: 'mail', target: 'e***@acme.example' });
    const api = server({
      [`POST ${CREDENTIALS}`]: () => ok(started({ credential: mail, sent_to: 'e***@acme.example' })),
      [`POST ${CREDENTIALS}mail-1/send/`]: () => ok(started({ credential: mail, sent_to: 'e***@acme.example' })),
      [`POST ${CREDENTIALS}mail-1/confirm/`]: () => ok(confirmResult({ credential: { ...mail, enrolled: true } })),
    });
    const { user } = await open('Code by email');
    await screen.findByText('We sent a code to e***@acme.example.');
    const again = screen.getByRole('button', { name: 'Send again' }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(again.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(again.disabled).toBe(false);
    await user.click(again);
    await screen.findByText('A new code was sent to e***@acme.example.');
    expect(again.disabled).toBe(true);
    expect(api.of('POST', `${CREDENTIALS}mail-1/send/`)).toHaveLength(1);
    await user.type(screen.getByLabelText('Code'), '424242');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Code by email is set up.');
    expect(api.of('POST', `${CREDENTIALS}mail-1/confirm/`).map((c) => c.body)).toEqual([{ value: '424242' }]);
  });

  it('explains when the member has no phone number', async () => {
    server({ [`POST ${CREDENTIALS}`]: () => fail(422, 'memberHasNoPhone', 'This user has no phone number.') });
    await open('Code by SMS');
    await screen.findByText('Your account has no phone number. Please ask your administrator to add one.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('asks for the code before sending anything', async () => {
    const mail = credential({ id: 'mail-1', type: 'mail' });
    const api = server({
      [`POST ${CREDENTIALS}`]: () => ok(started({ credential: mail, sent_to: 'e***@acme.example' })),
    });
    const { user } = await open('Code by email');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('This field is required.');
    expect(api.of('POST', `${CREDENTIALS}mail-1/confirm/`)).toHaveLength(0);
  });
});

describe('key pair', () => {
  const PEM =
    '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';

  it('reads the PEM from a chosen file and registers it; a refused key says why', async () => {
    let refuse = true;
    const api = server({
      [`POST ${CREDENTIALS}`]: () =>
        refuse
          ? fail(400, 'validation', 'Some fields are not valid.', {
              details: {
                public_key: { key: 'publicKey', message: 'This is not a valid PEM public key (RSA, EC or Ed25519).' },
              },
            })
          : ok(started({ credential: credential({ id: 'k-1', type: 'keypair', enrolled: true }) })),
    });
    const { user } = await open('Security key or passkey');
    // A browser without WebAuthn (as here) says so; the PEM form stays for a workstation's key.
    await screen.findByText('This browser cannot use security keys.');
    await user.click(screen.getByText('Register a public key instead (for a workstation)'));
    const file = new File([PEM], 'key.pem', { type: 'application/x-pem-file' });
    fireEvent.change(await screen.findByLabelText('Choose a file'), { target: { files: [file] } });
    const area = screen.getByLabelText('Public key (PEM)') as HTMLTextAreaElement;
    await vi.waitFor(() => expect(area.value).toBe(PEM));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('This is not a valid PEM public key (RSA, EC or Ed25519).');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Security key or passkey is set up.');
    expect(api.of('POST', CREDENTIALS).at(-1)?.body).toEqual({ type: 'keypair', public_key: PEM });
  });
});
