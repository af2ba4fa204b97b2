import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../components/dialogs/dialogRegistry';
import { feedback } from '../../components/feedback/feedbackStore';
import { clearTokens, getTokens, setTokens } from '../../lib/auth/tokenStorage';
import { MENU_COLLAPSED_KEY, setMenuCollapsed } from '../../lib/menuState';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../test/renderApp';

describe('signed-in layout', () => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/me/')) return jsonResponse(200, customerMe);
    if (url.endsWith('/logout/')) return jsonResponse(204);
    if (url.endsWith('/login/refresh/')) return jsonResponse(200, { access: customerToken(), refresh: 'R2' });
    if (url.includes('/settings/')) return jsonResponse(500, {});
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    setMenuCollapsed(false);
    feedback.reset();
    while (dialogs.store.getState().stack.length) dialogs.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the menu for the user type with the current group open, and remembers collapsing', async () => {
    const user = userEvent.setup();
    renderApp('/users');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Members');
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Customers' })).toBeNull();
    expect(within(menu).getByText('1.0.4')).toBeTruthy();

    await user.click(within(menu).getByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('true');
    expect(within(menu).getByRole('button', { name: 'Expand menu' })).toBeTruthy();
  });

  it('sends a customer user away from reseller pages', async () => {
    const { router } = renderApp('/customer-view');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks before moving to login, and logs out on Confirm', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await screen.findByTestId('page-title');
    // Let the guard's blocker register (a passive effect after the first commit).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/dashboard');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you really want to log out?')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getTokens()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.getByText('@acme.example')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getTokens()).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/logout/'));
    expect(logoutCall).toBeTruthy();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('goes on into the console with a refresh token but no access token stored', async () => {
    setTokens({ accessToken: null, refreshToken: 'R1' });
    const { router } = renderApp('/users');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Members');
    expect(router.state.location.pathname).toBe('/users');
    expect(getTokens()).toEqual({ accessToken: expect.any(String), refreshToken: 'R2' });
  });

  it('asks to log out when Back returns to the login route after signing in, and stays on No', async () => {
    const user = userEvent.setup();
    clearTokens();
    const { router } = renderApp('/');
    await screen.findByLabelText('Username');
    // Signing in stores the tokens and moves on with a new history entry.
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    await act(() => router.navigate('/dashboard'));
    await screen.findByTestId('page-title');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you really want to log out?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getTokens()).not.toBeNull();
  });

  it('shows the data retrieval error once, with Retry, when settings cannot be loaded', async () => {
    const user = userEvent.setup();
    renderApp('/general-settings');
    expect((await screen.findByTestId('page-title')).textContent).toBe('General');
    const message = 'Error retrieving data from server. Check your connection and try reloading your page.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(feedback.store.getState().list).toEqual([]);
    const loads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/settings/')).length;
    expect(loads()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loads()).toBe(2));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});
