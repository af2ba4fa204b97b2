/**
 * The list filters the console's drawers send (issue 18): configurations, roles, workstation
 * users, recovery modes, a reseller's customers and a customer's scripts, through the real app.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laScripts } from './db/schema/index.ts';
import { testDatabases } from './test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from './test/harness.ts';
import { createTenantFixtures, customerIdByName, type TenantFixtures } from './test/tenant-fixtures.ts';

type Row = { id: string; name?: string; member?: { id: string } };

describe.each(testDatabases())('list filters on $name', (database) => {
  let h: Harness;
  let acme: string;
  let fx: TenantFixtures;

  /** The ids a list answers for a query string (workstation style or items style). */
  const ids = async (path: string, token = acme) => {
    const res = await call(h.app, 'GET', path, token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    const rows: Row[] = res.body.results ?? res.body.items;
    return rows.map((r) => r.member?.id ?? r.id);
  };

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    fx = await createTenantFixtures(h, acme);
  });
  afterAll(() => h.close());

  it('configurations: by name, each login yes or no, and the biometry level', async () => {
    // The fixture group: workstation login off, web login on, weak biometry.
    expect(await ids('groups/?search=fixture group')).toContain(fx.groupId);
    expect(await ids('groups/?search=no such group')).toEqual([]);
    expect(await ids('groups/?workstation_login=false')).toContain(fx.groupId);
    expect(await ids('groups/?workstation_login=true')).not.toContain(fx.groupId);
    expect(await ids('groups/?web_login=true&biometry=weak')).toContain(fx.groupId);
    expect(await ids('groups/?biometry=strong')).not.toContain(fx.groupId);
    expect((await call(h.app, 'GET', 'groups/?biometry=best', acme)).status).toBe(400);
    expect((await call(h.app, 'GET', 'groups/?web_login=maybe', acme)).status).toBe(400);
  });

  it('roles: by name, and only those nobody is authorised for yet', async () => {
    const empty = await post(h.app, 'roles/', { name: `Nobody yet ${Date.now()}` }, acme);
    expect(await ids('roles/?empty=true')).toContain(empty.body.id);
    expect(await ids('roles/?empty=true')).not.toContain(fx.roleId);
    expect(await ids('roles/?empty=false')).toContain(fx.roleId);
    expect(await ids('roles/?search=nobody yet')).toEqual([empty.body.id]);
  });

  it('workstation users: autologon, recovery mode, temporary card and configuration', async () => {
    // The fixture member: a Windows PIN, identities, a paired card and an active recovery mode.
    for (const q of ['recovery_mode=true', 'temporary_card=true', `group=${fx.groupId}`])
      expect(await ids(`workstation-users/?${q}`), q).toContain(fx.memberId);
    for (const q of ['recovery_mode=false', 'temporary_card=false', 'autologon=true', `group=${crypto.randomUUID()}`])
      expect(await ids(`workstation-users/?${q}`), q).not.toContain(fx.memberId);
    expect(await ids('workstation-users/?group=not-an-id')).toEqual([]);
    expect((await post(h.app, `users/${fx.memberId}/autologon/`, { enabled: true }, acme)).status).toBe(200);
    expect(await ids('workstation-users/?autologon=true')).toContain(fx.memberId);
    expect(await ids('workstation-users/?autologon=false')).not.toContain(fx.memberId);
  });

  it('recovery modes: the member search and the days of activation', async () => {
    const member = await call(h.app, 'GET', `users/${fx.memberId}/`, acme);
    expect(await ids(`recovery-mode/?search=${member.body.username}`)).toEqual([fx.memberId]);
    const list = await call(h.app, 'GET', `recovery-mode/?search=${member.body.username}`, acme);
    expect(list.body.count).toBe(1);
    const today = h.clock.now().toISOString().slice(0, 10);
    expect(await ids(`recovery-mode/?activated_after=${today}&activated_before=${today}`)).toContain(fx.memberId);
    expect(await ids('recovery-mode/?activated_before=2000-01-01')).toEqual([]);
    expect((await call(h.app, 'GET', 'recovery-mode/?activated_after=yesterday', acme)).status).toBe(400);
  });

  it("a reseller's customers: by name and by the login assistant", async () => {
    const northwind = (await signIn(h, 'partner@northwind.example')).access;
    const acmeId = await customerIdByName(h, 'Acme');
    const globexId = await customerIdByName(h, 'Globex');
    expect(await ids('customers/?search=glob', northwind)).toEqual([globexId]);
    expect(await ids('customers/?la_enabled=true', northwind)).toContain(acmeId);
    const without = await ids('customers/?la_enabled=false', northwind);
    expect(without).not.toContain(acmeId);
  });

  it("a customer's scripts: the days they were uploaded", async () => {
    const northwind = (await signIn(h, 'partner@northwind.example')).access;
    const acmeId = await customerIdByName(h, 'Acme');
    const content = Buffer.from('Write-Output "old"\n');
    const [old] = await h.app.services.db
      .insert(laScripts)
      .values({
        customerId: acmeId,
        name: 'old.ps1',
        version: '0.1',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedAt: new Date('2020-05-01T12:00:00Z'),
        uploadedBy: 'partner@northwind.example',
      })
      .returning({ id: laScripts.id });
    const base = `customers/${acmeId}/scripts/`;
    expect(await ids(`${base}?uploaded_after=2020-05-01&uploaded_before=2020-05-01`, northwind)).toEqual([old?.id]);
    expect(await ids(`${base}?uploaded_before=2020-04-30`, northwind)).toEqual([]);
    expect(await ids(`${base}?uploaded_after=2020-05-02`, northwind)).not.toContain(old?.id);
  });

  it('searches take `_` and `%` as written: only rows holding them match', async () => {
    const q = (text: string) => encodeURIComponent(text);
    // Temporary cards: codes are digits, so a search with a wildcard character finds none.
    const card = (await post(h.app, 'temporary-cards/', { cardCode: '55501234' }, acme)).body[0] ?? {};
    expect(await ids(`temporary-cards/?search=${q('5550')}`)).toEqual([card.id]);
    for (const text of ['_', '%', '5_50', '55%34'])
      expect(await ids(`temporary-cards/?search=${q(text)}&page_size=100`), text).toEqual([]);

    const flow = async (name: string) => (await post(h.app, 'flows/', { name, stages: [['password']] }, acme)).body.id;
    const under = await flow('Split_wild flow');
    const percent = await flow('Split%wild flow');
    await flow('SplitXwild flow');
    expect(await ids(`flows/?search=${q('t_w')}`)).toEqual([under]);
    expect(await ids(`flows/?search=${q('t%w')}`)).toEqual([percent]);

    const member = async (username: string) => (await post(h.app, 'users/', { username }, acme)).body.id;
    const m1 = await member('wild_card.one');
    const m2 = await member('wild%card.two');
    await member('wildXcard.three');
    expect(await ids(`users/?search=${q('d_c')}`)).toEqual([m1]);
    expect(await ids(`users/?search=${q('d%c')}`)).toEqual([m2]);
  });
});
