import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { acmeCustomer, globexCustomer, pagedOf } from '../../../test/resellerFixtures';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

describe('customers page', { timeout: 60_000 }, () => {
  const { calls, reset } = fakeApi(
    ({ path, method, body }) => {
      if (path === '/customers/' && method === 'GET') return jsonResponse(200, pagedOf([acmeCustomer, globexCustomer]));
      if (path === '/customers/' && method === 'POST') {
        if (body.name === 'Acme')
          return jsonResponse(409, { reason: 'This name is already used.', code: 'nameExists' });
        if (body.manager_email === 'taken@acme.example')
          return jsonResponse(409, {
            reason: 'This email address is already used by another account.',
            code: 'emailExists',
          });
        return jsonResponse(201, {
          ...acmeCustomer,
          id: 'c3',
          name: body.name,
          members_count: 0,
          manager_users_count: 1,
        });
      }
      if (path === '/customers/c2/' && method === 'PATCH') return jsonResponse(200, { ...globexCustomer, ...body });
      return undefined;
    },
    { reseller: true },
  );
  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists domain, licences used of total, the login assistant and the counts; scripts only with the assistant', async () => {
    renderApp('/customer-view');
    expect(await screen.findByRole('gridcell', { name: 'Acme' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'acme.example' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '204 / 250' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '12 / 20' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const acmeRow = rows.find((r) => within(r).queryByRole('gridcell', { name: 'Acme' }));
    const globexRow = rows.find((r) => within(r).queryByRole('gridcell', { name: 'Globex' }));
    if (!acmeRow || !globexRow) throw new Error('rows missing');
    expect(within(acmeRow).getByText('Enabled')).toBeTruthy();
    expect(within(globexRow).getByText('Disabled')).toBeTruthy();
    expect(within(acmeRow).getByRole('link', { name: 'Open scripts of Acme' }).getAttribute('href')).toBe(
      '/customer-view/script/c1',
    );
    expect(within(globexRow).queryByRole('link', { name: /Open scripts/ })).toBeNull();
    expect(within(globexRow).getByRole('link', { name: 'Open the manager users of Globex' }).getAttribute('href')).toBe(
      '/customer-view/c2?name=Globex',
    );
  });

  it('opens a customer’s manager users from its row', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/customer-view');
    await user.click(await screen.findByRole('gridcell', { name: 'Globex' }, COLD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-view/c2'));
    expect(router.state.location.search).toBe('?name=Globex');
    // The page hides the top bar and titles itself with the customer's name.
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('User Management: Globex'), COLD);
  });

  it('creates a customer with its first manager, saying where the temporary password went', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view');
    await user.click(await screen.findByRole('button', { name: 'New customer' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    expect(within(dialog).getByText(/A mail with a temporary password goes to it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Initech');
    await user.type(within(dialog).getByRole('textbox', { name: 'Domain' }), 'initech.example');
    const licenses = within(dialog).getByRole('textbox', { name: 'Licenses' });
    await user.clear(licenses);
    await user.type(licenses, '40');
    await user.click(within(dialog).getByRole('switch', { name: 'Login Assistant' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First manager’s email' }), 'taken@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // A taken address is named under its field.
    expect(await within(dialog).findByText('This email address is already used by another account.')).toBeTruthy();

    const email = within(dialog).getByRole('textbox', { name: 'First manager’s email' });
    await user.clear(email);
    await user.type(email, 'Boss@Initech.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
        name: 'Initech',
        domain: 'initech.example',
        licenses: 40,
        license_expiration: null,
        la_enabled: true,
        manager_email: 'boss@initech.example',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New customer' })).toBeNull());
    expect(feedback.store.getState().list.map((f) => f.message)).toContain(
      'Customer created. A mail with a temporary password went to boss@initech.example.',
    );
    // The session's customers (which have the login assistant) are read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/me/').length).toBeGreaterThan(1));
  });

  it('says a name another of the reseller’s customers has under the name field', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view');
    await user.click(await screen.findByRole('button', { name: 'New customer' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme');
    await user.type(within(dialog).getByRole('textbox', { name: 'First manager’s email' }), 'new@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This name is already used.')).toBeTruthy();
  });

  it('edits a customer, sending only the changed fields', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view');
    await user.click(await screen.findByRole('button', { name: 'Edit Globex' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    expect(within(dialog).queryByRole('textbox', { name: 'First manager’s email' })).toBeNull();
    const licenses = within(dialog).getByRole('textbox', { name: 'Licenses' });
    expect((licenses as HTMLInputElement).value).toBe('20');
    await user.clear(licenses);
    await user.type(licenses, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ licenses: 35 }));
    expect(calls.find((c) => c.method === 'PATCH')?.path).toBe('/customers/c2/');
  });

  it('closes an unchanged edit without a call', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit customer' })).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows a failed list with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { reset: resetFailing } = fakeApi(
      ({ path }) => {
        if (path === '/customers/')
          return fail
            ? jsonResponse(403, { reason: 'no', code: 'forbidden' })
            : jsonResponse(200, pagedOf([acmeCustomer]));
        return undefined;
      },
      { reseller: true },
    );
    resetFailing();
    renderApp('/customer-view');
    const error = await screen.findByTestId('list-error', {}, COLD);
    expect(error.textContent).toContain('You are not allowed to do this.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('gridcell', { name: 'Acme' })).toBeTruthy();
  });
});
