import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const steps = [
  { action: 'fill', target: '#user', value: 'username' },
  { action: 'fill', target: '#pass', value: 'password' },
  { action: 'press', key: 'Enter' },
];

describe.each(testDatabases())('profiles on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;

  /** A login-assistant app, a configuration group and a flow of the caller's customer. */
  const parts = async (token = acme) => {
    const app = (await post(h.app, 'la-apps/', { name: `App_${unique()}`, kind: 'desktop', target: 'a.exe' }, token))
      .body;
    const group = (await post(h.app, 'groups/', { name: `Group ${unique()}` }, token)).body;
    const flow = (await post(h.app, 'flows/', { name: `Flow ${unique()}`, stages: [['password']] }, token)).body;
    return { app, group, flow };
  };
  const body = (p: Awaited<ReturnType<typeof parts>>, displayName = 'Employee') => ({
    displayName,
    appId: p.app.id,
    groupId: p.group.id,
    flowId: p.flow.id,
    steps,
  });
  const appOf = async (id: string) => (await call(h.app, 'GET', `la-apps/${id}/`, acme)).body;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    const globexId = await customerIdByName(h, 'Globex');
    await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, globexId));
  });
  afterAll(() => h.close());

  it('creates a profile naming its app, group and flow, and counts it on the app', async () => {
    const p = await parts();
    const created = await post(h.app, 'profiles/', body(p), acme);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      displayName: 'Employee',
      app: { id: p.app.id, name: p.app.name },
      group: { id: p.group.id, name: p.group.name },
      flow: { id: p.flow.id, name: p.flow.name },
      steps: [{ ...steps[0], text: '' }, { ...steps[1], text: '' }, steps[2]],
      is_default: false,
    });
    expect((await call(h.app, 'GET', `profiles/${created.body.id}/`, acme)).body).toEqual(created.body);
    expect((await appOf(p.app.id)).profiles_count).toBe(1);
    const noFlow = await post(h.app, 'profiles/', { ...body(await parts()), flowId: null }, acme);
    expect(noFlow.body.flow).toBeNull();
  });

  it('checks its steps with the catalogue wordings', async () => {
    const p = await parts();
    const none = await post(h.app, 'profiles/', { ...body(p), steps: [] }, acme);
    expect(none.status).toBe(400);
    expect(none.body.details.steps).toMatchObject({ key: 'required', message: 'This field is required.' });
    const emptyText = await post(
      h.app,
      'profiles/',
      { ...body(p), steps: [{ action: 'fill', target: '#x', value: 'text', text: ' ' }] },
      acme,
    );
    expect(emptyText.status).toBe(400);
    expect(emptyText.body.details['steps.0.text'].key).toBe('required');
    expect((await appOf(p.app.id)).profiles_count).toBe(0);
  });

  it('allows one profile per app and configuration group', async () => {
    const p = await parts();
    await post(h.app, 'profiles/', body(p), acme);
    const dup = await post(h.app, 'profiles/', body(p, 'Other'), acme);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'profileExists',
      reason: 'A profile for this application and configuration group already exists.',
    });
    expect((await appOf(p.app.id)).profiles_count).toBe(1);
  });

  it('takes only the customer’s own app, group and flow', async () => {
    const mine = await parts();
    const theirs = await parts(globex);
    const cases = [
      ['appId', theirs.app.id, 'laAppNotFound'],
      ['groupId', theirs.group.id, 'groupNotFound'],
      ['flowId', theirs.flow.id, 'flowNotFound'],
      ['appId', 'not-a-uuid', 'laAppNotFound'],
    ] as const;
    for (const [field, id, code] of cases) {
      const res = await post(h.app, 'profiles/', { ...body(mine), [field]: id }, acme);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.details[field]).toBeDefined();
    }
    const profile = (await post(h.app, 'profiles/', body(mine), acme)).body;
    for (const [field, id, code] of cases) {
      expect((await call(h.app, 'PATCH', `profiles/${profile.id}/`, acme, { [field]: id })).body.code).toBe(code);
    }
    expect((await call(h.app, 'GET', `profiles/${profile.id}/`, acme)).body).toEqual(profile);
  });

  it('changes only the fields sent and moves the count when it moves to another app', async () => {
    const p = await parts();
    const q = await parts();
    const profile = (await post(h.app, 'profiles/', body(p), acme)).body;
    await call(h.app, 'PATCH', `la-apps/${p.app.id}/`, acme, { profileId: profile.id });
    const renamed = await call(h.app, 'PATCH', `profiles/${profile.id}/`, acme, { displayName: 'Manager' });
    expect(renamed.body).toEqual({ ...profile, displayName: 'Manager', is_default: true });
    const moved = await call(h.app, 'PATCH', `profiles/${profile.id}/`, acme, { appId: q.app.id });
    expect(moved.body).toMatchObject({ app: { id: q.app.id }, is_default: false, displayName: 'Manager' });
    expect(await appOf(p.app.id)).toMatchObject({ profiles_count: 0, profileId: null });
    expect((await appOf(q.app.id)).profiles_count).toBe(1);
  });

  it('goes with its configuration group, the app’s count and default following', async () => {
    const p = await parts();
    const profile = (await post(h.app, 'profiles/', body(p), acme)).body;
    await call(h.app, 'PATCH', `la-apps/${p.app.id}/`, acme, { profileId: profile.id });
    expect((await call(h.app, 'DELETE', `groups/${p.group.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `profiles/${profile.id}/`, acme)).status).toBe(404);
    expect(await appOf(p.app.id)).toMatchObject({ profiles_count: 0, profileId: null, profile: null });
  });

  it('keeps its flow from being deleted, naming the profiles', async () => {
    const p = await parts();
    const profile = (await post(h.app, 'profiles/', body(p), acme)).body;
    const refused = await call(h.app, 'DELETE', `flows/${p.flow.id}/`, acme);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'flowInUse',
      params: { applications: 0, roles: 0, profiles: 1 },
      reason: 'This flow is used by 0 applications, 0 app roles and 1 profiles, so it cannot be deleted.',
    });
    expect((await call(h.app, 'DELETE', `profiles/${profile.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'DELETE', `flows/${p.flow.id}/`, acme)).status).toBe(204);
  });

  it('answers 404 for another customer’s profile', async () => {
    const theirs = (await post(h.app, 'profiles/', body(await parts(globex)), globex)).body;
    for (const id of [theirs.id, 'x']) {
      expect((await call(h.app, 'GET', `profiles/${id}/`, acme)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `profiles/${id}/`, acme, { displayName: 'Mine' })).status).toBe(404);
      expect((await call(h.app, 'DELETE', `profiles/${id}/`, acme)).status).toBe(404);
    }
    expect((await call(h.app, 'GET', `profiles/${theirs.id}/`, globex)).body).toEqual(theirs);
  });

  it('lists with search and filters by app, group and flow', async () => {
    const tag = unique();
    const p = await parts();
    const q = await parts();
    const a = (await post(h.app, 'profiles/', body(p, `R${tag} a`), acme)).body;
    const b = (await post(h.app, 'profiles/', { ...body(q, `R${tag} b`), appId: p.app.id }, acme)).body;
    const c = (await post(h.app, 'profiles/', body(q, `R${tag} c`), acme)).body;
    const ids = async (query: string) =>
      (await call(h.app, 'GET', `profiles/?search=r${tag}${query}`, acme)).body.items.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`&app_id=${p.app.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`&group_id=${q.group.id}`)).toEqual([b.id, c.id]);
    expect(await ids(`&flow_id=${p.flow.id}`)).toEqual([a.id]);
    expect(await ids('&flow_id=nope')).toEqual([]);
    const second = await call(h.app, 'GET', `profiles/?search=r${tag}&page_size=2&page=2`, acme);
    expect(second.body.count).toBe(3);
    expect(second.body.items.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });
});
