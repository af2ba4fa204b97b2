import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

/** Workstation users and autologon. */
describe.each(testDatabases())('workstation users on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  const member = (fields: Record<string, unknown> = {}, token = acme) => createMember(h, token, fields);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('lists workstation users and refuses autologon without identities', async () => {
    const withId = await member({ identities: [{ subject: 'CN=Win User', issuer: 'CN=CA' }] });
    const without = await member();
    const web = await member();
    await post(
      h.app,
      `users/${withId.id}/credentials/`,
      { type: 'password', value: 'Windows-pass-1', windows_login: true },
      acme,
    );
    await post(h.app, `users/${without.id}/credentials/`, { type: 'pin', value: '1234', windows_login: true }, acme);
    await post(h.app, `users/${web.id}/credentials/`, { type: 'password', value: 'Web-only-pass-1' }, acme);
    const list = (await call(h.app, 'GET', 'workstation-users/?page_size=100', acme)).body;
    const ids = list.results.map((u: { id: string }) => u.id);
    expect(ids).toContain(withId.id);
    expect(ids).toContain(without.id);
    expect(ids).not.toContain(web.id);
    expect(list.results.find((u: { id: string }) => u.id === without.id)).toMatchObject({
      has_identities: false,
      windows_credentials: ['pin'],
      workstation_enabled: true,
      autologon: false,
    });
    const refused = await post(h.app, `users/${without.id}/autologon/`, { enabled: true }, acme);
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('A user with no identities cannot use autologon.');
    expect((await post(h.app, `users/${withId.id}/autologon/`, { enabled: true }, acme)).body).toEqual({
      autologon: true,
    });
  });

  it("answers 404 for another customer's members' autologon", async () => {
    const gm = await member({}, globex);
    expect((await post(h.app, `users/${gm.id}/autologon/`, { enabled: false }, acme)).status).toBe(404);
  });
});
