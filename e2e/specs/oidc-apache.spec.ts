/**
 * Web sign-in proven with a relying party nobody here wrote: Apache httpd with mod_auth_openidc
 * (Debian's packages) protects /app/ on its own origin as a confidential `web` application created
 * through the API, with response_mode=form_post and PKCE. In Chromium the member opens the page,
 * signs in on the customer's pages (password, TOTP), the provider's page posts the code to
 * Apache, which shows the ID token's claims; the module's logout sends the browser to the
 * provider's sign-out page and, confirmed, back to Apache; /app/ then asks for a sign-in again.
 */
import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { ACR_MULTI_FACTOR } from '../../packages/contracts/src/webLogin.ts';
import { type Apache, freePort, startApache } from '../support/apache.ts';
import { apiOf, customerIdOf, ok } from '../support/api.ts';
import { signIn } from '../support/auth.ts';
import { E2E_ORIGIN } from '../support/ports.ts';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

let apache: Apache;
/** The operator's console, for the API calls before and after. */
let admin: Page;
let customerId = '';
let ssoBefore = false;
let member: { id: string; username: string };
let password = '';
let otpauthUri = '';

/** The page mod_auth_openidc protects: the claims it passes to the environment, read by SSI. */
const claimsPage = (logout: string) => `<!doctype html><html lang="en"><title>Shop</title><h1>Shop account</h1>
<dl>
<dt>sub</dt><dd id="sub"><!--#echo var="OIDC_CLAIM_sub" --></dd>
<dt>email</dt><dd id="email"><!--#echo var="OIDC_CLAIM_email" --></dd>
<dt>amr</dt><dd id="amr"><!--#echo var="OIDC_CLAIM_amr" --></dd>
<dt>acr</dt><dd id="acr"><!--#echo var="OIDC_CLAIM_acr" --></dd>
</dl>
<a href="${logout}">Sign out of the shop</a></html>`;

test.beforeAll(async ({ browser }) => {
  const port = await freePort();
  const shop = `http://127.0.0.1:${port}`;
  const redirectUri = `${shop}/app/callback`;
  const signedOut = `${shop}/signed-out.html`;

  // Through the API, as the operator: SSO on (so only the provider's logout makes the next visit
  // ask for a sign-in), a web application, its flow password → TOTP given by an app role to a
  // new group, and a member of that group with a password and a TOTP.
  admin = await browser.newPage({ baseURL: E2E_ORIGIN });
  const page = admin;
  await signIn(page, 'admin@acme.example');
  const api = await apiOf(page);
  customerId = await customerIdOf(api);
  const customer = { path: { id: customerId } };
  const { settings } = await ok(api.GET('/api/v1/customers/{id}/settings/', { params: customer }));
  ssoBefore = settings.general.enable_sso;
  await ok(
    api.PATCH('/api/v1/customers/{id}/settings/', { params: customer, body: { general: { enable_sso: true } } }),
  );
  const group = await ok(
    api.POST('/api/v1/groups/', {
      body: { name: unique('Apache_shop'), web_login_enabled: true, allowed: ['password', 'totp'] },
    }),
  );
  const flow = await ok(
    api.POST('/api/v1/flows/', { body: { name: unique('Apache_password_TOTP'), stages: [['password'], ['totp']] } }),
  );
  const application = await ok(
    api.POST('/api/v1/applications/', {
      body: {
        name: unique('Apache_shop'),
        type: 'web',
        redirectUri,
        // The provider accepts it as post_logout_redirect_uri.
        redirectUriSuccessLoginFlow: signedOut,
      },
    }),
  );
  await ok(
    api.POST('/api/v1/app-roles/', {
      body: { displayName: 'Customer', applicationId: application.id, groupId: group.id, flowId: flow.id },
    }),
  );
  const username = `eva.apache.${Date.now().toString(36)}@acme.example`;
  member = await ok(
    api.POST('/api/v1/users/', {
      body: { username, email: username, first_name: 'Eva', last_name: 'Apache', group_id: group.id },
    }),
  );
  password = `Correct horse ${Date.now().toString(36)}`;
  const credentials = { path: { id: member.id } };
  await ok(
    api.POST('/api/v1/users/{id}/credentials/', { params: credentials, body: { type: 'password', value: password } }),
  );
  const totp = await ok(api.POST('/api/v1/users/{id}/credentials/', { params: credentials, body: { type: 'totp' } }));
  if (!totp.enrollment?.otpauth_uri) throw new Error('no otpauth URI for the TOTP credential');
  otpauthUri = totp.enrollment.otpauth_uri;

  apache = await startApache(
    port,
    `
OIDCProviderMetadataURL ${E2E_ORIGIN}/oidc/.well-known/openid-configuration
OIDCClientID ${application.clientId}
OIDCClientSecret ${application.clientSecret}
OIDCProviderTokenEndpointAuth client_secret_basic
OIDCRedirectURI ${redirectUri}
OIDCCryptoPassphrase ${crypto.randomBytes(24).toString('base64url')}
OIDCScope "openid profile email"
OIDCResponseMode form_post
OIDCPKCEMethod S256
OIDCPassClaimsAs environment
<Directory @ROOT@/htdocs>
  Options +Includes
  AddOutputFilter INCLUDES .shtml
  DirectoryIndex index.shtml
</Directory>
<Location /app/>
  AuthType openid-connect
  Require valid-user
</Location>
`,
    {
      // mod_auth_openidc's logout: its redirect URI with where to land afterwards.
      'app/index.shtml': claimsPage(`/app/callback?logout=${encodeURIComponent(signedOut)}`),
      'signed-out.html': '<!doctype html><html lang="en"><title>Shop</title><h1>Signed out of the shop</h1></html>',
    },
  );
});

test.afterAll(async () => {
  await apache?.stop();
  if (customerId) {
    await ok(
      (await apiOf(admin)).PATCH('/api/v1/customers/{id}/settings/', {
        params: { path: { id: customerId } },
        body: { general: { enable_sso: ssoBefore } },
      }),
    );
  }
  await admin?.close();
});

test('Apache mod_auth_openidc signs the member in by form_post and out through the provider', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  try {
    await page.goto(`${apache.url}/app/`);
    await expect(page).toHaveURL(new RegExp(`^${E2E_ORIGIN}/signin/[^/]+$`));
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const code = page.getByLabel('Code from your authenticator app', { exact: true });
    const totp = OTPAuth.URI.parse(otpauthUri) as OTPAuth.TOTP;
    await code.fill(totp.generate());
    const posted = page.waitForRequest((r) => r.url() === `${apache.url}/app/callback` && r.method() === 'POST', {
      timeout: 10_000,
    });
    await code.press('Enter');
    // form_post: the provider's page posts the code to the module's redirect URI.
    expect(new URLSearchParams((await posted).postData() ?? '').has('code')).toBe(true);

    // Apache (another origin) redeemed the code with its secret and shows the ID token's claims.
    await expect(page.getByRole('heading', { name: 'Shop account' })).toBeVisible();
    expect(page.url()).toBe(`${apache.url}/app/`);
    await expect(page.locator('#sub')).toHaveText(member.id);
    await expect(page.locator('#email')).toHaveText(member.username);
    await expect(page.locator('#amr')).toHaveText('pwd,otp,mfa');
    await expect(page.locator('#acr')).toHaveText(ACR_MULTI_FACTOR);

    // The module's logout: the provider's own sign-out page, then back to Apache.
    await page.getByRole('link', { name: 'Sign out of the shop' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
    expect(page.url()).toMatch(new RegExp(`^${E2E_ORIGIN}/oidc/`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page.getByRole('heading', { name: 'Signed out of the shop' })).toBeVisible();
    expect(page.url()).toBe(`${apache.url}/signed-out.html`);

    // Both sessions are over: with SSO on, only the ended provider session makes the protected
    // page ask for a sign-in again.
    await page.goto(`${apache.url}/app/`);
    await expect(page).toHaveURL(new RegExp(`^${E2E_ORIGIN}/signin/[^/]+$`));
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  } catch (err) {
    // What mod_auth_openidc said, for whoever reads the failure.
    await test.info().attach('apache error.log', { body: apache.errorLog(), contentType: 'text/plain' });
    throw err;
  } finally {
    await context.close();
  }
});
