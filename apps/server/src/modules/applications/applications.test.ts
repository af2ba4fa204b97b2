import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEvents } from '../../db/schema/index.ts';
import { selfSignedCertificate } from '../../test/certificates.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { effectiveApplication } from './effective.ts';
import { hashClientSecret } from './secret.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const web = (fields: Record<string, unknown> = {}) => ({
  name: `App_${unique()}`,
  type: 'web',
  redirectUri: 'https://intranet.acme.example/callback',
  ...fields,
});

describe('effectiveApplication', () => {
  const settings = {
    redirectUri: '',
    callbackUrlSuccessfulLoginFlow: 'https://own.example/cb',
    redirectUriSuccessLoginFlow: '',
    redirectUriAbortLoginFlow: '',
    defaultFlowId: null,
  };
  const base = {
    redirectUri: 'https://base.example/redirect',
    callbackUrlSuccessfulLoginFlow: 'https://base.example/cb',
    redirectUriSuccessLoginFlow: 'https://base.example/ok',
    redirectUriAbortLoginFlow: '',
    defaultFlowId: 'flow-1',
  };

  it('takes the base’s value only where the application leaves a setting empty', () => {
    expect(effectiveApplication({ ...settings, name: 'Child' }, base)).toEqual({
      name: 'Child',
      redirectUri: 'https://base.example/redirect',
      callbackUrlSuccessfulLoginFlow: 'https://own.example/cb',
      redirectUriSuccessLoginFlow: 'https://base.example/ok',
      redirectUriAbortLoginFlow: '',
      defaultFlowId: 'flow-1',
    });
  });

  it('answers the application as it is without a base', () => {
    expect(effectiveApplication(settings, null)).toEqual(settings);
  });
});

describe.each(testDatabases())('applications on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  const storedHash = async (id: string) =>
    (await h.app.services.db.select().from(applications).where(eq(applications.id, id)))[0]?.clientSecretHash;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('shows a confidential client’s secret once, keeps only its hash, and replaces it on regeneration', async () => {
    const created = await post(h.app, 'applications/', web({ name: 'Intranet_portal' }), acme);
    expect(created.status).toBe(201);
    const app = created.body;
    expect(app).toMatchObject({ name: 'Intranet_portal', type: 'web', hasClientSecret: true, app_roles_count: 0 });
    expect(app.clientId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(app.clientSecret).toEqual(expect.any(String));
    expect(await storedHash(app.id)).toBe(hashClientSecret(app.clientSecret));
    expect(await storedHash(app.id)).not.toContain(app.clientSecret);

    const read = await call(h.app, 'GET', `applications/${app.id}/`, acme);
    expect(read.body).not.toHaveProperty('clientSecret');
    expect(read.body.hasClientSecret).toBe(true);
    const listed = await call(h.app, 'GET', 'applications/?search=intranet_portal', acme);
    expect(listed.body.results).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(app.clientSecret);
    const patched = await call(h.app, 'PATCH', `applications/${app.id}/`, acme, { redirectUriAbortLoginFlow: '' });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty('clientSecret');

    const again = await post(h.app, `applications/${app.id}/secret/`, {}, acme);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).toEqual(expect.any(String));
    expect(again.body.clientSecret).not.toBe(app.clientSecret);
    expect(again.body.clientId).toBe(app.clientId);
    expect(await storedHash(app.id)).toBe(hashClientSecret(again.body.clientSecret));

    // The trail names the regeneration but holds neither the secret nor its hash.
    const events = await h.app.services.db.select().from(auditEvents).where(eq(auditEvents.targetId, app.id));
    const regen = events.find((e) => e.action === 'application.regenerate_secret');
    expect(regen).toMatchObject({ outcome: 'success', targetType: 'application', targetName: 'Intranet_portal' });
    const trail = JSON.stringify(events);
    for (const secret of [app.clientSecret, again.body.clientSecret]) {
      expect(trail).not.toContain(secret);
      expect(trail).not.toContain(hashClientSecret(secret));
    }
  });

  it('gives public clients no secret, and refuses to make one', async () => {
    for (const type of ['spa', 'native'] as const) {
      const created = await post(h.app, 'applications/', web({ type }), acme);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ clientSecret: null, hasClientSecret: false });
      expect(await storedHash(created.body.id)).toBeNull();
      const secret = await post(h.app, `applications/${created.body.id}/secret/`, {}, acme);
      expect(secret.status).toBe(409);
      expect(secret.body.code).toBe('publicClientNoSecret');
    }
    const machine = await post(h.app, 'applications/', { name: `M_${unique()}`, type: 'machine' }, acme);
    expect(machine.status).toBe(201);
    expect(machine.body.clientSecret).toEqual(expect.any(String));
  });

  it('drops the secret when the type becomes public, and makes one only on request when it becomes confidential', async () => {
    const app = (await post(h.app, 'applications/', web(), acme)).body;
    const spa = await call(h.app, 'PATCH', `applications/${app.id}/`, acme, { type: 'spa' });
    expect(spa.body).toMatchObject({ type: 'spa', hasClientSecret: false });
    expect(await storedHash(app.id)).toBeNull();
    const back = await call(h.app, 'PATCH', `applications/${app.id}/`, acme, { type: 'web' });
    expect(back.body).toMatchObject({ type: 'web', hasClientSecret: false });
    const secret = await post(h.app, `applications/${app.id}/secret/`, {}, acme);
    expect(secret.body.hasClientSecret).toBe(true);
  });

  it('refuses a creation that breaks the rules with applicationCreateFailed and the fields marked', async () => {
    const bad = await post(
      h.app,
      'applications/',
      {
        name: '1app',
        type: 'web',
        redirectUri: 'ftp://files.example/x',
        callbackUrlSuccessfulLoginFlow: 'not a url',
        redirectUriAbortLoginFlow: 'ftp://files.example/back',
      },
      acme,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('applicationCreateFailed');
    expect(bad.body.reason).toBe('The application could not be created: check the fields marked in the form.');
    expect(bad.body.details).toMatchObject({
      name: {
        key: 'applicationName',
        message: 'Must start with a letter and contain only letters, numbers or underscores (at least 2 characters).',
      },
      redirectUri: { key: 'httpUrl', message: 'The URL must start with http:// or https://.' },
      callbackUrlSuccessfulLoginFlow: { key: 'url', message: 'This URL is not valid.' },
      redirectUriAbortLoginFlow: { key: 'httpUrl' },
    });
    const missing = await post(h.app, 'applications/', { name: '', type: 'web' }, acme);
    expect(missing.body.details).toMatchObject({ name: { key: 'required' }, redirectUri: { key: 'required' } });
    expect((await post(h.app, 'applications/', { name: 'A', type: 'web' }, acme)).body.details.name.key).toBe(
      'applicationName',
    );
    // A native app may redirect to its own scheme; a machine needs no redirect at all.
    const native = await post(h.app, 'applications/', web({ type: 'native', redirectUri: 'com.acme.app:/cb' }), acme);
    expect(native.status).toBe(201);
    expect((await post(h.app, 'applications/', { name: `Svc_${unique()}`, type: 'machine' }, acme)).status).toBe(201);
    expect((await call(h.app, 'GET', 'applications/?search=1app', acme)).body.count).toBe(0);
  });

  it('refuses a name already used, ignoring case, within one customer only', async () => {
    await post(h.app, 'applications/', web({ name: 'Payroll' }), acme);
    const dup = await post(h.app, 'applications/', web({ name: 'PAYROLL' }), acme);
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('nameExists');
    expect(dup.body.details.name.message).toBe('This name is already used.');
    expect((await post(h.app, 'applications/', web({ name: 'Payroll' }), globex)).status).toBe(201);
    const other = (await post(h.app, 'applications/', web(), acme)).body;
    const rename = await call(h.app, 'PATCH', `applications/${other.id}/`, acme, { name: 'payroll' });
    expect(rename.status).toBe(409);
    expect(rename.body.details.name.key).toBe('nameExists');
  });

  it('checks PATCH with the validation code, re-checking the stored redirect URI when the type changes', async () => {
    const m = (await post(h.app, 'applications/', { name: `Batch_${unique()}`, type: 'machine' }, acme)).body;
    const toWeb = await call(h.app, 'PATCH', `applications/${m.id}/`, acme, { type: 'web' });
    expect(toWeb.status).toBe(400);
    expect(toWeb.body.code).toBe('validation');
    expect(toWeb.body.details.redirectUri.key).toBe('required');
    const ok = await call(h.app, 'PATCH', `applications/${m.id}/`, acme, {
      type: 'web',
      redirectUri: 'https://batch.example/cb',
    });
    expect(ok.status).toBe(200);
    const badUrl = await call(h.app, 'PATCH', `applications/${m.id}/`, acme, { redirectUriSuccessLoginFlow: 'nope' });
    expect(badUrl.body.details.redirectUriSuccessLoginFlow.key).toBe('url');
  });

  it('changes only the fields sent', async () => {
    const app = (
      await post(
        h.app,
        'applications/',
        web({
          callbackUrlSuccessfulLoginFlow: 'https://cb.example/x',
          redirectUriAbortLoginFlow: 'https://a.example/',
        }),
        acme,
      )
    ).body;
    const patched = await call(h.app, 'PATCH', `applications/${app.id}/`, acme, {
      redirectUriSuccessLoginFlow: 'https://ok.example/',
    });
    const { clientSecret: _, ...before } = app;
    expect(patched.body).toEqual({ ...before, redirectUriSuccessLoginFlow: 'https://ok.example/' });
    expect(await storedHash(app.id)).toBe(hashClientSecret(app.clientSecret));
    // The trail records the one field that changed, before and after.
    const events = await h.app.services.db.select().from(auditEvents).where(eq(auditEvents.targetId, app.id));
    expect(events.find((e) => e.action === 'application.update')?.details).toEqual({
      before: { redirectUriSuccessLoginFlow: '' },
      after: { redirectUriSuccessLoginFlow: 'https://ok.example/' },
    });
  });

  it('takes a base application of the same customer, never itself or one derived from it', async () => {
    const root = (await post(h.app, 'applications/', web(), acme)).body;
    // A derived application may leave its redirect URI to its base; one without a base may not.
    const child = await post(h.app, 'applications/', web({ baseApplicationId: root.id, redirectUri: '' }), acme);
    expect(child.status).toBe(201);
    expect(child.body.redirectUri).toBe('');
    const detached = await call(h.app, 'PATCH', `applications/${child.body.id}/`, acme, { baseApplicationId: null });
    expect(detached.status).toBe(400);
    expect(detached.body.details.redirectUri.key).toBe('required');
    expect((await call(h.app, 'DELETE', `applications/${child.body.id}/`, acme)).status).toBe(204);
    const derived = (await post(h.app, 'applications/', web({ baseApplicationId: root.id }), acme)).body;
    expect(derived.baseApplication).toEqual({ id: root.id, name: root.name });
    const grandchild = (await post(h.app, 'applications/', web({ baseApplicationId: derived.id }), acme)).body;

    const self = await call(h.app, 'PATCH', `applications/${root.id}/`, acme, { baseApplicationId: root.id });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('baseApplicationInvalid');
    expect(self.body.reason).toBe('The base application cannot be this application or one derived from it.');
    expect(self.body.details.baseApplicationId).toBeDefined();
    const cycle = await call(h.app, 'PATCH', `applications/${root.id}/`, acme, { baseApplicationId: grandchild.id });
    expect(cycle.body.code).toBe('baseApplicationInvalid');

    const foreign = (await post(h.app, 'applications/', web(), globex)).body;
    for (const baseApplicationId of [foreign.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await post(h.app, 'applications/', web({ baseApplicationId }), acme);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('applicationNotFound');
      expect(res.body.details.baseApplicationId).toBeDefined();
    }
    const patchForeign = await call(h.app, 'PATCH', `applications/${root.id}/`, acme, {
      baseApplicationId: foreign.id,
    });
    expect(patchForeign.body.code).toBe('applicationNotFound');

    // A base in use cannot be deleted; freed, it can.
    const inUse = await call(h.app, 'DELETE', `applications/${root.id}/`, acme);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'applicationInUse', params: { count: 1 } });
    expect(inUse.body.reason).toBe('Other applications derive from this one (1), so it cannot be deleted.');
    await call(h.app, 'PATCH', `applications/${derived.id}/`, acme, { baseApplicationId: null });
    expect((await call(h.app, 'GET', `applications/${derived.id}/`, acme)).body.baseApplication).toBeNull();
    expect((await call(h.app, 'DELETE', `applications/${root.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `applications/${root.id}/`, acme)).status).toBe(404);
  });

  it('takes a default flow of the same customer only', async () => {
    const flow = (await post(h.app, 'flows/', { name: `F_${unique()}`, stages: [['password']] }, acme)).body;
    const foreignFlow = (await post(h.app, 'flows/', { name: `F_${unique()}`, stages: [['password']] }, globex)).body;
    const app = await post(h.app, 'applications/', web({ defaultFlowId: flow.id }), acme);
    expect(app.body.defaultFlow).toEqual({ id: flow.id, name: flow.name });
    for (const defaultFlowId of [foreignFlow.id, 'nope']) {
      const res = await post(h.app, 'applications/', web({ defaultFlowId }), acme);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('flowNotFound');
      expect(res.body.details.defaultFlowId).toBeDefined();
      const patch = await call(h.app, 'PATCH', `applications/${app.body.id}/`, acme, { defaultFlowId });
      expect(patch.body.code).toBe('flowNotFound');
    }
  });

  it('answers 404 for another customer’s application and for ids that are not uuids, changing nothing', async () => {
    const theirs = (await post(h.app, 'applications/', web(), globex)).body;
    for (const id of [theirs.id, 'abc']) {
      expect((await call(h.app, 'GET', `applications/${id}/`, acme)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `applications/${id}/`, acme, { name: 'Stolen' })).status).toBe(404);
      expect((await post(h.app, `applications/${id}/secret/`, {}, acme)).status).toBe(404);
      expect((await call(h.app, 'DELETE', `applications/${id}/`, acme)).status).toBe(404);
    }
    expect(await storedHash(theirs.id)).toBe(hashClientSecret(theirs.clientSecret));
    expect((await call(h.app, 'GET', `applications/${theirs.id}/`, globex)).body.name).toBe(theirs.name);
  });

  it('lists with search on name and client id, a type filter and paging', async () => {
    const tag = unique();
    const made = [];
    for (const [i, type] of (['web', 'spa', 'native', 'web'] as const).entries()) {
      made.push((await post(h.app, 'applications/', web({ name: `List${tag}_${i}`, type }), acme)).body);
    }
    const all = await call(h.app, 'GET', `applications/?search=list${tag}`, acme);
    expect(all.body.count).toBe(4);
    expect(all.body.results.map((a: { name: string }) => a.name)).toEqual(made.map((a) => a.name));
    const byClient = await call(h.app, 'GET', `applications/?search=${made[2].clientId}`, acme);
    expect(byClient.body.results.map((a: { id: string }) => a.id)).toEqual([made[2].id]);
    const typed = await call(h.app, 'GET', `applications/?search=list${tag}&type=spa,native`, acme);
    expect(typed.body.results.map((a: { type: string }) => a.type)).toEqual(['spa', 'native']);
    const p1 = await call(h.app, 'GET', `applications/?search=list${tag}&page_size=3`, acme);
    expect(p1.body).toMatchObject({ count: 4, next_page: 2 });
    const p2 = await call(h.app, 'GET', `applications/?search=list${tag}&page_size=3&page=2`, acme);
    expect(p2.body.results.map((a: { name: string }) => a.name)).toEqual([made[3].name]);
    expect(p2.body.next_page).toBeNull();
    expect((await call(h.app, 'GET', `applications/?search=list${tag}`, globex)).body.count).toBe(0);
  });

  it('keeps a SAML service provider: checked, one per entity ID, merged by PATCH, with its identity provider', async () => {
    const certificate = selfSignedCertificate().pem;
    const entityId = `https://sp-${unique()}.example/saml`;
    const sp = { entityId, acsUrls: [`${entityId}/acs`], certificate, requireSignedRequests: true };
    const missing = await post(h.app, 'applications/', { name: `Sp_${unique()}`, type: 'saml' }, acme);
    expect(missing.status).toBe(400);
    expect(missing.body.details['saml.entityId'].key).toBe('required');
    const bad = await post(
      h.app,
      'applications/',
      {
        name: `Sp_${unique()}`,
        type: 'saml',
        saml: {
          ...sp,
          entityId: 'not a uri',
          acsUrls: ['ftp://x.example/acs'],
          certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
          signAssertions: false,
          signResponses: false,
        },
      },
      acme,
    );
    expect(bad.status).toBe(400);
    expect(
      Object.fromEntries(Object.entries(bad.body.details).map(([k, v]) => [k, (v as { key: string }).key])),
    ).toEqual({
      'saml.entityId': 'samlEntityId',
      'saml.acsUrls.0': 'httpUrl',
      'saml.certificate': 'certificate',
      'saml.signAssertions': 'samlSigned',
    });

    const created = await post(h.app, 'applications/', { name: `Sp_${unique()}`, type: 'saml', saml: sp }, acme);
    expect(created.status).toBe(201);
    expect(created.body.saml).toMatchObject({
      ...sp,
      nameIdFormat: 'persistent',
      signAssertions: true,
      signResponses: true,
    });
    expect(created.body.samlIdentityProvider.startUrl).toMatch(new RegExp(`/saml/[\\w-]+/start/${created.body.id}$`));
    expect(created.body.samlIdentityProvider.entityId).toBe(created.body.samlIdentityProvider.metadataUrl);

    // Another provider may not take the entity ID; another customer may.
    const again = await post(h.app, 'applications/', { name: `Sp_${unique()}`, type: 'saml', saml: sp }, acme);
    expect(again.status).toBe(409);
    expect(again.body.details['saml.entityId'].key).toBe('samlEntityIdExists');
    expect(
      (await post(h.app, 'applications/', { name: `Sp_${unique()}`, type: 'saml', saml: sp }, globex)).status,
    ).toBe(201);

    const patched = await call(h.app, 'PATCH', `applications/${created.body.id}/`, acme, {
      saml: { sloUrl: `${entityId}/slo` },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.saml).toEqual({ ...created.body.saml, sloUrl: `${entityId}/slo` });
    // A SAML provider on an OpenID client is refused; a type changed away from SAML drops it.
    expect((await post(h.app, 'applications/', web({ saml: sp }), acme)).status).toBe(400);
    const webApp = await call(h.app, 'PATCH', `applications/${created.body.id}/`, acme, {
      type: 'web',
      redirectUri: 'https://a.example/cb',
    });
    expect(webApp.body).toMatchObject({ type: 'web', saml: null, samlIdentityProvider: null });
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'applications/', reseller)).status).toBe(403);
    expect((await post(h.app, 'applications/', web(), reseller)).status).toBe(403);
  });
});
