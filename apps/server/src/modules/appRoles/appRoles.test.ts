import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('app roles on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;

  /** An application, a configuration group and a flow of the caller's customer. */
  const parts = async (token = acme) => {
    const app = (
      await post(
        h.app,
        'applications/',
        { name: `App_${unique()}`, type: 'web', redirectUri: 'https://app.example/cb' },
        token,
      )
    ).body;
    const group = (await post(h.app, 'groups/', { name: `Group ${unique()}` }, token)).body;
    const flow = (await post(h.app, 'flows/', { name: `Flow ${unique()}`, stages: [['password']] }, token)).body;
    return { app, group, flow };
  };
  const body = (p: Awaited<ReturnType<typeof parts>>, displayName = 'Employee') => ({
    displayName,
    applicationId: p.app.id,
    groupId: p.group.id,
    flowId: p.flow.id,
  });

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('creates an app role answering its application, group and flow by id and name', async () => {
    const p = await parts();
    const created = await post(h.app, 'app-roles/', body(p), acme);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      displayName: 'Employee',
      application: { id: p.app.id, name: p.app.name },
      group: { id: p.group.id, name: p.group.name },
      flow: { id: p.flow.id, name: p.flow.name },
    });
    expect((await call(h.app, 'GET', `app-roles/${created.body.id}/`, acme)).body).toEqual(created.body);
    expect((await call(h.app, 'GET', `applications/${p.app.id}/`, acme)).body.app_roles_count).toBe(1);
  });

  it('allows one app role per application and group', async () => {
    const p = await parts();
    await post(h.app, 'app-roles/', body(p), acme);
    const dup = await post(h.app, 'app-roles/', body(p, 'Other name'), acme);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'appRoleExists',
      reason: 'An app role for this application and configuration group already exists.',
    });
    // Moving another role onto the same pair is refused the same way.
    const q = await parts();
    const second = (await post(h.app, 'app-roles/', { ...body(q), applicationId: p.app.id }, acme)).body;
    const clash = await call(h.app, 'PATCH', `app-roles/${second.id}/`, acme, { groupId: p.group.id });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('appRoleExists');
  });

  it('takes only the customer’s own application, group and flow', async () => {
    const mine = await parts();
    const theirs = await parts(globex);
    const cases = [
      ['applicationId', theirs.app.id, 'applicationNotFound'],
      ['groupId', theirs.group.id, 'groupNotFound'],
      ['flowId', theirs.flow.id, 'flowNotFound'],
      ['flowId', 'not-a-uuid', 'flowNotFound'],
    ] as const;
    for (const [field, id, code] of cases) {
      const res = await post(h.app, 'app-roles/', { ...body(mine), [field]: id }, acme);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.details[field]).toBeDefined();
    }
    const role = (await post(h.app, 'app-roles/', body(mine), acme)).body;
    for (const [field, id, code] of cases) {
      const res = await call(h.app, 'PATCH', `app-roles/${role.id}/`, acme, { [field]: id });
      expect(res.body.code).toBe(code);
    }
    expect((await call(h.app, 'GET', `app-roles/${role.id}/`, acme)).body).toEqual(role);
    expect(
      (await call(h.app, 'GET', 'app-roles/', globex)).body.results.map((r: { id: string }) => r.id),
    ).not.toContain(role.id);
  });

  it('changes only the fields sent', async () => {
    const p = await parts();
    const role = (await post(h.app, 'app-roles/', body(p), acme)).body;
    const renamed = await call(h.app, 'PATCH', `app-roles/${role.id}/`, acme, { displayName: 'Manager' });
    expect(renamed.body).toEqual({ ...role, displayName: 'Manager' });
    const otherFlow = (await post(h.app, 'flows/', { name: `Flow ${unique()}`, stages: [['sms']] }, acme)).body;
    const moved = await call(h.app, 'PATCH', `app-roles/${role.id}/`, acme, { flowId: otherFlow.id });
    expect(moved.body).toEqual({ ...role, displayName: 'Manager', flow: { id: otherFlow.id, name: otherFlow.name } });
    expect((await call(h.app, 'PATCH', `app-roles/${role.id}/`, acme, { displayName: '' })).status).toBe(400);
  });

  it('goes with its application or its group when either is deleted', async () => {
    const p = await parts();
    const role = (await post(h.app, 'app-roles/', body(p), acme)).body;
    expect((await call(h.app, 'DELETE', `applications/${p.app.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `app-roles/${role.id}/`, acme)).status).toBe(404);
    const q = await parts();
    const other = (await post(h.app, 'app-roles/', body(q), acme)).body;
    expect((await call(h.app, 'DELETE', `groups/${q.group.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `app-roles/${other.id}/`, acme)).status).toBe(404);
    const r = await parts();
    const third = (await post(h.app, 'app-roles/', body(r), acme)).body;
    expect((await call(h.app, 'DELETE', `app-roles/${third.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `app-roles/${third.id}/`, acme)).status).toBe(404);
    expect((await call(h.app, 'DELETE', `flows/${r.flow.id}/`, acme)).status).toBe(204);
  });

  it('answers 404 for another customer’s app role and for ids that are not uuids', async () => {
    const theirs = (await post(h.app, 'app-roles/', body(await parts(globex)), globex)).body;
    for (const id of [theirs.id, 'x']) {
      expect((await call(h.app, 'GET', `app-roles/${id}/`, acme)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `app-roles/${id}/`, acme, { displayName: 'Mine' })).status).toBe(404);
      expect((await call(h.app, 'DELETE', `app-roles/${id}/`, acme)).status).toBe(404);
    }
    expect((await call(h.app, 'GET', `app-roles/${theirs.id}/`, globex)).body).toEqual(theirs);
  });

  it('lists with search, filters by application, group and flow, and pages', async () => {
    const tag = unique();
    const p = await parts();
    const q = await parts();
    const a = (await post(h.app, 'app-roles/', body(p, `R${tag} a`), acme)).body;
    const b = (await post(h.app, 'app-roles/', { ...body(q, `R${tag} b`), applicationId: p.app.id }, acme)).body;
    const c = (await post(h.app, 'app-roles/', body(q, `R${tag} c`), acme)).body;
    const ids = async (query: string) =>
      (await call(h.app, 'GET', `app-roles/?search=r${tag}${query}`, acme)).body.results.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`&application_id=${p.app.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`&group_id=${q.group.id}`)).toEqual([b.id, c.id]);
    expect(await ids(`&flow_id=${p.flow.id}`)).toEqual([a.id]);
    expect(await ids('&flow_id=nope')).toEqual([]);
    const p2 = await call(h.app, 'GET', `app-roles/?search=r${tag}&page_size=2&page=2`, acme);
    expect(p2.body).toMatchObject({ count: 3, next_page: null });
    expect(p2.body.results.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'app-roles/', reseller)).status).toBe(403);
    expect((await post(h.app, 'app-roles/', body(await parts()), reseller)).status).toBe(403);
  });
});
