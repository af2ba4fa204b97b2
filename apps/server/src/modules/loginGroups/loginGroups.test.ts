import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import {
  createLaApp,
  createLaCredential,
  createLoginGroup,
  loginGroupCounts,
  unique,
} from '../../test/login-assistant.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

describe.each(testDatabases())('login groups on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;

  const group = (token = acme, name?: string) => createLoginGroup(h, token, name);
  const laApp = (token = acme) => createLaApp(h, token);
  const credential = (loginGroupId: string, token = acme) => createLaCredential(h, token, loginGroupId);
  const counts = (id: string) => loginGroupCounts(h, acme, id);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    const globexId = await customerIdByName(h, 'Globex');
    await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, globexId));
  });
  afterAll(() => h.close());

  it('creates, reads, changes only what is sent, and deletes an empty group', async () => {
    const created = await post(h.app, 'login-groups/', { name: 'Finance 1', description: 'Desks' }, acme);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Finance 1',
      description: 'Desks',
      credentials_count: 0,
      applications_count: 0,
    });
    const id = created.body.id;
    expect((await call(h.app, 'GET', `login-groups/${id}/`, acme)).body).toEqual(created.body);
    const patched = await call(h.app, 'PATCH', `login-groups/${id}/`, acme, { description: 'Back office' });
    expect(patched.body).toEqual({ ...created.body, description: 'Back office' });
    expect((await call(h.app, 'PATCH', `login-groups/${id}/`, acme, { name: ' ' })).status).toBe(400);
    const dup = await post(h.app, 'login-groups/', { name: 'FINANCE 1' }, acme);
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('nameExists');
    expect((await call(h.app, 'DELETE', `login-groups/${id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `login-groups/${id}/`, acme)).status).toBe(404);
  });

  it('refuses to delete a group with credentials or applications, naming how many, until they are removed', async () => {
    const g = await group();
    const app = await laApp();
    await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [app.id] }, acme);
    const cred = await credential(g.id);
    const refused = await call(h.app, 'DELETE', `login-groups/${g.id}/`, acme);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'loginGroupInUse',
      params: { credentials: 1, applications: 1 },
      reason: 'This login group still has 1 credentials and 1 applications: remove them before deleting it.',
    });
    expect((await call(h.app, 'DELETE', `la-users/${cred.id}/`, acme)).status).toBe(204);
    const stillApp = await call(h.app, 'DELETE', `login-groups/${g.id}/`, acme);
    expect(stillApp.body.params).toEqual({ credentials: 0, applications: 1 });
    expect((await call(h.app, 'DELETE', `login-groups/${g.id}/applications/${app.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'DELETE', `login-groups/${g.id}/`, acme)).status).toBe(204);
  });

  it('adds apps once, lists them, removes them, keeping both counters right', async () => {
    const g = await group();
    const [a, b] = [await laApp(), await laApp()];
    const added = await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [a.id, b.id, a.id] }, acme);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ added: 2 });
    const again = await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [a.id] }, acme);
    expect(again.body).toEqual({ added: 0 });
    expect(await counts(g.id)).toEqual({ credentials: 0, applications: 2 });
    const listed = (await call(h.app, 'GET', `login-groups/${g.id}/applications/`, acme)).body;
    expect(listed.count).toBe(2);
    expect(listed.items.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(listed.items[0].login_groups_count).toBe(1);
    expect((await call(h.app, 'DELETE', `login-groups/${g.id}/applications/${a.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'DELETE', `login-groups/${g.id}/applications/${a.id}/`, acme)).status).toBe(404);
    expect(await counts(g.id)).toEqual({ credentials: 0, applications: 1 });
    expect((await call(h.app, 'GET', `la-apps/${a.id}/`, acme)).body.login_groups_count).toBe(0);
    const [event] = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'login_group.remove_app'),
          eq(auditEvents.outcome, 'success'),
          eq(auditEvents.targetId, g.id),
        ),
      );
    expect(event).toMatchObject({
      details: { app_id: a.id },
      targetType: 'login_group',
      targetId: g.id,
      targetName: g.name,
    });
  });

  it('refuses unknown or other-tenant apps on appIds, adding none', async () => {
    const g = await group();
    const mine = await laApp();
    const theirs = await laApp(globex);
    for (const bad of [theirs.id, 'nope']) {
      const res = await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [mine.id, bad] }, acme);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('laAppNotFound');
      expect(res.body.details.appIds).toBeDefined();
    }
    expect(await counts(g.id)).toEqual({ credentials: 0, applications: 0 });
  });

  it('lists its credentials and counts them as they come and go', async () => {
    const g = await group();
    const a = await credential(g.id);
    const b = await credential(g.id);
    expect(await counts(g.id)).toEqual({ credentials: 2, applications: 0 });
    const listed = (await call(h.app, 'GET', `login-groups/${g.id}/credentials/`, acme)).body;
    expect(listed.count).toBe(2);
    expect(listed.items.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    // A deleted member takes its credential, and the count, with it.
    expect((await call(h.app, 'DELETE', `users/${a.member.id}/`, acme)).status).toBe(204);
    expect(await counts(g.id)).toEqual({ credentials: 1, applications: 0 });
  });

  it('lists with search, the empty filter and the app filter', async () => {
    const tag = unique();
    const empty = await group(acme, `b ${tag}`);
    const withApp = await group(acme, `A ${tag}`);
    const app = await laApp();
    await post(h.app, `login-groups/${withApp.id}/applications/`, { appIds: [app.id] }, acme);
    const ids = async (query: string) =>
      (await call(h.app, 'GET', `login-groups/?search=${tag}${query}`, acme)).body.items.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids('')).toEqual([withApp.id, empty.id]);
    expect(await ids('&empty=true')).toEqual([empty.id]);
    expect(await ids('&empty=false')).toEqual([withApp.id]);
    expect(await ids(`&app_id=${app.id}`)).toEqual([withApp.id]);
    expect(await ids('&app_id=nope')).toEqual([]);
  });

  it('answers 404 for another customer’s group on every route', async () => {
    const theirs = await group(globex);
    const theirApp = await laApp(globex);
    await post(h.app, `login-groups/${theirs.id}/applications/`, { appIds: [theirApp.id] }, globex);
    const mine = await laApp();
    const refusals = [
      call(h.app, 'GET', `login-groups/${theirs.id}/`, acme),
      call(h.app, 'PATCH', `login-groups/${theirs.id}/`, acme, { name: 'Mine' }),
      call(h.app, 'DELETE', `login-groups/${theirs.id}/`, acme),
      call(h.app, 'GET', `login-groups/${theirs.id}/applications/`, acme),
      post(h.app, `login-groups/${theirs.id}/applications/`, { appIds: [mine.id] }, acme),
      call(h.app, 'DELETE', `login-groups/${theirs.id}/applications/${theirApp.id}/`, acme),
      call(h.app, 'GET', `login-groups/${theirs.id}/credentials/`, acme),
    ];
    for (const res of await Promise.all(refusals)) expect(res.status).toBe(404);
    expect((await call(h.app, 'GET', `login-groups/${theirs.id}/`, globex)).body.applications_count).toBe(1);
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'login-groups/', reseller)).status).toBe(403);
  });
});
