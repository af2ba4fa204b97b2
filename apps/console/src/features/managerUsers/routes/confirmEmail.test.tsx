import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../../lib/auth/tokenStorage';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

describe('email confirmation page', { timeout: 30_000 }, () => {
  const { calls, reset } = fakeApi(({ path, body }) => {
    if (path === '/staff/confirm-email/') {
      return body.token === 'good-token'
        ? jsonResponse(204)
        : jsonResponse(400, {
            reason: 'This confirmation link is not valid or has expired.',
            code: 'emailChangeInvalid',
          });
    }
    return undefined;
  });
  beforeEach(() => {
    reset();
    // The link is followed from a mail: usually in a browser nobody is signed in to.
    clearTokens();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the token once, without a sign-in, and offers the way to sign in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/confirm-email/good-token');
    const result = await screen.findByTestId('confirm-email-result', {}, COLD);
    expect(result.textContent).toBe('Email changed. You now sign in with your new email address.');
    const posts = calls.filter((c) => c.path === '/staff/confirm-email/');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'good-token' });
    expect(posts[0]?.headers.get('authorization')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says why a spent or expired link does not work', async () => {
    renderApp('/confirm-email/spent-token');
    const result = await screen.findByTestId('confirm-email-result', {}, COLD);
    expect(result.textContent).toBe('This confirmation link is not valid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeTruthy();
  });

  it('works in a browser that is signed in, without asking to log out', async () => {
    reset();
    renderApp('/confirm-email/good-token');
    expect((await screen.findByTestId('confirm-email-result', {}, COLD)).textContent).toContain('Email changed.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
