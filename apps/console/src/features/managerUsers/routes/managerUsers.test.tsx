import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { ana, bruno, pagedOf } from '../../../test/resellerFixtures';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };
const BASE = '/customers/c1/manager-users/';
const PAGE = '/customer-view/c1?name=Acme';
const KEY = 'ptk_AAAAAAAAAAAAAAAAAAAAAA_secretsecretsecretsecretsecretsecretsecr';

const messages = () => feedback.store.getState().list.map((f) => f.message);

describe('manager users page', { timeout: 60_000 }, () => {
  const { calls, reset } = fakeApi(
    ({ path, method, body }) => {
      if (path === BASE && method === 'GET') return jsonResponse(200, pagedOf([ana, bruno]));
      if (path === BASE && method === 'POST')
        return jsonResponse(201, { ...bruno, id: 'm3', email: body.email, scopes: body.scopes, blocked: false });
      if (path === `${BASE}m1/` && method === 'PATCH') return jsonResponse(200, { ...ana, ...body });
      if (path === `${BASE}m1/reset-api-key/`) return jsonResponse(200, { api_key: KEY });
      if (path === `${BASE}m1/reset-password/`) return jsonResponse(204);
      if (path === `${BASE}m1/change-email/`) {
        if (body.email === 'bruno@acme.example')
          return jsonResponse(409, {
            reason: 'This email address is already used by another account.',
            code: 'emailExists',
          });
        return jsonResponse(202, { ...ana, pending_email: body.email });
      }
      if (path === `${BASE}m1/block/`) return jsonResponse(200, { ...ana, blocked: true });
      if (path === `${BASE}m2/unblock/`) return jsonResponse(200, { ...bruno, blocked: false });
      return undefined;
    },
    { reseller: true },
  );
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  const openRowAction = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
    await user.click(await screen.findByRole('button', { name: label }, COLD));
  };

  it('titles the page with the customer’s name, lists the users and goes back to the customers', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('gridcell', { name: /^ana@acme\.example/ }, COLD)).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('User Management: Acme');
    // The top bar is hidden.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByTestId('pending-email').textContent).toBe('Pending change to ana.new@acme.example');
    expect(screen.getByText('members:read')).toBeTruthy();
    expect(screen.getByText('audit:read')).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Blocked' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Active' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'No API key yet' })).toBeTruthy();
    // A blocked user is offered Unblock, an active one Block.
    expect(screen.getByRole('button', { name: 'Unblock bruno@acme.example' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Block ana@acme.example' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-view'));
  });

  it('searches by email from the filters drawer the page opens itself', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Filters' }, COLD));
    await user.type(await screen.findByLabelText('Search by email'), 'ana{Enter}');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE && c.method === 'GET')
          .at(-1)
          ?.url.searchParams.get('search'),
      ).toBe('ana'),
    );
  });

  it('creates a user with the scopes checked', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'New manager user' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New manager user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'carla@acme');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This email address is not valid.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), '.example');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read the audit trail/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Read members and their credentials/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === BASE && c.method === 'POST')?.body).toEqual({
        email: 'carla@acme.example',
        scopes: ['members:read', 'audit:read'],
        expiration: null,
      }),
    );
    expect(messages()).toContain('Manager user created. A mail with a temporary password went to carla@acme.example.');
  });

  it('edits the scopes, sending only them', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await openRowAction(user, 'Edit the scopes and expiration of ana@acme.example');
    const dialog = await screen.findByRole('dialog', { name: 'Edit manager user' });
    expect(within(dialog).getByRole('checkbox', { name: /Read the audit trail/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Read the audit trail/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Create, change and delete members/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ scopes: ['members:read', 'members:write'] }),
    );
  });

  it('resets the API key only after confirming, shows it once with its header, and forgets it', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    // Cancelling the question makes no call.
    await openRowAction(user, 'Reset the API key of ana@acme.example');
    let confirm = await screen.findByRole('dialog', { name: 'Reset API key' });
    expect(within(confirm).getByText(/The new key is shown only once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset API key' })).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/reset-api-key/'))).toBe(false);

    await openRowAction(user, 'Reset the API key of ana@acme.example');
    confirm = await screen.findByRole('dialog', { name: 'Reset API key' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const shown = await screen.findByRole('dialog', { name: 'New API key of ana@acme.example' });
    expect((within(shown).getByTestId('api-key') as HTMLInputElement).value).toBe(KEY);
    expect((within(shown).getByTestId('api-key-header') as HTMLInputElement).value).toBe('X-API-Key');
    expect(within(shown).getByText('Copy the API key now: it will not be shown again.')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeTruthy();
    expect(messages()).toContain('API key reset.');
    expect(calls.filter((c) => c.path.endsWith('/reset-api-key/'))).toHaveLength(1);

    // Closing before copying asks first; No goes back to the key, Escape asks again, Yes closes.
    const question = 'Have you copied the API key? Once this dialog is closed, it cannot be shown again.';
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    expect(await within(shown).findByText(question)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'No' }));
    expect((within(shown).getByTestId('api-key') as HTMLInputElement).value).toBe(KEY);
    await user.keyboard('{Escape}');
    expect(await within(shown).findByText(question)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /New API key/ })).toBeNull());
    expect(document.body.innerHTML).not.toContain(KEY);
    // Nor does the query client keep it.
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((m) => m.state.data),
        ),
      ).not.toContain(KEY),
    );

    // Opening the action again asks again, and shows no key.
    await openRowAction(user, 'Reset the API key of ana@acme.example');
    confirm = await screen.findByRole('dialog', { name: 'Reset API key' });
    expect(document.body.innerHTML).not.toContain(KEY);
    expect(screen.queryByTestId('api-key')).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path.endsWith('/reset-api-key/'))).toHaveLength(1);
  });

  it('copies the new API key with its button, and then closes without asking', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await openRowAction(user, 'Reset the API key of ana@acme.example');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset API key' })).getByRole('button', { name: 'Confirm' }),
    );
    const shown = await screen.findByRole('dialog', { name: 'New API key of ana@acme.example' });
    await user.click(within(shown).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await waitFor(() => expect(messages()).toContain('Copied to the clipboard.'));
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /New API key/ })).toBeNull());
  });

  it('resets the password after confirming, saying a temporary one was mailed', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await openRowAction(user, 'Reset the password of ana@acme.example');
    const confirm = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(within(confirm).getByText(/A temporary password is mailed to this address/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(messages()).toContain('Password reset. A temporary password was mailed to ana@acme.example.'),
    );
    expect(calls.filter((c) => c.path === `${BASE}m1/reset-password/` && c.method === 'POST')).toHaveLength(1);
  });

  it('changes the email through a confirmation link to the new address', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await openRowAction(user, 'Change the email of ana@acme.example');
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    expect(within(dialog).getByText('Current address: ana@acme.example')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'New email' });
    await user.type(field, 'bruno@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText('This email address is already used by another account.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Ana.Rossi@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/change-email/')).at(-1)?.body).toEqual({
        email: 'ana.rossi@acme.example',
      }),
    );
    expect(messages()).toContain(
      'A confirmation link was sent to ana.rossi@acme.example. The address changes when it is followed.',
    );
  });

  it('blocks and unblocks after confirming', async () => {
    const user = userEvent.setup();
    renderApp(PAGE);
    await openRowAction(user, 'Block ana@acme.example');
    let confirm = await screen.findByRole('dialog', { name: 'Block' });
    expect(within(confirm).getByText(/their sessions and API key stop working at once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(messages()).toContain('ana@acme.example is blocked.'));
    await openRowAction(user, 'Unblock bruno@acme.example');
    confirm = await screen.findByRole('dialog', { name: 'Unblock' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(messages()).toContain('bruno@acme.example is unblocked.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${BASE}m1/block/`,
      `${BASE}m2/unblock/`,
    ]);
  });
});
