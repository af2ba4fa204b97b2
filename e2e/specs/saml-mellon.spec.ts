/**
 * SAML sign-in proven with a service provider nobody here wrote: Apache httpd with mod_auth_mellon
 * (Debian's packages) protects /app/ on its own origin, trusting the customer's identity provider
 * from the metadata Portiere serves. The operator creates the SAML application in the console by
 * importing mellon's own metadata file. In Chromium the member opens the page, is sent with a
 * signed AuthnRequest to the customer's sign-in pages (in English, then in Italian), signs in
 * (password, TOTP), and the response is posted to mellon, which shows the NameID and attributes;
 * mellon's single logout goes through Portiere and back, and /app/ then asks for a sign-in again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { selfSignedCertificate } from '../../apps/server/src/test/certificates.ts';
import { SAML } from '../../scripts/ensure-saml.mjs';
import { type Apache, freePort, startApache } from '../support/apache.ts';
import { type Api, apiOf, customerIdOf, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';
import { E2E_ORIGIN } from '../support/ports.ts';
import { newSamlMember, passSignInPages, SIGN_IN_LANGUAGES } from '../support/saml-member.ts';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

let apache: Apache;
/** The wiki's origin: localhost like Portiere's, so that mellon's Lax cookie comes back with the posted response. */
let wiki = '';
let admin: Page;
let api: Api;
let groupId = '';

/** The page mellon protects: what it passes to the environment, read by SSI. */
const appPage = `<!doctype html><html lang="en"><title>Wiki</title><h1>Wiki account</h1>
<dl>
<dt>NameID</dt><dd id="name-id"><!--#echo var="MELLON_NAME_ID" --></dd>
<dt>email</dt><dd id="email"><!--#echo var="MELLON_email" --></dd>
<dt>givenName</dt><dd id="given-name"><!--#echo var="MELLON_givenName" --></dd>
<dt>roles</dt><dd id="roles"><!--#echo var="MELLON_roles" --></dd>
</dl>
<a href="/mellon/logout?ReturnTo=/signed-out.html">Sign out of the wiki</a></html>`;

async function memberPage(browser: Browser, locale: string): Promise<Page> {
  return (await browser.newContext({ locale })).newPage();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  wiki = `http://localhost:${port}`;
  admin = await browser.newPage({ baseURL: E2E_ORIGIN });
  await signIn(admin, 'admin@acme.example');
  api = await apiOf(admin);
  const customerId = await customerIdOf(api);
  groupId = (
    await ok(
      api.POST('/api/v1/groups/', {
        body: { name: unique('Mellon_wiki'), web_login_enabled: true, allowed: ['password', 'totp'] },
      }),
    )
  ).id;

  // mellon's key pair, and the customer's IdP metadata as Portiere serves it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-mellon-'));
  fs.chmodSync(dir, 0o755);
  selfSignedCertificate(dir, 'wiki');
  fs.chmodSync(`${dir}/sp.key`, 0o644);
  const idp = await fetch(`${E2E_ORIGIN}/saml/${customerId}/metadata`);
  expect(idp.headers.get('content-type')).toContain('application/samlmetadata+xml');
  fs.writeFileSync(`${dir}/idp.xml`, await idp.text(), { mode: 0o644 });

  apache = await startApache(
    port,
    `
<Location />
  MellonEnable info
  MellonEndpointPath /mellon
  MellonSPentityId "${wiki}/mellon/metadata"
  MellonSPPrivateKeyFile ${dir}/sp.key
  MellonSPCertFile ${dir}/sp.crt
  MellonIdPMetadataFile ${dir}/idp.xml
  # Secure (localhost is a secure context): mellon marks its test cookie SameSite=None, which needs it.
  MellonSecureCookie On
</Location>
<Directory @ROOT@/htdocs>
  Options +Includes
  AddOutputFilter INCLUDES .shtml
  DirectoryIndex index.shtml
</Directory>
<Location /app/>
  AuthType Mellon
  MellonEnable auth
  Require valid-user
</Location>
`,
    {
      'app/index.shtml': appPage,
      'signed-out.html': '<!doctype html><html lang="en"><title>Wiki</title><h1>Signed out of the wiki</h1></html>',
    },
    [['auth_mellon', SAML.mellon]],
  );

  // The operator: a SAML application from mellon's own metadata file, in the console.
  const metadata = path.join(dir, 'wiki-metadata.xml');
  fs.writeFileSync(metadata, await (await fetch(`${wiki}/mellon/metadata`)).text());
  const name = unique('Wiki');
  await admin.goto('/applications');
  await admin.getByRole('button', { name: 'New application' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New application' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await admin.getByRole('option', { name: /^SAML 2\.0/ }).click();
  await dialog.getByLabel('Import metadata').setInputFiles(metadata);
  await expect(dialog.getByText('Filled in from the metadata. Check the fields, then save.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Entity ID' })).toHaveValue(`${wiki}/mellon/metadata`);
  // mellon's metadata offers a transient NameID; the wiki is to know its members for good.
  await expect(dialog.getByRole('combobox', { name: 'NameID format' })).toHaveText('Transient');
  await dialog.getByRole('combobox', { name: 'NameID format' }).click();
  await admin.getByRole('option', { name: 'Persistent' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const region = admin.getByRole('region', { name: 'SAML identity provider' });
  await expect(region.getByRole('textbox', { name: 'Metadata URL' })).toHaveValue(
    `${E2E_ORIGIN}/saml/${customerId}/metadata`,
  );
  const applicationId = new URL(admin.url()).pathname.split('/').pop() ?? '';
  const flow = await ok(
    api.POST('/api/v1/flows/', { body: { name: unique('Mellon_password_TOTP'), stages: [['password'], ['totp']] } }),
  );
  await ok(
    api.POST('/api/v1/app-roles/', { body: { displayName: 'Editor', applicationId, groupId, flowId: flow.id } }),
  );
  // mellon signs its AuthnRequests: the imported metadata said so, and Portiere checks them.
  const saved = await ok(api.GET('/api/v1/applications/{id}/', { params: { path: { id: applicationId } } }));
  expect(saved.saml?.requireSignedRequests).toBe(true);
});

test.afterAll(async () => {
  await apache?.stop();
  await admin?.close();
});

for (const [lang, L] of Object.entries(SIGN_IN_LANGUAGES)) {
  test(`mod_auth_mellon signs the member in through the ${lang === 'en' ? 'English' : 'Italian'} pages and out again`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const member = await newSamlMember(api, groupId, `wiki.${lang}`, { first_name: 'Ada', last_name: 'Mellon' });
    const page = await memberPage(browser, L.locale);
    try {
      await page.goto(`${wiki}/app/`);
      const posted = page.waitForRequest((r) => r.url() === `${wiki}/mellon/postResponse` && r.method() === 'POST');
      await passSignInPages(page, member, L);
      // The response page posts the signed response to mellon's consumer service.
      expect(new URLSearchParams((await posted).postData() ?? '').has('SAMLResponse')).toBe(true);

      await expect(page.getByRole('heading', { name: 'Wiki account' })).toBeVisible();
      expect(page.url()).toBe(`${wiki}/app/`);
      await expect(page.locator('#name-id')).toHaveText(member.id);
      await expect(page.locator('#email')).toHaveText(member.username);
      await expect(page.locator('#given-name')).toHaveText('Ada');
      await expect(page.locator('#roles')).toHaveText('Editor');

      // mellon's single logout: a LogoutRequest to Portiere, its LogoutResponse back to mellon.
      const response = page.waitForRequest((r) => r.url().startsWith(`${wiki}/mellon/logout?SAMLResponse=`));
      await page.getByRole('link', { name: 'Sign out of the wiki' }).click();
      await response;
      await expect(page.getByRole('heading', { name: 'Signed out of the wiki' })).toBeVisible();
      // Both sessions are over: the wiki asks Portiere again, and Portiere asks who.
      await page.goto(`${wiki}/app/`);
      await expect(page).toHaveURL(new RegExp(`^${E2E_ORIGIN}/signin/saml_[^/]+$`));
      await expect(page.getByLabel(L.username, { exact: true })).toBeVisible();
    } catch (err) {
      await test.info().attach('apache error.log', { body: apache.errorLog(), contentType: 'text/plain' });
      throw err;
    } finally {
      await page.context().close();
    }
  });
}
