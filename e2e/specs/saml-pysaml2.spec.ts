/**
 * SAML sign-in proven with a second service provider nobody here wrote: a web site made with
 * pysaml2 (Debian's python3-pysaml2, signatures by xmlsec1; e2e/support/pysaml2_web_sp.py), which
 * knows Portiere only from the customer's IdP metadata. The operator, in the Italian console,
 * creates the SAML application by importing the site's metadata from its address. In Chromium
 * the member opens the site, is sent with a signed AuthnRequest to the branded sign-in pages (in
 * English, then in Italian), passes password and TOTP, and the site shows the NameID, the
 * attributes and REFEDS MFA as the AuthnContext; the site's signed single logout goes through
 * Portiere, and the next visit asks for a sign-in again.
 */

import { type Browser, expect, test } from '@playwright/test';
import { SAML_AUTHN_CONTEXT } from '@portiere/contracts';
import { type Api, apiOf, customerIdOf, ok } from '../support/api.ts';
import { IT, signIn } from '../support/auth.ts';
import { E2E_ORIGIN } from '../support/ports.ts';
import { type PysamlSite, startPysamlSite } from '../support/pysaml2.ts';
import { newSamlMember, passSignInPages, SIGN_IN_LANGUAGES } from '../support/saml-member.ts';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

let site: PysamlSite;
let api: Api;
let groupId = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  // The operator works in Italian.
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, locale: 'it-IT' });
  const admin = await context.newPage();
  await signIn(admin, 'admin@acme.example', undefined, IT);
  api = await apiOf(admin);
  const customerId = await customerIdOf(api);
  groupId = (
    await ok(
      api.POST('/api/v1/groups/', {
        body: { name: unique('Library'), web_login_enabled: true, allowed: ['password', 'totp'] },
      }),
    )
  ).id;
  site = await startPysamlSite(await (await fetch(`${E2E_ORIGIN}/saml/${customerId}/metadata`)).text());

  await admin.goto('/applications');
  await admin.getByRole('button', { name: 'Nuova applicazione' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nuova applicazione' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(unique('Library'));
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await admin.getByRole('option', { name: /^SAML 2\.0/ }).click();
  // Portiere fetches the metadata from where the site publishes it.
  await dialog.getByRole('textbox', { name: 'Indirizzo dei metadati' }).fill(`${site.url}/saml/nowhere`);
  await dialog.getByRole('button', { name: "Importa dall'indirizzo" }).click();
  await expect(
    dialog.getByText('Questo indirizzo ha risposto con lo stato HTTP 404 invece che con i metadati.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Indirizzo dei metadati' }).fill(site.metadataUrl);
  await dialog.getByRole('textbox', { name: 'Indirizzo dei metadati' }).press('Enter');
  await expect(dialog.getByText('Compilato dai metadati. Controlla i campi, poi salva.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Entity ID' })).toHaveValue(site.metadataUrl);
  await expect(dialog.getByLabel('Richiedi richieste firmate')).toBeChecked();
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByRole('region', { name: 'Identity provider SAML' })).toBeVisible();
  const applicationId = new URL(admin.url()).pathname.split('/').pop() ?? '';
  const flow = await ok(
    api.POST('/api/v1/flows/', { body: { name: unique('Library_password_TOTP'), stages: [['password'], ['totp']] } }),
  );
  await ok(
    api.POST('/api/v1/app-roles/', { body: { displayName: 'Reader', applicationId, groupId, flowId: flow.id } }),
  );
  const saved = await ok(api.GET('/api/v1/applications/{id}/', { params: { path: { id: applicationId } } }));
  expect(saved.saml).toMatchObject({
    entityId: site.metadataUrl,
    acsUrls: [`${site.url}/saml/acs`],
    sloUrl: `${site.url}/saml/slo`,
    requireSignedRequests: true,
  });
  await context.close();
});

test.afterAll(async () => {
  await site?.stop();
});

for (const [lang, L] of Object.entries(SIGN_IN_LANGUAGES)) {
  test(`a pysaml2 site signs the member in through the ${lang === 'en' ? 'English' : 'Italian'} pages and out again`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const member = await newSamlMember(api, groupId, `library.${lang}`, { first_name: 'Grace', last_name: 'Pysaml' });
    const page = await (await browser.newContext({ locale: L.locale })).newPage();
    try {
      await page.goto(`${site.url}/`);
      await passSignInPages(page, member, L);

      // pysaml2 checked the signed response and assertion: the site shows what it read.
      await expect(page.getByRole('heading', { name: 'Library account' })).toBeVisible();
      expect(page.url()).toBe(`${site.url}/`);
      await expect(page.locator('#name-id')).toHaveText(member.id);
      await expect(page.locator('#authn-context')).toHaveText(SAML_AUTHN_CONTEXT.multiFactor);
      await expect(page.locator('#attr-email')).toHaveText(member.username);
      await expect(page.locator('#attr-givenName')).toHaveText('Grace');
      await expect(page.locator('#attr-sn')).toHaveText('Pysaml');
      await expect(page.locator('#attr-roles')).toHaveText('Reader');

      // The site's signed LogoutRequest to Portiere, Portiere's LogoutResponse back to the site.
      const response = page.waitForRequest((r) => r.url().startsWith(`${site.url}/saml/slo?SAMLResponse=`));
      await page.getByRole('link', { name: 'Sign out of the library' }).click();
      await response;
      await expect(page.getByRole('heading', { name: 'Signed out of the library' })).toBeVisible();
      await page.goto(`${site.url}/`);
      await expect(page).toHaveURL(new RegExp(`^${E2E_ORIGIN}/signin/saml_[^/]+$`));
      await expect(page.getByLabel(L.username, { exact: true })).toBeVisible();
    } finally {
      await page.context().close();
    }
  });
}
