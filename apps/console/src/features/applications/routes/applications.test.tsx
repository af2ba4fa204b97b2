import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const portal = {
  id: 'a1',
  name: 'Portal',
  type: 'web',
  baseApplicationId: null,
  baseApplication: null,
  clientId: 'client-portal',
  hasClientSecret: true,
  redirectUri: 'https://portal.example/cb',
  callbackUrlSuccessfulLoginFlow: '',
  redirectUriSuccessLoginFlow: '',
  redirectUriAbortLoginFlow: '',
  defaultFlowId: 'f1',
  defaultFlow: { id: 'f1', name: 'Strong' },
  app_roles_count: 2,
  created_at: '2030-01-01T00:00:00.000Z',
  issuer: 'https://portiere.example/oidc',
  discoveryUrl: 'https://portiere.example/oidc/.well-known/openid-configuration',
  saml: null,
  samlIdentityProvider: null,
};

const SP_CERT = 'MIIBszCCAVmgAwIBAgIUQ2VydGlmaWNhdGVPZlRoZVNQMA0GCSqGSIb3DQEBCwUAMBExDzANBgNVBAMMBnNwLmV4';
const SP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://wiki.example/saml">
  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${SP_CERT}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://wiki.example/saml/logout"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact" Location="https://wiki.example/saml/artifact" index="0"/>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://wiki.example/saml/acs2" index="2"/>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://wiki.example/saml/acs" index="1"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>`;
const samlIdp = {
  entityId: 'https://portiere.example/saml/c1/metadata',
  metadataUrl: 'https://portiere.example/saml/c1/metadata',
  ssoUrl: 'https://portiere.example/saml/c1/sso',
  sloUrl: 'https://portiere.example/saml/c1/slo',
  startUrl: 'https://portiere.example/saml/c1/start/a2',
};

describe('applications page', { timeout: 30_000 }, () => {
  let created: Record<string, unknown> = {};
  const { calls, reset } = fakeApi(({ path, method, body }) => {
    if (path === '/applications/' && method === 'GET')
      return jsonResponse(200, { count: 1, next_page: null, results: [portal] });
    if (path === '/applications/a1/' && method === 'GET') return jsonResponse(200, portal);
    if (path === '/applications/a1/secret/' && method === 'POST')
      return jsonResponse(200, { ...portal, clientSecret: 'renewed-secret' });
    if (path === '/applications/a1/' && method === 'DELETE')
      return jsonResponse(409, { reason: 'in use', code: 'applicationInUse', params: { count: 3 } });
    if (path === '/flows/' && method === 'GET') return jsonResponse(200, { count: 0, next_page: null, results: [] });
    if (path === '/applications/' && method === 'POST') {
      created = {
        ...portal,
        id: 'a2',
        name: body.name,
        type: body.type,
        clientId: 'client-new',
        clientSecret: body.type === 'web' ? 'the-secret-value' : null,
        defaultFlowId: null,
        defaultFlow: null,
        app_roles_count: 0,
        saml: body.saml ?? null,
        samlIdentityProvider: body.type === 'saml' ? samlIdp : null,
      };
      return jsonResponse(201, created);
    }
    if (path === '/applications/a2/' && method === 'GET') return jsonResponse(200, created);
    if (path === '/applications/saml-metadata/' && method === 'POST') {
      if (body.url === 'https://wiki.example/saml/metadata')
        return jsonResponse(200, { metadata: SP_METADATA, url: body.url });
      return jsonResponse(400, {
        reason: 'Some fields are not valid.',
        code: 'validation',
        details: { url: { key: 'samlMetadataPrivate' } },
      });
    }
    return undefined;
  });

  beforeEach(reset);
  afterEach(() => vi.unstubAllGlobals());

  it('lists applications with their translated type and default flow, and filters by type codes', async () => {
    renderApp('/applications');
    expect(await screen.findByRole('gridcell', { name: 'Portal' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Web application' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Strong' })).toBeTruthy();
    expect(filtersStore.getState().definitions.map((d) => d.key)).toEqual(['type']);
    dispatchFilters({ type: 'set', key: 'type', value: ['spa', 'web'] });
    dispatchFilters({ type: 'apply' });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/applications/'))
          .at(-1)
          ?.url.searchParams.get('type'),
      ).toBe('web,spa'),
    );
  });

  it('refuses a bad name in the form, then creates and shows the secret once with copy buttons', async () => {
    const user = userEvent.setup();
    renderApp('/applications');
    await user.click(await screen.findByRole('button', { name: 'New application' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '9lives');
    await user.type(within(dialog).getByRole('textbox', { name: 'Redirect URI' }), 'https://new.example/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Must start with a letter and contain only letters, numbers or underscores (at least 2 characters).',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New_app{Enter}');
    const secret = await screen.findByRole('dialog', { name: 'Credentials of New_app' });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'New_app',
      type: 'web',
      redirectUri: 'https://new.example/cb',
      baseApplicationId: null,
    });
    expect(within(secret).getByDisplayValue('the-secret-value')).toBeTruthy();
    expect(within(secret).getByDisplayValue('client-new')).toBeTruthy();
    expect(within(secret).getByText('Copy the client secret now: it will not be shown again.')).toBeTruthy();
    expect(within(secret).getByRole('button', { name: 'Copy Client secret' })).toBeTruthy();
    await user.click(within(secret).getByRole('button', { name: 'Copy Client ID' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('client-new');
  });

  it('shows an application without its secret, regenerates one only after confirming, and says why it cannot be deleted', async () => {
    const user = userEvent.setup();
    renderApp('/applications/a1');
    expect(await screen.findByRole('heading', { name: 'Portal' }, COLD)).toBeTruthy();
    expect(screen.getByText('client-portal')).toBeTruthy();
    expect(screen.getByText('Set (shown only when created or regenerated)')).toBeTruthy();
    // What the relying party is set up with, each to copy.
    const oidc = screen.getByRole('region', { name: 'OpenID Connect' });
    expect(within(oidc).getByRole('textbox', { name: 'Issuer' })).toHaveProperty(
      'value',
      'https://portiere.example/oidc',
    );
    expect(within(oidc).getByRole('textbox', { name: 'Client ID' })).toHaveProperty('value', 'client-portal');
    await user.click(within(oidc).getByRole('button', { name: 'Copy Discovery URL' }));
    expect(await navigator.clipboard.readText()).toBe('https://portiere.example/oidc/.well-known/openid-configuration');

    await user.click(screen.getByRole('button', { name: 'Regenerate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerate the client secret?' });
    expect(calls.some((c) => c.url.pathname.endsWith('/secret/'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const shown = await screen.findByRole('dialog', { name: 'Credentials of Portal' });
    expect(within(shown).getByDisplayValue('renewed-secret')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByDisplayValue('renewed-secret')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Other applications derive from this one (3), so it cannot be deleted.'),
    ).toBeTruthy();
  });

  it("fills a SAML application from its provider's metadata address, with the server's refusal under the address", async () => {
    const user = userEvent.setup();
    renderApp('/applications');
    await user.click(await screen.findByRole('button', { name: 'New application' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: /^SAML 2\.0/ }));
    const address = within(dialog).getByRole('textbox', { name: 'Metadata address' });
    expect(within(dialog).getByRole('button', { name: 'Import from address' })).toHaveProperty('disabled', true);
    // Enter imports: it does not submit the application's form.
    await user.type(address, 'http://10.0.0.7/md{Enter}');
    expect(
      await within(dialog).findByText(
        'This address is on a private network, from which the server does not fetch metadata.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/v1/applications/saml-metadata/',
    ]);
    await user.clear(address);
    await user.type(address, 'https://wiki.example/saml/metadata');
    await user.click(within(dialog).getByRole('button', { name: 'Import from address' }));
    expect(await within(dialog).findByText('Filled in from the metadata. Check the fields, then save.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Entity ID' })).toHaveProperty(
      'value',
      'https://wiki.example/saml',
    );
    expect(within(dialog).getByRole('textbox', { name: /Assertion consumer service URLs/ })).toHaveProperty(
      'value',
      'https://wiki.example/saml/acs\nhttps://wiki.example/saml/acs2',
    );
    expect(calls.at(-1)?.body).toEqual({ url: 'https://wiki.example/saml/metadata' });
  });

  it("fills a SAML application from its provider's metadata file, refuses a file that is not one, and shows the identity provider", async () => {
    const user = userEvent.setup();
    renderApp('/applications');
    await user.click(await screen.findByRole('button', { name: 'New application' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Wiki');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: /^SAML 2\.0/ }));
    const file = within(dialog).getByLabelText('Import metadata');
    await user.upload(file, new File(['<html>not metadata</html>'], 'page.html', { type: 'application/xml' }));
    expect(await within(dialog).findByText('This is not the metadata of a SAML service provider.')).toBeTruthy();
    await user.upload(file, new File([SP_METADATA], 'sp.xml', { type: 'application/xml' }));
    expect(await within(dialog).findByText('Filled in from the metadata. Check the fields, then save.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Entity ID' })).toHaveProperty(
      'value',
      'https://wiki.example/saml',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Wiki',
      type: 'saml',
      redirectUri: '',
      saml: {
        entityId: 'https://wiki.example/saml',
        // HTTP-POST services only, by index.
        acsUrls: ['https://wiki.example/saml/acs', 'https://wiki.example/saml/acs2'],
        sloUrl: 'https://wiki.example/saml/logout',
        sloBinding: 'redirect',
        certificate: expect.stringMatching(/^-----BEGIN CERTIFICATE-----\nMIIBszCC/),
        requireSignedRequests: true,
        nameIdFormat: 'persistent',
        signAssertions: true,
        signResponses: true,
      },
    });
    // No secret to show: the application's page says what the provider is set up with.
    const idp = await screen.findByRole('region', { name: 'SAML identity provider' }, COLD);
    expect(within(idp).getByRole('textbox', { name: 'Metadata URL' })).toHaveProperty('value', samlIdp.metadataUrl);
    expect(within(idp).getByRole('textbox', { name: 'Sign-in link (IdP-initiated)' })).toHaveProperty(
      'value',
      samlIdp.startUrl,
    );
    expect(screen.queryByRole('dialog', { name: /Credentials of/ })).toBeNull();
  });
});
