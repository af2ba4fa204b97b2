/**
 * SCIM Groups (configuration groups) as directories use them: RFC 7644's group examples (create
 * with members, 3.5.2 add, remove by filter, remove all, replace), then Entra ID's and Okta's
 * group sequences; membership moves members between groups as the console does; another
 * customer's key sees nothing.
 */
import { SCIM_SCHEMAS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness } from '../test/harness.ts';
import { type ScimClient, startScim } from '../test/scim.ts';
import { changedTables, tableChecksums } from '../test/table-checksums.ts';

const GROUP = SCIM_SCHEMAS.group;
const PATCH = SCIM_SCHEMAS.patchOp;
const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('SCIM Groups on $name', (database) => {
  let h: Harness;
  let scim: ScimClient;
  let globex: ScimClient;
  let acmeAdmin: string;

  beforeAll(async () => {
    ({ h, scim, globex, acmeAdmin } = await startScim(database));
  });
  afterAll(() => h?.close());

  async function user(name = `babs.${unique()}`) {
    const res = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName: name,
      name: { givenName: 'Babs', familyName: 'Jensen' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; userName: string };
  }
  const memberIds = (g: { members?: { value: string }[] }) => (g.members ?? []).map((m) => m.value).sort();
  const groupOf = async (memberId: string) => (await call(h.app, 'GET', `users/${memberId}/`, acmeAdmin)).body.group;

  it('creates a group with members (RFC 7644 3.3), and patches its members (3.5.2)', async () => {
    const [babs, mandy, ted] = [await user(), await user(), await user()];
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: `Tour Guides ${unique()}`,
      members: [{ value: babs.id, $ref: `https://example.com/v2/Users/${babs.id}`, display: 'Babs Jensen' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.members).toEqual([
      expect.objectContaining({ value: babs.id, display: babs.userName, type: 'User' }),
    ]);
    expect(await groupOf(babs.id)).toEqual({ id: created.body.id, name: created.body.displayName });
    const id = created.body.id;

    const added = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ display: 'Mandy', value: mandy.id }, { value: ted.id }] }],
    });
    expect(memberIds(added.body)).toEqual([babs.id, mandy.id, ted.id].sort());
    expect(added.body.meta.version).not.toBe(created.body.meta.version);

    const removed = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${babs.id}"]` }],
    });
    expect(memberIds(removed.body)).toEqual([mandy.id, ted.id].sort());
    expect(await groupOf(babs.id)).toBeNull();

    const replaced = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'members', value: [{ value: babs.id }] }],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(memberIds(replaced.body)).toEqual([babs.id]);

    const emptied = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: 'members' }],
    });
    expect(emptied.body.members).toBeUndefined();
    expect((await call(h.app, 'GET', `groups/${id}/`, acmeAdmin)).body.members_count).toBe(0);

    // A member is in one group at most: joining another leaves this one.
    const other = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: `Other ${unique()}`,
      members: [{ value: ted.id }],
    });
    await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: ted.id }] }],
    });
    expect((await scim('GET', `/Groups/${other.body.id}`)).body.members).toBeUndefined();
    expect(await groupOf(ted.id)).toMatchObject({ id });
  });

  it("runs Entra ID's group sequence: look up without members, create, rename, add and remove, check membership, delete", async () => {
    const name = `Group_${unique()}`;
    const absent = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${name}"`)}`,
    );
    expect(absent.body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: name,
      meta: { resourceType: 'Group' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const byExternalId = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('externalId eq "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159"')}&excludedAttributes=members`,
    );
    expect(byExternalId.body.Resources.map((g: { id: string }) => g.id)).toEqual([id]);

    const member = await user(`Test_User_${unique()}@contoso.com`);
    const renamed = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'displayName', value: `${name}_renamed` }],
    });
    expect(renamed.body.displayName).toBe(`${name}_renamed`);
    await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: member.id }] }],
    });
    const isMember = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`id eq "${id}" and members[value eq "${member.id}"]`)}&excludedAttributes=members`,
    );
    expect(isMember.body.totalResults).toBe(1);
    expect(isMember.body.Resources[0].members).toBeUndefined();
    await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: member.id }] }],
    });
    const notMember = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`id eq "${id}" and members[value eq "${member.id}"]`)}`,
    );
    expect(notMember.body.totalResults).toBe(0);

    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${id}`)).status).toBe(404);
    expect((await call(h.app, 'GET', `groups/${id}/`, acmeAdmin)).status).toBe(404);
  });

  it("runs Okta's: path-less replace of the name, members by PATCH, and a PUT that keeps them", async () => {
    const member = await user();
    const created = await scim('POST', '/Groups', { schemas: [GROUP], displayName: `Okta ${unique()}`, members: [] });
    const id = created.body.id;
    const renamed = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id, displayName: 'Okta renamed' } }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.displayName).toBe('Okta renamed');
    await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: member.id, display: member.userName }] }],
    });
    const put = await scim('PUT', `/Groups/${id}`, { schemas: [GROUP], id, displayName: 'Okta final' });
    expect(put.body.displayName).toBe('Okta final');
    expect(memberIds(put.body)).toEqual([member.id]);
    // The version names what the directory read: a stale one changes nothing.
    const stale = await scim(
      'PUT',
      `/Groups/${id}`,
      { schemas: [GROUP], displayName: 'Too late' },
      { 'if-match': created.body.meta.version },
    );
    expect(stale.status).toBe(412);
  });

  it("refuses bad groups and keeps another customer's groups out of reach", async () => {
    const member = await user();
    const { body: group } = await scim('POST', '/Groups', { schemas: [GROUP], displayName: `Private ${unique()}` });
    const { body: theirs } = await globex('POST', '/Groups', { schemas: [GROUP], displayName: `Theirs ${unique()}` });
    const before = await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
    const addMember = { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: member.id }] }] };
    expect((await globex('GET', `/Groups/${group.id}`)).status).toBe(404);
    expect((await globex('PATCH', `/Groups/${group.id}`, addMember)).status).toBe(404);
    expect((await globex('DELETE', `/Groups/${group.id}`)).status).toBe(404);
    const search = await globex('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${group.displayName}"`)}`);
    expect(search.body.totalResults).toBe(0);
    // Globex's own group cannot take Acme's member.
    expect((await globex('PATCH', `/Groups/${theirs.id}`, addMember)).body.members).toBeUndefined();
    expect(await groupOf(member.id)).toBeNull();

    expect((await scim('POST', '/Groups', { schemas: [GROUP], displayName: group.displayName })).status).toBe(409);
    expect((await scim('POST', '/Groups', { schemas: [GROUP] })).body.scimType).toBe('invalidValue');
    const filter = encodeURIComponent('members.display eq "x"');
    expect((await scim('GET', `/Groups?filter=${filter}`)).body.scimType).toBe('invalidFilter');
    expect(changedTables(before, await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true }))).toEqual(
      [],
    );
  });
});
