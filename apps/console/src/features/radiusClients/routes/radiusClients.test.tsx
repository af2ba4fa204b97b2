import type { RadiusClient } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const vpnApp = {
  id: 'a1',
  name: 'VPN',
  type: 'radius',
  baseApplicationId: null,
  baseApplication: null,
  clientId: 'c',
  hasClientSecret: false,
  redirectUri: '',
  callbackUrlSuccessfulLoginFlow: '',
  redirectUriSuccessLoginFlow: '',
  redirectUriAbortLoginFlow: '',
  defaultFlowId: null,
  defaultFlow: null,
  app_roles_count: 1,
  created_at: '2030-01-01T00:00:00.000Z',
  issuer: 'https://portiere.example/oidc',
  discoveryUrl: 'https://portiere.example/oidc/.well-known/openid-configuration',
  saml: null,
  samlIdentityProvider: null,
};
const office: RadiusClient = {
  id: 'r1',
  name: 'Office VPN',
  address: '10.0.0.0/24',
  application: { id: 'a1', name: 'VPN' },
  enabled: true,
  requireMessageAuthenticator: false,
  approvalWait: 25,
  created_at: '2030-01-01T10:00:00.000Z',
  last_used_at: null,
};
const SECRET = 'Ab3dEf6hJk8mNp2qRs4tUv6wXy8zAb3d';

describe('RADIUS clients page', { timeout: 40_000 }, () => {
  let clients: RadiusClient[] = [office];
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/radius-clients/' && method === 'GET')
      return jsonResponse(200, { count: clients.length, next_page: null, results: clients });
    if (path === '/applications/') return jsonResponse(200, { count: 1, next_page: null, results: [vpnApp] });
    if (path === '/radius-clients/' && method === 'POST') {
      if (body.address === '10.0.0.1/40')
        return jsonResponse(400, {
          reason: 'Invalid',
          code: 'validation',
          details: {
            address: { key: 'radiusAddress', message: 'Must be an IP address or a range such as 10.0.0.0/24.' },
          },
        });
      const client = { ...office, id: 'r2', name: body.name, address: body.address, requireMessageAuthenticator: true };
      clients = [client, ...clients];
      return jsonResponse(201, { ...client, secret: SECRET });
    }
    if (path === '/radius-clients/r1/secret/' && method === 'POST')
      return jsonResponse(200, { ...office, secret: SECRET });
    if (path === '/radius-clients/r1/' && method === 'PATCH') return jsonResponse(200, { ...office, ...body });
    if (path === '/radius-clients/r1/' && method === 'DELETE') {
      clients = clients.filter((c) => c.id !== 'r1');
      return new Response(null, { status: 204 });
    }
    return undefined;
  });

  beforeEach(() => {
    clients = [office];
    reset();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('registers a client and shows its shared secret once', async () => {
    const user = userEvent.setup();
    renderApp('/radius-clients');
    expect(await screen.findByRole('gridcell', { name: 'Office VPN' }, COLD)).toBeTruthy();
    // A client without a Message-Authenticator is marked.
    expect(screen.getByText('No Message-Authenticator')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a RADIUS client' });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect((await within(dialog).findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(3);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Wi-Fi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address or range' }), 'wifi.example');
    await user.click(within(dialog).getByRole('combobox', { name: 'RADIUS application' }));
    await user.click(await screen.findByRole('option', { name: 'VPN' }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Must be an IP address or a range such as 10.0.0.0/24.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Address or range' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Address or range' }), '192.0.2.7');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Wi-Fi',
        address: '192.0.2.7',
        applicationId: 'a1',
        enabled: true,
        requireMessageAuthenticator: true,
        approvalWait: 25,
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Shared secret of Wi-Fi' });
    expect((within(shown).getByTestId('radius-secret') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByTestId('radius-secret')).toBeNull());
    expect(await screen.findByRole('gridcell', { name: 'Wi-Fi' })).toBeTruthy();
  });

  it('gives a new secret after asking, edits, and deletes after asking', async () => {
    const user = userEvent.setup();
    renderApp('/radius-clients');
    await screen.findByRole('gridcell', { name: 'Office VPN' }, COLD);
    await user.click(screen.getByRole('button', { name: 'New shared secret for Office VPN' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke' });
    expect(confirm.textContent).toContain('the shared secret of Office VPN');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const shown = await screen.findByRole('dialog', { name: 'Shared secret of Office VPN' });
    expect((within(shown).getByTestId('radius-secret') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('radius-secret')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Edit Office VPN' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit RADIUS client' });
    expect(within(edit).getByText(/proved only by the password they carry/)).toBeTruthy();
    await user.click(within(edit).getByRole('switch', { name: 'Require Message-Authenticator' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ requireMessageAuthenticator: true }),
    );

    await user.click(await screen.findByRole('button', { name: 'Delete Office VPN' }));
    const del = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(del).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('No RADIUS clients yet')).toBeTruthy();
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    renderApp('/radius-clients');
    expect(await screen.findByRole('button', { name: 'Registra client' }, COLD)).toBeTruthy();
    expect(await screen.findByText('Senza Message-Authenticator')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Applicazione RADIUS' })).toBeTruthy();
  });
});
