import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi';
import {
  branding,
  CUSTOMER_ID,
  confirmResult,
  credential,
  PNG,
  SESSION_PATH,
  session,
  started,
  TOKEN,
} from '../../test/fixtures';
import { renderAt } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const URI = 'otpauth://totp/Acme:eva%40acme.example?secret=JBSWY3DPEHPK3PXP&issuer=Acme';
const CREDENTIALS = `enroll/${TOKEN}/credentials/`;

function totpServer(over: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    [`GET ${SESSION_PATH}`]: () => ok(session()),
    [`GET branding/${CUSTOMER_ID}/`]: () => ok(branding()),
    [`POST ${CREDENTIALS}`]: () =>
      ok(started({ otpauth_uri: URI, secret: 'JBSWY3DPEHPK3PXP', qr_code: PNG, credential: credential() })),
    [`POST ${CREDENTIALS}cred-1/confirm/`]: (c) =>
      (c.body as { value: string }).value === '123456'
        ? ok(confirmResult())
        : ok(confirmResult({ ok: false, attempts_left: 4, credential: credential() })),
    [`POST enroll/${TOKEN}/complete/`]: () => ok({ redirect_url: null }),
    ...over,
  });
}

describe('the enrolment page', () => {
  it("greets the member in the customer's colours and text and lists the kinds allowed", async () => {
    const api = totpServer();
    renderAt(`/enroll/${TOKEN}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Set up your sign-in' });
    // Effects (focus, title) follow the render that findBy saw: waited for on a loaded machine.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/Hello Eva,/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Ways to sign in' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Password',
      'PIN',
      'Smartphone app',
      'Code by email',
      'Code by SMS',
      'Authenticator app',
      'Counter-based code (HOTP)',
      'Security key or passkey',
    ]);
    await screen.findByText('Welcome to Acme. Questions? Call the help desk on 123.');
    expect(document.documentElement.style.getPropertyValue('--pt-primary')).toBe('#1565C0');
    await waitFor(() => expect(document.title).toBe('Set up your sign-in · Acme'));
    expect(screen.getByText('Acme')).toBeTruthy();
    // Finish waits for a first credential.
    expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(true);
    // The token goes to the API and nowhere else.
    expect(api.calls.every((c) => !c.path.startsWith('branding') || !c.path.includes(TOKEN))).toBe(true);
  });

  it('sets up TOTP: QR code, the key and URI on request, a wrong code with attempts left, the right code, Finish', async () => {
    const api = totpServer();
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Set up: Authenticator app' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Set up: Authenticator app' });
    expect(document.activeElement).toBe(heading);
    expect((await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toBe(
      PNG,
    );
    expect(api.of('POST', CREDENTIALS).map((c) => c.body)).toEqual([{ type: 'totp' }]);

    const cantScan = screen.getByRole('button', { name: "Can't scan?" });
    expect(cantScan.getAttribute('aria-expanded')).toBe('false');
    await user.click(cantScan);
    expect(cantScan.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('JBSWY3DPEHPK3PXP');
    expect((screen.getByLabelText('otpauth link') as HTMLInputElement).value).toBe(URI);

    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/That code is not right\. 4 attempts left\./);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const back = await screen.findByRole('heading', { level: 1, name: 'Set up your sign-in' });
    expect(document.activeElement).toBe(back);
    await screen.findByText('Authenticator app is set up.');
    expect(within(screen.getByTestId('kind-totp')).getByText('Set up')).toBeTruthy();

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'You are all set' });
    expect(document.activeElement).toBe(done);
    expect(assign).not.toHaveBeenCalled();
    expect(api.of('POST', `enroll/${TOKEN}/complete/`)).toHaveLength(1);
  });

  it('locks after too many wrong codes and offers to start again with a new credential', async () => {
    const api = totpServer({
      [`POST ${CREDENTIALS}cred-1/confirm/`]: () =>
        ok(confirmResult({ ok: false, locked: true, attempts_left: 0, credential: credential() })),
      [`DELETE ${CREDENTIALS}cred-1/`]: () => ({ status: 204 }),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Set up: Authenticator app' }));
    await user.type(await screen.findByLabelText('Code from the app'), '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/Too many wrong codes: this set-up is locked/);
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await screen.findByLabelText('Code from the app');
    expect(api.of('DELETE', `${CREDENTIALS}cred-1/`)).toHaveLength(1);
    expect(api.of('POST', CREDENTIALS)).toHaveLength(2);
  });

  it('replaces a credential started on an earlier visit (its QR code cannot be shown again)', async () => {
    const api = totpServer({
      [`GET ${SESSION_PATH}`]: () => ok(session({ credentials: [credential({ id: 'old', enrolled: false })] })),
      [`DELETE ${CREDENTIALS}old/`]: () => ({ status: 204 }),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    expect(within(await screen.findByTestId('kind-totp')).getByText('Started, not finished')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start again: Authenticator app' }));
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(api.calls.filter((c) => c.path.startsWith(CREDENTIALS)).map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE ${CREDENTIALS}old/`,
      `POST ${CREDENTIALS}`,
    ]);
  });

  it('goes to the callback address after Finish when the customer set one', async () => {
    totpServer({
      [`GET ${SESSION_PATH}`]: () => ok(session({ credentials: [credential({ enrolled: true })] })),
      [`POST enroll/${TOKEN}/complete/`]: () => ok({ redirect_url: 'https://acme.example/welcome' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByText('Your sign-in is set up. Taking you on…');
    expect(assign).toHaveBeenCalledWith('https://acme.example/welcome');
  });

  it('never follows a callback that is not a web address', async () => {
    totpServer({
      [`GET ${SESSION_PATH}`]: () => ok(session({ credentials: [credential({ enrolled: true })] })),
      [`POST enroll/${TOKEN}/complete/`]: () => ok({ redirect_url: 'javascript:alert(1)' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByText('Your sign-in is set up. You can close this page.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a loading state, then Retry when the server cannot be reached, and loads on Retry', async () => {
    let up = false;
    fakeApi({
      [`GET ${SESSION_PATH}`]: () => (up ? ok(session()) : fail(503, 'generic', 'An error has occurred')),
      [`GET branding/${CUSTOMER_ID}/`]: () => fail(500, 'generic'),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    await screen.findByText('This page could not be loaded. Check your connection and try again.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Set up your sign-in' });
    // The branding failed: the page keeps its neutral colours and still works.
    expect(document.documentElement.style.getPropertyValue('--pt-primary')).not.toBe('#1565C0');
    expect(screen.getByRole('button', { name: 'Set up: Password' })).toBeTruthy();
  });

  it("starts in the customer's language when the browser's is neither English nor Italian, and the switch keeps the choice", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    totpServer({ [`GET ${SESSION_PATH}`]: () => ok(session({ language: 'it' })) });
    const { user, unmount } = renderAt(`/enroll/${TOKEN}`);
    await screen.findByRole('heading', { name: "Configura l'accesso" });
    const italiano = screen.getByRole('button', { name: 'Italiano' });
    expect(italiano.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { name: 'Set up your sign-in' });
    expect(localStorage.getItem('portiere.portal.language')).toBe('en');
    unmount();
    renderAt(`/enroll/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Set up your sign-in' });
  });

  it('says why when Finish is refused', async () => {
    totpServer({
      [`GET ${SESSION_PATH}`]: () => ok(session({ credentials: [credential({ enrolled: true })] })),
      [`POST enroll/${TOKEN}/complete/`]: () => fail(422, 'enrollmentNothingEnrolled'),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByText('Set up at least one credential before finishing.');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
