import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { clearTokens, getTokens } from '../../../lib/auth/tokenStorage';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../../test/renderApp';

type Handler = (url: string, body: Record<string, unknown> | null) => Response;

function stubFetch(handler: Handler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

describe('login page', () => {
  beforeEach(() => {
    clearTokens();
    feedback.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('walks credentials -> forced password change -> OTP -> dashboard', async () => {
    const access = customerToken();
    const fetchMock = stubFetch((url, body) => {
      if (url.endsWith('/login/change-password/')) {
        // What only the server knows: the password in use.
        return body?.new_password === 'Initial-Pass-1'
          ? jsonResponse(400, {
              reason: 'Password change failed.',
              code: 'changePassword',
              details: {
                new_password: { key: 'passwordReused', message: 'The new password must differ from the current one.' },
              },
            })
          : jsonResponse(200, { email: 'a***@acme.example' });
      }
      if (url.endsWith('/login/')) {
        if (body?.otp === '123456') return jsonResponse(200, { access, refresh: 'R1' });
        if (body?.otp) return jsonResponse(401, { reason: 'Login failed.', code: 'login' });
        return jsonResponse(200, { change: 'CHG' });
      }
      if (url.endsWith('/me/')) return jsonResponse(200, customerMe);
      return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');

    const username = await screen.findByLabelText('Username');
    expect(document.activeElement).toBe(username);
    await user.type(username, 'admin@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Initial-Pass-1{Enter}');

    expect(await screen.findByText('Your password must be changed.')).toBeTruthy();
    const changeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/login/change-password/'));
    const errorMessages = () => feedback.store.getState().list.filter((f) => f.type === 'error');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // The browser knows both are wrong: each said once, under its field, and nothing is sent.
    expect(await screen.findByText('Must be at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('Passwords are not matching.')).toBeNull();
    expect(errorMessages()).toEqual([]);
    expect(changeCalls()).toHaveLength(0);

    // Refused by the server only (the password in use): under its field, not also in the snackbar.
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Initial-Pass-1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Initial-Pass-1{Enter}');
    expect(await screen.findByText('The new password must differ from the current one.')).toBeTruthy();
    expect(changeCalls()).toHaveLength(1);
    expect(screen.queryByText('Password change failed.')).toBeNull();
    expect(errorMessages()).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'A-Much-Better-Pass-42');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'A-Much-Better-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Enter the code sent to your email')).toBeTruthy();
    expect(screen.getByText('a***@acme.example')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '000000{Enter}');
    expect(await screen.findByText('Login failed.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // A new history entry, so that Back returns to the login route (and its logout question).
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Dashboard'));
    expect(getTokens()).toEqual({ accessToken: access, refreshToken: 'R1' });
    expect(screen.getByText('Signed in successfully.')).toBeTruthy();

    const otpCall = fetchMock.mock.calls.find(([, init]) => String(init?.body ?? '').includes('123456'));
    expect(JSON.parse(String(otpCall?.[1]?.body))).toEqual({
      username: 'admin@acme.example',
      password: 'A-Much-Better-Pass-42',
      otp: '123456',
    });
  });

  it('shows the catalogue sentences for failed sign-ins', async () => {
    let answer = jsonResponse(401, { reason: 'Login failed.', code: 'login' });
    stubFetch(() => answer);
    const user = userEvent.setup();
    renderApp('/');
    await user.type(await screen.findByLabelText('Username'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed.')).toBeTruthy();

    answer = jsonResponse(422, { reason: 'No Mail Credential for this user' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('No Mail Credential is configured for this user. Please contact your administrator.'),
    ).toBeTruthy();

    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('An error has occurred')).toBeTruthy();
  });
});
