import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fail, fakeApi, ok } from '../../test/fakeApi';
import { branding, CUSTOMER_ID } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { atStage, done, next, RESUME, SIGNIN, signInState, stage, UID } from '../../test/signinFixtures';
import { stubLocation } from '../../test/signinServer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Routes = Parameters<typeof fakeApi>[0];

function server(routes: Routes = {}) {
  return fakeApi({
    [`GET ${SIGNIN}`]: () => ok(signInState()),
    [`GET branding/${CUSTOMER_ID}/`]: () =>
      ok(branding({ named_logo_url: '/api/v1/branding/c0ffee00/named-logo/x.png' })),
    ...routes,
  });
}

const body = (c: Call) => c.body;
const FIRST = stage({ index: 0, count: 2, kinds: ['password'] });
const SECOND = stage({ index: 1, count: 2, kinds: ['totp'] });

describe('the web sign-in page', () => {
  it('asks who in the customer’s branding, then runs password → TOTP with wrong answers counted, then goes on', async () => {
    const assign = stubLocation();
    let wrong = 0;
    const api = server({
      [`POST ${SIGNIN}identify/`]: () => ok(atStage(FIRST)),
      [`POST ${SIGNIN}verify/`]: (c) => {
        const { kind, value } = c.body as { kind: string; value: string };
        if (kind === 'password' && value === 'Correct horse 42') return ok(next(SECOND));
        if (kind === 'totp' && value === '123456') return ok(done());
        wrong += 1;
        return fail(401, 'login', 'Login failed.');
      },
    });
    const { user } = renderAt(`/signin/${UID}`);

    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Shop' })).toBeTruthy();
    await screen.findByText('Welcome to Acme. Questions? Call the help desk on 123.');
    expect(document.documentElement.style.getPropertyValue('--pt-primary')).toBe('#1565C0');
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toContain('named-logo');
    await waitFor(() => expect(document.title).toBe('Sign in · Acme'));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(email, ' eva@acme.example ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(screen.getByText('Signing in as eva@acme.example')).toBeTruthy();
    expect(api.of('POST', `${SIGNIN}identify/`).map(body)).toEqual([{ username: 'eva@acme.example' }]);

    // The first wrong answer says so; from 3 left on, how many are left.
    await user.type(password, 'guess');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'guess again{Enter}');
    await screen.findByText('Login failed. 3 attempts left.');

    await user.type(password, 'Correct horse 42{Enter}');
    const code = await screen.findByLabelText('Code from your authenticator app');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    // A previous stage's refusal is not carried over.
    expect(screen.queryByText(/Login failed/)).toBeNull();

    await user.type(code, '12345{Enter}');
    await screen.findByText('The code has 6 to 8 digits.');
    expect(api.of('POST', `${SIGNIN}verify/`)).toHaveLength(3);
    await user.clear(code);
    await user.type(code, '123 456{Enter}');
    await screen.findByText('Signing you in…');
    expect(assign).toHaveBeenCalledWith(RESUME);
    expect(api.of('POST', `${SIGNIN}verify/`).map(body)).toEqual([
      { kind: 'password', value: 'guess' },
      { kind: 'password', value: 'guess again' },
      { kind: 'password', value: 'Correct horse 42' },
      { kind: 'totp', value: '123456' },
    ]);
    expect(wrong).toBe(2);
  });

  it('labels the name field as the customer asks, and identifies by a temporary card on request', async () => {
    const api = server({
      [`GET ${SIGNIN}`]: () => ok(signInState({ username_text: 'phone_number' })),
      [`POST ${SIGNIN}card/`]: () => ok(atStage(FIRST, { username: '••••5678' })),
    });
    const { user } = renderAt(`/signin/${UID}`);
    expect((await screen.findByLabelText('Phone number')).getAttribute('type')).toBe('tel');
    await user.click(screen.getByRole('button', { name: 'Use a temporary card' }));
    const card = screen.getByLabelText('Card code');
    await waitFor(() => expect(document.activeElement).toBe(card));
    await user.type(card, '12ab{Enter}');
    await screen.findByText('The card code has digits only.');
    await user.clear(card);
    await user.type(card, '1234 5678{Enter}');
    await screen.findByText('Step 1 of 2');
    expect(api.of('POST', `${SIGNIN}card/`).map(body)).toEqual([{ cardCode: '12345678' }]);
    expect(api.of('POST', `${SIGNIN}identify/`)).toHaveLength(0);
  });

  it('goes back to the application on Cancel, from any step, without asking', async () => {
    const assign = stubLocation();
    const api = server({
      [`POST ${SIGNIN}abort/`]: () => ok({ redirect: 'https://shop.example/cb?error=access_denied&state=s1' }),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('Taking you back…');
    expect(assign).toHaveBeenCalledWith('https://shop.example/cb?error=access_denied&state=s1');
    expect(api.of('POST', `${SIGNIN}abort/`)).toHaveLength(1);
  });

  it('never follows an address that would run in the page', async () => {
    const assign = stubLocation();
    server({ [`POST ${SIGNIN}abort/`]: () => ok({ redirect: 'javascript:alert(1)' }) });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('An error has occurred.');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['signInBlocked', 403, 'You cannot sign in here', 'Your account is blocked. Please contact your administrator.'],
    [
      'signInWebLoginDisabled',
      403,
      'You cannot sign in here',
      'Web sign-in is not enabled for your account. Please contact your administrator.',
    ],
    [
      'signInTooManyFailures',
      403,
      'This sign-in has ended',
      'Too many wrong answers. Go back to the application and start again.',
    ],
  ])('a %s refusal ends the page with its sentence and no form', async (code, status, title, sentence) => {
    server({
      [`GET ${SIGNIN}`]: () => ok(atStage(FIRST)),
      [`POST ${SIGNIN}verify/`]: () => fail(status, code, sentence),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.type(await screen.findByLabelText('Password'), 'Correct horse 42{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(sentence)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says an unknown or finished sign-in has ended, in Italian for an Italian browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('it-IT');
    server({ [`GET ${SIGNIN}`]: () => fail(404, 'signInExpired', 'This sign-in has expired or is finished.') });
    renderAt(`/signin/${UID}`);
    await screen.findByRole('heading', { level: 1, name: 'Questo accesso è terminato' });
    expect(
      screen.getByText("Questo accesso è scaduto o è concluso. Torna all'applicazione e ricomincia."),
    ).toBeTruthy();
  });

  it('says when no flow is set up for the application as soon as the member is named', async () => {
    server({ [`POST ${SIGNIN}identify/`]: () => fail(403, 'signInNoFlow', 'No sign-in flow.') });
    const { user } = renderAt(`/signin/${UID}`);
    await user.type(await screen.findByLabelText('Email'), 'eva@acme.example{Enter}');
    await screen.findByText('No sign-in flow is set up for this application. Please contact your administrator.');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('offers Retry when the page cannot load, and when an answer cannot reach the server', async () => {
    let up = false;
    const api = server({
      [`GET ${SIGNIN}`]: () => (up ? ok(atStage(FIRST)) : fail(503, 'generic', 'An error has occurred')),
      [`POST ${SIGNIN}verify/`]: () => ok(next(SECOND)),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await screen.findByText('This page could not be loaded. Check your connection and try again.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const password = await screen.findByLabelText('Password');

    // The network drops once.
    api.fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.type(password, 'Correct horse 42{Enter}');
    await screen.findByText('The server could not be reached. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Step 2 of 2');
    // The dropped call never reached the server; Retry sent the same answer again.
    expect(api.fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`${SIGNIN}verify/`))).toHaveLength(2);
    expect(api.of('POST', `${SIGNIN}verify/`).map(body)).toEqual([{ kind: 'password', value: 'Correct horse 42' }]);
  });

  it('ends on the notice when the last attempt was wrong', async () => {
    const api = server({
      [`GET ${SIGNIN}`]: () => ok(atStage(FIRST, { attempts_left: 1 })),
      [`POST ${SIGNIN}verify/`]: () => fail(401, 'login', 'Login failed.'),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.type(await screen.findByLabelText('Password'), 'nope{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'This sign-in has ended' });
    expect(screen.getByText('Too many wrong answers. Go back to the application and start again.')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(api.of('POST', `${SIGNIN}verify/`)).toHaveLength(1);
  });

  it('shows Italian words and the Italian refusal in an Italian browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('it-IT');
    server({
      [`GET ${SIGNIN}`]: () => ok(atStage(FIRST, { attempts_left: 2 })),
      [`POST ${SIGNIN}verify/`]: () => fail(401, 'login', 'Login failed.'),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await screen.findByRole('heading', { level: 1, name: 'Accedi a Shop' });
    expect(screen.getByText('Passo 1 di 2')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Continua' }));
    await screen.findByText('Accesso non riuscito. Resta 1 tentativo.');
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usa un codice di recupero' })).toBeTruthy();
  });
});
