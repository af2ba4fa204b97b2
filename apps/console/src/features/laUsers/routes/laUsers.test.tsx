import { defaultSettings, settingsValidators } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { itemsOf, laUser, loginGroup, member } from '../../../test/laFixtures';
import { memberDetail } from '../../../test/memberFixtures';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };

describe('login assistant credentials page', { timeout: 40_000 }, () => {
  let la = defaultSettings().la;
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/la-users/' && method === 'GET') return jsonResponse(200, itemsOf([laUser]));
    if (path === '/la-users/' && method === 'POST') return jsonResponse(201, laUser);
    if (path === '/la-users/u1/' && method === 'PATCH') return jsonResponse(200, laUser);
    if (path === '/login-groups/') return jsonResponse(200, itemsOf([loginGroup]));
    if (path === '/users/') {
      return jsonResponse(200, { count: 1, count_estimated: false, next_page: null, results: [{ ...fullMember }] });
    }
    if (path === '/customers/c1/settings/')
      return jsonResponse(200, { settings: { ...defaultSettings(), la }, validators: settingsValidators() });
    return undefined;
  });
  beforeEach(() => {
    la = defaultSettings().la;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists credentials with member, group, username, autologon and password dates, never a password', async () => {
    renderApp('/la-users');
    expect(await screen.findByRole('gridcell', { name: 'Mario Rossi (mario.rossi)' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Finance' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'mrossi' })).toBeTruthy();
    expect(screen.getAllByRole('gridcell', { name: 'No' })).toHaveLength(2);
    expect(screen.queryByText(/password/i, { selector: '[role=gridcell]' })).toBeNull();
  });

  it('creates a credential: member search, group, password typed twice; autologon off in the settings', async () => {
    const user = userEvent.setup();
    renderApp('/la-users');
    await user.click(await screen.findByRole('button', { name: 'New credential' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New credential' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);
    expect(within(dialog).getByRole('switch', { name: 'Autologon' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Autologon is turned off in the login assistant settings.')).toBeTruthy();

    await user.type(within(dialog).getByRole('combobox', { name: 'User' }), 'mario');
    await user.click(await screen.findByRole('option', { name: 'Mario Rossi (mario.rossi)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Login group' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'mrossi');
    await user.type(within(dialog).getByLabelText('Password *'), 'S3cret!pass');
    await user.type(within(dialog).getByLabelText('Confirm password *'), 'S3cret!pas');
    expect(within(dialog).getByText('Passwords do not match.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Confirm password *'), 's');
    expect(within(dialog).queryByText('Passwords do not match.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        memberId: 'm1',
        loginGroupId: 'lg1',
        username: 'mrossi',
        password: 'S3cret!pass',
        autologon: false,
      }),
    );
  });

  it('leaves the password to the server when the settings force its generation', async () => {
    la = { ...la, force_password_generation: true, autologon: true };
    const user = userEvent.setup();
    renderApp('/la-users');
    await user.click(await screen.findByRole('button', { name: 'New credential' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New credential' });
    expect(
      await within(dialog).findByText('The server generates the password: the login assistant settings require it.'),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Password *')).toBeNull();
    expect(within(dialog).getByRole('switch', { name: 'Autologon' })).toHaveProperty('disabled', false);
  });

  it('edits a credential: replaces or regenerates the password, which is never shown', async () => {
    const user = userEvent.setup();
    renderApp('/la-users');
    await user.click(await screen.findByRole('button', { name: 'Edit the credential of Mario Rossi' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit credential' });
    expect(within(dialog).getByText('The stored password is never shown.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Password *')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Replace password' }));
    expect((within(dialog).getByLabelText('Password *') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('radio', { name: 'Generate a new password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ generatePassword: true }));
  });
});

const fullMember = memberDetail({
  ...member,
  first_name: 'Mario',
  last_name: 'Rossi',
  email: 'mario@acme.example',
  group: { id: 'g1', name: 'Staff' },
});
