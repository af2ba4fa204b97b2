import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('flows on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  const flow = async (fields: Record<string, unknown> = {}, token = acme) =>
    (
      await post(
        h.app,
        'flows/',
        { name: `Flow ${unique()}`, stages: [['password'], ['totp', 'app']], ...fields },
        token,
      )
    ).body;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('creates a flow keeping stage order and dropping repeated kinds within a stage', async () => {
    const created = await post(
      h.app,
      'flows/',
      {
        name: 'Password then TOTP',
        stages: [
          ['password', 'password'],
          ['totp', 'app', 'totp'],
        ],
        terminatingCredentials: ['app', 'app'],
      },
      acme,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Password then TOTP',
      stages: [['password'], ['totp', 'app']],
      terminatingCredentials: ['app'],
      applications_count: 0,
      app_roles_count: 0,
    });
    const [row] = await h.app.services.db.select().from(flows).where(eq(flows.id, created.body.id));
    expect(row?.kinds).toEqual(['password', 'totp', 'app']);
    expect((await call(h.app, 'GET', `flows/${created.body.id}/`, acme)).body).toEqual(created.body);
  });

  it('refuses no stage, an empty stage, and terminating credentials outside the flow', async () => {
    const none = await post(h.app, 'flows/', { name: 'Empty', stages: [] }, acme);
    expect(none.status).toBe(400);
    expect(none.body.details.stages).toMatchObject({ key: 'required', message: 'This field is required.' });
    const empty = await post(h.app, 'flows/', { name: 'Hole', stages: [['password'], []] }, acme);
    expect(empty.body.details['stages.1'].key).toBe('required');
    const outside = await post(
      h.app,
      'flows/',
      { name: 'Outside', stages: [['password']], terminatingCredentials: ['sms', 'password', 'totp'] },
      acme,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.details.terminatingCredentials).toEqual({
      key: 'terminatingNotInFlow',
      message: 'A terminating credential must be part of the flow: sms, totp.',
      params: { types: 'sms, totp' },
    });
    expect((await post(h.app, 'flows/', { name: 'Telepathy', stages: [['telepathy']] }, acme)).status).toBe(400);
    expect((await call(h.app, 'GET', 'flows/?search=outside', acme)).body.count).toBe(0);
  });

  it('re-checks the stored half when a PATCH sends only stages or only terminating credentials', async () => {
    const f = await flow({ terminatingCredentials: ['app'] });
    const dropApp = await call(h.app, 'PATCH', `flows/${f.id}/`, acme, { stages: [['password'], ['totp']] });
    expect(dropApp.status).toBe(400);
    expect(dropApp.body.details.terminatingCredentials.params).toEqual({ types: 'app' });
    const badTerm = await call(h.app, 'PATCH', `flows/${f.id}/`, acme, { terminatingCredentials: ['sms'] });
    expect(badTerm.body.details.terminatingCredentials.key).toBe('terminatingNotInFlow');
    expect((await call(h.app, 'GET', `flows/${f.id}/`, acme)).body).toEqual(f);
    const both = await call(h.app, 'PATCH', `flows/${f.id}/`, acme, {
      stages: [['password'], ['totp']],
      terminatingCredentials: ['totp'],
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ stages: [['password'], ['totp']], terminatingCredentials: ['totp'] });
  });

  it('changes only the fields sent', async () => {
    const f = await flow({ terminatingCredentials: ['app'] });
    const renamed = await call(h.app, 'PATCH', `flows/${f.id}/`, acme, { name: 'Renamed flow' });
    expect(renamed.body).toEqual({ ...f, name: 'Renamed flow' });
    const [row] = await h.app.services.db.select().from(flows).where(eq(flows.id, f.id));
    expect(row?.kinds).toEqual(['password', 'totp', 'app']);
  });

  it('refuses a name already used, ignoring case, within one customer', async () => {
    await flow({ name: 'Strong login' });
    const dup = await post(h.app, 'flows/', { name: 'STRONG LOGIN', stages: [['password']] }, acme);
    expect(dup.status).toBe(409);
    expect(dup.body.details.name.key).toBe('nameExists');
    expect((await post(h.app, 'flows/', { name: 'Strong login', stages: [['password']] }, globex)).status).toBe(201);
  });

  it('cannot delete a flow an application or an app role uses, and can once unused', async () => {
    const f = await flow();
    const other = await flow();
    const app = (
      await post(
        h.app,
        'applications/',
        { name: `App_${unique()}`, type: 'spa', redirectUri: 'https://spa.example/', defaultFlowId: f.id },
        acme,
      )
    ).body;
    const group = (await post(h.app, 'groups/', { name: `G ${unique()}` }, acme)).body;
    const role = (
      await post(
        h.app,
        'app-roles/',
        { displayName: 'Staff', applicationId: app.id, groupId: group.id, flowId: f.id },
        acme,
      )
    ).body;
    expect((await call(h.app, 'GET', `flows/${f.id}/`, acme)).body).toMatchObject({
      applications_count: 1,
      app_roles_count: 1,
    });
    const refused = await call(h.app, 'DELETE', `flows/${f.id}/`, acme);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'flowInUse', params: { applications: 1, roles: 1, profiles: 0 } });
    expect(refused.body.reason).toBe(
      'This flow is used by 1 applications, 1 app roles and 0 profiles, so it cannot be deleted.',
    );
    await call(h.app, 'PATCH', `applications/${app.id}/`, acme, { defaultFlowId: null });
    expect((await call(h.app, 'DELETE', `flows/${f.id}/`, acme)).body.params).toEqual({
      applications: 0,
      roles: 1,
      profiles: 0,
    });
    await call(h.app, 'PATCH', `app-roles/${role.id}/`, acme, { flowId: other.id });
    expect((await call(h.app, 'DELETE', `flows/${f.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `flows/${f.id}/`, acme)).status).toBe(404);
  });

  it('answers 404 for another customer’s flow and for ids that are not uuids', async () => {
    const theirs = await flow({}, globex);
    for (const id of [theirs.id, '12']) {
      expect((await call(h.app, 'GET', `flows/${id}/`, acme)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `flows/${id}/`, acme, { name: 'Mine' })).status).toBe(404);
      expect((await call(h.app, 'DELETE', `flows/${id}/`, acme)).status).toBe(404);
    }
    expect((await call(h.app, 'GET', `flows/${theirs.id}/`, globex)).body).toEqual(theirs);
  });

  it('lists with search, the credential filter and paging', async () => {
    const tag = unique();
    const a = await flow({ name: `L${tag} a`, stages: [['password']] });
    const b = await flow({ name: `L${tag} b`, stages: [['password'], ['sms']] });
    const c = await flow({ name: `L${tag} c`, stages: [['mail', 'sms']] });
    const all = await call(h.app, 'GET', `flows/?search=l${tag}`, acme);
    expect(all.body.results.map((f: { id: string }) => f.id)).toEqual([a.id, b.id, c.id]);
    const sms = await call(h.app, 'GET', `flows/?search=l${tag}&credential=sms`, acme);
    expect(sms.body.results.map((f: { id: string }) => f.id)).toEqual([b.id, c.id]);
    expect((await call(h.app, 'GET', 'flows/?credential=telepathy', acme)).status).toBe(400);
    const p2 = await call(h.app, 'GET', `flows/?search=l${tag}&page_size=2&page=2`, acme);
    expect(p2.body).toMatchObject({ count: 3, next_page: null });
    expect(p2.body.results.map((f: { id: string }) => f.id)).toEqual([c.id]);
    expect((await call(h.app, 'GET', `flows/?search=l${tag}`, globex)).body.count).toBe(0);
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'flows/', reseller)).status).toBe(403);
    expect((await post(h.app, 'flows/', { name: 'X', stages: [['password']] }, reseller)).status).toBe(403);
  });
});
