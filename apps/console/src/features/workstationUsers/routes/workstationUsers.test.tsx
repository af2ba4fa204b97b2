import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { resetPaging } from '../../../components/table/pagingStore';
import { setTokens } from '../../../lib/auth/tokenStorage';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const ann = {
  id: 'm1',
  username: 'ann.lee@acme.example',
  full_name: 'Ann Lee',
  group: 'Office',
  workstation_enabled: true,
  autologon: false,
  has_identities: false,
  windows_credentials: ['password', 'smartcard'],
  temporary_card: null,
  recovery_mode: false,
};

// Lazy page chunks are transformed on first use; slow on a loaded machine.
describe('workstation users', { timeout: 30_000 }, () => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://x').pathname.replace('/api/v1', '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/me/') return jsonResponse(200, customerMe);
    if (path === '/workstation-users/') return jsonResponse(200, { count: 1, next_page: null, results: [ann] });
    if (path === '/users/m1/autologon/')
      return jsonResponse(422, {
        reason: 'A user with no identities cannot use autologon.',
        code: 'autologonNoIdentities',
      });
    if (path === '/users/m1/temporary-card/') return jsonResponse(200, null);
    if (path === '/users/m1/recovery-mode/') return jsonResponse(200, null);
    if (path === '/users/m1/recovery-codes/' && method === 'POST')
      return jsonResponse(201, { code: 'K7P2-Q9XM', expires_at: '2030-01-04T10:00:00.000Z' });
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    calls.length = 0;
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    feedback.reset();
    resetPaging();
    while (dialogs.store.getState().stack.length) dialogs.close();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists members with configuration and Windows credentials', async () => {
    renderApp('/workstation-users');
    expect(await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, COLD)).toBeTruthy();
    expect(screen.getByText('Office')).toBeTruthy();
    expect(screen.getByText('Smartcard')).toBeTruthy();
  });

  it("keeps autologon off and shows the server's reason when it is refused", async () => {
    const user = userEvent.setup();
    renderApp('/workstation-users');
    const toggle = await screen.findByRole('switch', { name: 'Autologon of ann.lee@acme.example' }, COLD);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    expect(await screen.findByText('A user with no identities cannot use autologon.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/users/m1/autologon/')?.body).toEqual({ enabled: true });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('opens the member panels and shows a new recovery code once', async () => {
    const user = userEvent.setup();
    renderApp('/workstation-users');
    await user.click(await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, COLD));
    expect(await screen.findByText('No temporary card is paired.', {}, COLD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pair card' })).toBeTruthy();
    expect(await screen.findByText('Recovery mode not active')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create recovery code' }));
    expect((await screen.findByTestId('one-time-code')).textContent).toBe('K7P2-Q9XM');
    expect(screen.getByText('Temporary credential created.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByTestId('one-time-code')).toBeNull());
  });
});
