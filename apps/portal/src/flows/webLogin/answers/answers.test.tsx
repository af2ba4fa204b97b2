import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fail, ok } from '../../../test/fakeApi';
import { renderAt } from '../../../test/render';
import { done, next, pending, RESUME, SIGNIN, sent, stage, UID } from '../../../test/signinFixtures';
import { serveStage as server, stubLocation } from '../../../test/signinServer';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const body = (c: Call) => c.body;

describe('mail and SMS codes', () => {
  it('sends the code on request, says where, holds Send again for the minute with a countdown, then verifies', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = stubLocation();
    const at = stage({ index: 0, count: 1, kinds: ['mail'] });
    const api = server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent() }),
      [`POST ${SIGNIN}verify/`]: () => ok(done()),
    });
    const { user } = renderAt(`/signin/${UID}`);
    const send = await screen.findByRole('button', { name: 'Send code' });
    await vi.waitFor(() => expect(document.activeElement).toBe(send));
    expect(screen.queryByLabelText('Code')).toBeNull();
    await user.click(send);
    await screen.findByText('Code sent to e***@acme.example.');
    const code = screen.getByLabelText('Code');
    await vi.waitFor(() => expect(document.activeElement).toBe(code));
    const again = screen.getByRole('button', { name: 'Send again in 60 s' }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(again.textContent).toBe('Send again in 30 s');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(again.textContent).toBe('Send again');
    expect(again.disabled).toBe(false);
    expect(api.of('POST', `${SIGNIN}send/`).map(body)).toEqual([{ kind: 'mail' }]);

    await user.type(code, '424 242{Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(RESUME));
    expect(api.of('POST', `${SIGNIN}verify/`).map(body)).toEqual([{ kind: 'mail', value: '424242' }]);
  });

  it('does not say where the code went before a first right answer (it would tell who exists)', async () => {
    server(stage({ index: 0, count: 1, kinds: ['mail'] }), {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: '' }) }),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByText('Code sent.');
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('shows the code field when a code went out less than a minute ago, and says so', async () => {
    const at = stage({ index: 0, count: 1, kinds: ['sms'] });
    server(at, {
      [`POST ${SIGNIN}send/`]: () => fail(429, 'signInResendTooSoon', 'A code was sent less than a minute ago.'),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByText('A code was sent less than a minute ago. Please wait before asking again.');
    expect(screen.getByLabelText('Code')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Send again in/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the app', () => {
  it('sends the request, waits with a spinner asking every 2 s, and moves on once approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const at = stage({ index: 0, count: 2, kinds: ['app'] });
    const api = server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8' }) }),
      [`POST ${SIGNIN}verify/`]: () => {
        polls += 1;
        return ok(polls < 3 ? pending() : next(stage({ index: 1, count: 2, kinds: ['pin'] })));
      },
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    await screen.findByText('Request sent to Pixel 8. Approve it in your app.');
    expect(screen.getByText('Waiting for your approval…')).toBeTruthy();
    expect(polls).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(polls).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const pin = await screen.findByLabelText('PIN');
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(pin));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls).toBe(3);
    expect(api.of('POST', `${SIGNIN}verify/`).map(body)).toEqual(Array(3).fill({ kind: 'app', value: '' }));
  });

  it('shows the number to pick in the app, large, while it waits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = stage({ index: 0, count: 1, kinds: ['app'] });
    server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8', number: 42 }) }),
      [`POST ${SIGNIN}verify/`]: () => ok(pending()),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    const number = await screen.findByTestId('match-number');
    expect(number.textContent).toBe('42');
    expect(number.parentElement?.textContent).toBe('Pick 42 in your app');
    expect(screen.getByText('Waiting for your approval…')).toBeTruthy();
  });

  it.each([
    ['signInWrongNumber', 'The number picked in the app was not the one shown here.'],
    ['signInReported', 'The sign-in was refused on your app and reported.'],
  ])('ends the sign-in on %s', async (code, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = stage({ index: 0, count: 1, kinds: ['app'] });
    server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8', number: 42 }) }),
      [`POST ${SIGNIN}verify/`]: () => fail(403, code, text),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByRole('heading', { level: 1, name: 'You cannot sign in here' });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByTestId('match-number')).toBeNull();
  });

  it('stops asking when the phone refuses, and ends on the refusal (the sign-in is spent)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = stage({ index: 0, count: 1, kinds: ['app'] });
    const api = server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8', resend_in: 60 }) }),
      [`POST ${SIGNIN}verify/`]: () => fail(403, 'signInDenied', 'The sign-in was refused on your app.'),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByRole('heading', { level: 1, name: 'You cannot sign in here' });
    expect(screen.getByText('The sign-in was refused on your app.')).toBeTruthy();
    expect(screen.queryByText('Waiting for your approval…')).toBeNull();
    // No form and no Cancel: only the language switch is left.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['English', 'Italiano']);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.of('POST', `${SIGNIN}verify/`)).toHaveLength(1);
  });

  it('offers to ask again after the minute when a request ran out unanswered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = stage({ index: 0, count: 1, kinds: ['app'] });
    const api = server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8', resend_in: 60 }) }),
      [`POST ${SIGNIN}verify/`]: () => fail(401, 'login', 'Login failed.'),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByText('Login failed.');
    expect(screen.queryByText('Waiting for your approval…')).toBeNull();
    const again = screen.getByRole('button', { name: /^Send again in \d+ s$/ }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(again.textContent).toBe('Send the request again');
    await user.click(again);
    await screen.findByText('Waiting for your approval…');
    expect(api.of('POST', `${SIGNIN}send/`)).toHaveLength(2);
  });

  it('stops asking when the member picks another way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const at = stage({ index: 0, count: 1, kinds: ['app', 'password'] });
    const api = server(at, {
      [`POST ${SIGNIN}send/`]: () => ({ status: 202, body: sent({ sent_to: 'Pixel 8' }) }),
      [`POST ${SIGNIN}verify/`]: () => ok(pending()),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Send request to my app' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.of('POST', `${SIGNIN}verify/`)).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Password' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.of('POST', `${SIGNIN}verify/`)).toHaveLength(1);
  });
});
