import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('login-assistant apps on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;

  const desktop = (name = `App_${unique()}`) => ({ name, kind: 'desktop', target: 'saplogon.exe' });
  const web = (name = `Web_${unique()}`) => ({ name, kind: 'web', target: 'https://legacy.example/*' });
  const profileFor = async (appId: string, token = acme) => {
    const group = (await post(h.app, 'groups/', { name: `Group ${unique()}` }, token)).body;
    const steps = [{ action: 'fill', target: '#user', value: 'username' }];
    return (await post(h.app, 'profiles/', { displayName: `P ${unique()}`, appId, groupId: group.id, steps }, token))
      .body;
  };

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    // Globex has the login assistant too here, so that its objects exist for the isolation tests.
    const globexId = await customerIdByName(h, 'Globex');
    await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, globexId));
  });
  afterAll(() => h.close());

  it('creates, reads, changes and deletes an app', async () => {
    const created = await post(h.app, 'la-apps/', desktop('SAP_GUI_1'), acme);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'SAP_GUI_1',
      kind: 'desktop',
      target: 'saplogon.exe',
      profileId: null,
      profile: null,
      profiles_count: 0,
      login_groups_count: 0,
    });
    const id = created.body.id;
    expect((await call(h.app, 'GET', `la-apps/${id}/`, acme)).body).toEqual(created.body);
    const renamed = await call(h.app, 'PATCH', `la-apps/${id}/`, acme, { name: 'SAP_GUI_2' });
    expect(renamed.body).toEqual({ ...created.body, name: 'SAP_GUI_2' });
    expect((await call(h.app, 'DELETE', `la-apps/${id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `la-apps/${id}/`, acme)).status).toBe(404);
  });

  it('checks the target against the kind, also when only one of them changes', async () => {
    const badWeb = await post(h.app, 'la-apps/', { ...web(), target: 'legacy.example' }, acme);
    expect(badWeb.status).toBe(400);
    expect(badWeb.body.details.target).toMatchObject({
      key: 'httpUrl',
      message: 'The URL must start with http:// or https://.',
    });
    const badExe = await post(h.app, 'la-apps/', { ...desktop(), target: 'C:\\sap\\saplogon.exe' }, acme);
    expect(badExe.status).toBe(400);
    expect(badExe.body.details.target.key).toBe('executableName');
    const app = (await post(h.app, 'la-apps/', desktop(), acme)).body;
    // The stored target is an executable: switching to web alone does not fit it.
    const switched = await call(h.app, 'PATCH', `la-apps/${app.id}/`, acme, { kind: 'web' });
    expect(switched.status).toBe(400);
    expect(switched.body.details.target.key).toBe('httpUrl');
    expect((await call(h.app, 'GET', `la-apps/${app.id}/`, acme)).body).toEqual(app);
  });

  it('refuses a second app with the same name, ignoring case', async () => {
    const name = `Dup_${unique()}`;
    await post(h.app, 'la-apps/', desktop(name), acme);
    const dup = await post(h.app, 'la-apps/', web(name.toUpperCase()), acme);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'nameExists', details: { name: { key: 'nameExists' } } });
  });

  it("takes only one of the app's own profiles as its default, and forgets it when it is deleted", async () => {
    const app = (await post(h.app, 'la-apps/', desktop(), acme)).body;
    const other = (await post(h.app, 'la-apps/', desktop(), acme)).body;
    const mine = await profileFor(app.id);
    const theirs = await profileFor(other.id);
    const refused = await call(h.app, 'PATCH', `la-apps/${app.id}/`, acme, { profileId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'profileNotOfApp',
      reason: "The default profile must be one of this application's profiles.",
    });
    expect(refused.body.details.profileId).toBeDefined();
    const onCreate = await post(h.app, 'la-apps/', { ...desktop(), profileId: mine.id }, acme);
    expect(onCreate.body.code).toBe('profileNotOfApp');
    const set = await call(h.app, 'PATCH', `la-apps/${app.id}/`, acme, { profileId: mine.id });
    expect(set.body).toMatchObject({ profileId: mine.id, profile: { id: mine.id, name: mine.displayName } });
    expect(set.body.profiles_count).toBe(1);
    expect((await call(h.app, 'GET', `profiles/${mine.id}/`, acme)).body.is_default).toBe(true);
    expect((await call(h.app, 'DELETE', `profiles/${mine.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `la-apps/${app.id}/`, acme)).body).toMatchObject({
      profileId: null,
      profile: null,
      profiles_count: 0,
    });
  });

  it('cannot be deleted while in login groups, and can once removed from them', async () => {
    const app = (await post(h.app, 'la-apps/', desktop(), acme)).body;
    const groups = [];
    for (let i = 0; i < 2; i++) {
      const g = (await post(h.app, 'login-groups/', { name: `LG ${unique()}` }, acme)).body;
      await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [app.id] }, acme);
      groups.push(g);
    }
    expect((await call(h.app, 'GET', `la-apps/${app.id}/`, acme)).body.login_groups_count).toBe(2);
    const refused = await call(h.app, 'DELETE', `la-apps/${app.id}/`, acme);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'laAppInUse',
      params: { count: 2 },
      reason: 'This application is in 2 login groups: remove it from them before deleting it.',
    });
    for (const g of groups) {
      expect((await call(h.app, 'DELETE', `login-groups/${g.id}/applications/${app.id}/`, acme)).status).toBe(204);
    }
    expect((await call(h.app, 'GET', `la-apps/${app.id}/`, acme)).body.login_groups_count).toBe(0);
    expect((await call(h.app, 'DELETE', `la-apps/${app.id}/`, acme)).status).toBe(204);
  });

  it('lists by lower-cased name with search, kind and login-group filters, and pages', async () => {
    const tag = unique();
    const b = (await post(h.app, 'la-apps/', desktop(`b_${tag}`), acme)).body;
    const a = (await post(h.app, 'la-apps/', web(`A_${tag}`), acme)).body;
    const c = (await post(h.app, 'la-apps/', { ...desktop(`C_${tag}`), target: `${tag}.exe` }, acme)).body;
    const g = (await post(h.app, 'login-groups/', { name: `LG ${tag}` }, acme)).body;
    await post(h.app, `login-groups/${g.id}/applications/`, { appIds: [a.id, c.id] }, acme);
    const ids = async (query: string) => {
      const res = await call(h.app, 'GET', `la-apps/?${query}`, acme);
      return res.body.items.map((r: { id: string }) => r.id);
    };
    expect(await ids(`search=_${tag}`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`search=${tag}.EXE`)).toEqual([c.id]);
    expect(await ids(`search=_${tag}&kind=web`)).toEqual([a.id]);
    expect(await ids(`search=_${tag}&login_group_id=${g.id}`)).toEqual([a.id, c.id]);
    expect(await ids(`search=_${tag}&not_in_login_group_id=${g.id}`)).toEqual([b.id]);
    expect(await ids('login_group_id=nope')).toEqual([]);
    const second = await call(h.app, 'GET', `la-apps/?search=_${tag}&page_size=2&page=2`, acme);
    expect(second.body).toMatchObject({ count: 3 });
    expect(second.body.items.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });

  it('answers 404 for another customer’s app and keeps its list apart', async () => {
    const theirs = (await post(h.app, 'la-apps/', desktop(), globex)).body;
    for (const id of [theirs.id, 'x']) {
      expect((await call(h.app, 'GET', `la-apps/${id}/`, acme)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `la-apps/${id}/`, acme, { name: 'Mine' })).status).toBe(404);
      expect((await call(h.app, 'DELETE', `la-apps/${id}/`, acme)).status).toBe(404);
    }
    const listed = (await call(h.app, 'GET', 'la-apps/?page_size=100', acme)).body.items.map(
      (r: { id: string }) => r.id,
    );
    expect(listed).not.toContain(theirs.id);
    expect((await call(h.app, 'GET', `la-apps/${theirs.id}/`, globex)).body).toEqual(theirs);
  });
});
