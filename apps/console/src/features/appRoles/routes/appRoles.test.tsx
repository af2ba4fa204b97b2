import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const paged = (results: unknown[]) => ({ count: results.length, next_page: null, results });

const application = {
  id: 'a1',
  name: 'Portal',
  type: 'spa',
  baseApplicationId: null,
  baseApplication: null,
  clientId: 'c',
  hasClientSecret: false,
  redirectUri: 'https://p.example/cb',
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
const group = {
  id: 'g1',
  name: 'Staff',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: ['password'],
  allowed_credential_types: ['password'],
  issuable_credential_types: ['password'],
  reported_sign_in_at: null,
  scim: null,
  members_count: 0,
};
const flow = {
  id: 'f1',
  name: 'Strong',
  stages: [['password']],
  terminatingCredentials: [],
  applications_count: 0,
  app_roles_count: 1,
  created_at: '2030-01-01T00:00:00.000Z',
};
const role = {
  id: 'r1',
  displayName: 'Editors',
  application: { id: 'a1', name: 'Portal' },
  group: { id: 'g1', name: 'Staff' },
  flow: { id: 'f1', name: 'Strong' },
  radiusAttributes: [],
  created_at: '2030-01-01T00:00:00.000Z',
};
const vpn = { ...application, id: 'a2', name: 'VPN', type: 'radius', redirectUri: '' };

describe('app roles page', { timeout: 40_000 }, () => {
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/app-roles/' && method === 'GET') return jsonResponse(200, paged([role]));
    if (path === '/applications/') return jsonResponse(200, paged([application, vpn]));
    if (path === '/groups/') return jsonResponse(200, paged([group]));
    if (path === '/flows/') return jsonResponse(200, paged([flow]));
    if (path === '/app-roles/' && method === 'POST')
      return jsonResponse(409, {
        reason: 'An app role for this application and configuration group already exists.',
        code: 'appRoleExists',
      });
    return undefined;
  });

  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists app roles with the names of their application, group and flow, filtered by ids', async () => {
    renderApp('/appRoles');
    expect(await screen.findByRole('gridcell', { name: 'Editors' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Portal' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Staff' })).toBeTruthy();
    await waitFor(() => {
      const d = filtersStore.getState().definitions.find((x) => x.key === 'flow_id');
      expect(d?.type === 'select' ? d.options : []).toEqual([{ value: 'f1', label: 'Strong' }]);
    });
    act(() => {
      dispatchFilters({ type: 'set', key: 'flow_id', value: 'f1' });
      dispatchFilters({ type: 'apply' });
    });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/app-roles/'))
          .at(-1)
          ?.url.searchParams.get('flow_id'),
      ).toBe('f1'),
    );
  });

  it('creates an app role and shows the duplicate conflict under application and group', async () => {
    const user = userEvent.setup();
    renderApp('/appRoles');
    await user.click(await screen.findByRole('button', { name: 'New app role' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New app role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);

    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Editors');
    for (const [field, option] of [
      ['Application', 'Portal'],
      ['Configuration group', 'Staff'],
      ['Flow', 'Strong'],
    ] as const) {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        displayName: 'Editors',
        applicationId: 'a1',
        groupId: 'g1',
        flowId: 'f1',
        radiusAttributes: [],
      }),
    );
    // A web application's role has no RADIUS attributes to set.
    expect(within(dialog).queryByRole('group', { name: 'RADIUS attributes' })).toBeNull();
    const conflict = 'An app role for this application and configuration group already exists.';
    await waitFor(() => expect(within(dialog).getAllByText(conflict)).toHaveLength(2));
  });

  it("sets a RADIUS application's reply attributes, each checked against its type", async () => {
    const user = userEvent.setup();
    renderApp('/appRoles');
    await user.click(await screen.findByRole('button', { name: 'New app role' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New app role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'VPN staff');
    for (const [field, option] of [
      ['Application', 'VPN'],
      ['Configuration group', 'Staff'],
      ['Flow', 'Strong'],
    ] as const) {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    const attributes = await within(dialog).findByRole('group', { name: 'RADIUS attributes' });
    await user.click(within(attributes).getByRole('button', { name: 'Add attribute' }));
    await user.type(within(attributes).getByRole('textbox', { name: 'Value 1' }), 'staff');
    await user.click(within(attributes).getByRole('button', { name: 'Add attribute' }));
    await user.click(within(attributes).getByRole('combobox', { name: 'Attribute 2' }));
    await user.click(await screen.findByRole('option', { name: 'Session-Timeout' }));
    await user.type(within(attributes).getByRole('textbox', { name: 'Value 2' }), 'an hour');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(attributes).findByText('Value must be between 0 and 4294967295.')).toBeTruthy();

    await user.clear(within(attributes).getByRole('textbox', { name: 'Value 2' }));
    await user.type(within(attributes).getByRole('textbox', { name: 'Value 2' }), '3600');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
        applicationId: 'a2',
        radiusAttributes: [
          { name: 'Class', value: 'staff' },
          { name: 'Session-Timeout', value: '3600' },
        ],
      }),
    );
  });
});
