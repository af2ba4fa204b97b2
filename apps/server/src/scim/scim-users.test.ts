/**
 * SCIM Users as directories use them: RFC 7644's own request examples (3.3 create, 3.4.1 read,
 * 3.4.2 filters, 3.4.3 .search, 3.5.1 replace, 3.5.2 patch, 3.6 delete, 3.14 versions), then the
 * sequences Entra ID's and Okta's provisioning documentation show, each through /scim/v2 with a
 * manager user's API key; refusals change nothing; another customer's key sees nothing.
 */
import { SCIM_CONTENT_TYPE, SCIM_SCHEMAS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness } from '../test/harness.ts';
import { type ScimClient, scimClient, scimKey, startScim } from '../test/scim.ts';
import { changedTables, tableChecksums } from '../test/table-checksums.ts';

const USER = SCIM_SCHEMAS.user;
const PATCH = SCIM_SCHEMAS.patchOp;
const ENTERPRISE = SCIM_SCHEMAS.enterpriseUser;
const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('SCIM Users on $name', (database) => {
  let h: Harness;
  let scim: ScimClient;
  let globex: ScimClient;
  let acmeAdmin: string;

  beforeAll(async () => {
    ({ h, scim, globex, acmeAdmin } = await startScim(database));
  });
  afterAll(() => h?.close());

  /** RFC 7644 3.3's user, with a name of its own per test. */
  const bjensen = (userName = `bjensen.${unique()}`) => ({
    schemas: [USER],
    userName,
    externalId: userName,
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  });

  it('creates a user (RFC 7644 3.3) and reads it back with its version (3.4.1, 3.14)', async () => {
    const created = await scim('POST', '/Users', bjensen());
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName: expect.stringMatching(/^bjensen\./),
      name: { familyName: 'Jensen', givenName: 'Barbara', formatted: 'Barbara Jensen' },
      active: true,
      meta: { resourceType: 'User', location: expect.stringMatching(/\/scim\/v2\/Users\/[\w-]+$/) },
    });
    expect(created.headers.location).toBe(created.body.meta.location);
    expect(created.headers.etag).toBe(created.body.meta.version);

    const read = await scim('GET', `/Users/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    // The same version again: nothing to send.
    expect(
      (await scim('GET', `/Users/${created.body.id}`, undefined, { 'if-none-match': read.headers.etag as string }))
        .status,
    ).toBe(304);

    // The member is the console's too, marked as provisioned.
    const member = await call(h.app, 'GET', `users/${created.body.id}/`, acmeAdmin);
    expect(member.body).toMatchObject({ first_name: 'Barbara', last_name: 'Jensen', blocked: false });
    expect(member.body.scim).toEqual({ managed_since: expect.any(String), external_id: created.body.userName });

    const again = await scim('POST', '/Users', bjensen(created.body.userName.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '409', scimType: 'uniqueness' });
  });

  it('filters, sorts and pages in the database (RFC 7644 3.4.2), and searches by POST (3.4.3)', async () => {
    const tag = unique();
    const made = [];
    for (const [given, family] of [
      ['Ada', "O'Malley"],
      ['Bob', 'Jensen'],
      ['Cy', 'Jensen'],
    ]) {
      const res = await scim('POST', '/Users', {
        schemas: [USER],
        userName: `${given.toLowerCase()}.${tag}@example.com`,
        name: { givenName: given, familyName: family },
        emails: [{ value: `${given.toLowerCase()}.${tag}@example.com`, type: 'work', primary: true }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body);
    }
    const names = async (filter: string, extra = '') => {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}${extra}`);
      expect(res.status, `${filter}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.schemas).toEqual([SCIM_SCHEMAS.listResponse]);
      return res.body.Resources.map((r: { name: { givenName: string } }) => r.name.givenName);
    };
    // userName is case-insensitive.
    expect(await names(`userName eq "ADA.${tag}@EXAMPLE.COM"`)).toEqual(['Ada']);
    expect(await names(`name.familyName co "O'Malley" and userName ew "${tag}@example.com"`)).toEqual(['Ada']);
    expect(await names(`userName sw "b" and userName co "${tag}"`)).toEqual(['Bob']);
    expect(await names(`emails[type eq "work" and value co "${tag}@example.com"]`, '&sortBy=userName')).toEqual([
      'Ada',
      'Bob',
      'Cy',
    ]);
    expect(await names(`userName co "${tag}" and not (name.familyName eq "Jensen")`)).toEqual(['Ada']);
    expect(
      await names(
        `userName co "${tag}" and (name.givenName eq "Cy" or name.givenName eq "Bob")`,
        '&sortBy=name.givenName&sortOrder=descending',
      ),
    ).toEqual(['Cy', 'Bob']);
    expect(await names(`userName co "${tag}" and meta.created gt "2000-01-01T00:00:00Z" and emails pr`)).toHaveLength(
      3,
    );

    const page = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName co "${tag}"`)}&sortBy=userName&startIndex=2&count=1`,
    );
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources[0].name.givenName).toBe('Bob');

    const cut = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName co "${tag}"`)}&attributes=userName,name.familyName`,
    );
    expect(Object.keys(cut.body.Resources[0]).sort()).toEqual(['id', 'name', 'schemas', 'userName']);
    expect(cut.body.Resources[0].name).toEqual({ familyName: expect.any(String) });
    const without = await scim('GET', `/Users/${made[0].id}?excludedAttributes=emails,meta`);
    expect(without.body.emails).toBeUndefined();
    expect(without.body.meta).toBeUndefined();
    expect(without.body.userName).toBe(made[0].userName);

    const searched = await scim('POST', '/Users/.search', {
      schemas: [SCIM_SCHEMAS.searchRequest],
      attributes: ['displayName', 'userName'],
      filter: `displayName sw "Ada" and userName co "${tag}"`,
      startIndex: 1,
      count: 10,
    });
    expect(searched.status).toBe(200);
    expect(searched.body.Resources).toEqual([
      { schemas: [USER], id: made[0].id, userName: made[0].userName, displayName: "Ada O'Malley" },
    ]);

    for (const [filter, type] of [
      ['title pr', 'invalidFilter'],
      ['userName eq', 'invalidFilter'],
      ['active eq "yes"', 'invalidFilter'],
    ] as const) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(400);
      expect(res.body.scimType, filter).toBe(type);
    }
  });

  it('replaces (RFC 7644 3.5.1) and patches (3.5.2) a user, only when the version still holds', async () => {
    const { body: user } = await scim('POST', '/Users', bjensen());
    const replacement = {
      schemas: [USER],
      id: user.id,
      userName: user.userName,
      externalId: user.externalId,
      name: { givenName: 'Barbara', familyName: 'Jensen-Smith' },
      emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
    };
    const put = await scim('PUT', `/Users/${user.id}`, replacement);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.name.familyName).toBe('Jensen-Smith');
    expect(put.body.emails).toEqual([{ value: 'bjensen@example.com', type: 'work', primary: true }]);
    expect(put.body.meta.version).not.toBe(user.meta.version);
    // The same again is no change: neither the version nor lastModified moves.
    expect((await scim('PUT', `/Users/${user.id}`, replacement)).body.meta).toEqual(put.body.meta);

    // The old version no longer holds: 412, and nothing changes.
    const before = await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
    const stale = await scim(
      'PATCH',
      `/Users/${user.id}`,
      { schemas: [PATCH], Operations: [{ op: 'replace', path: 'name.givenName', value: 'Babs' }] },
      { 'if-match': user.meta.version },
    );
    expect(stale.status).toBe(412);
    expect(changedTables(before, await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true }))).toEqual(
      [],
    );

    const patched = await scim(
      'PATCH',
      `/Users/${user.id}`,
      {
        schemas: [PATCH],
        Operations: [
          { op: 'replace', path: 'name.givenName', value: 'Babs' },
          { op: 'add', path: 'phoneNumbers', value: [{ value: '+39 (333) 123-4567', type: 'mobile' }] },
          { op: 'replace', path: 'emails[type eq "work"].value', value: 'babs@example.com' },
        ],
      },
      { 'if-match': put.body.meta.version },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: { givenName: 'Babs', familyName: 'Jensen-Smith' },
      emails: [{ value: 'babs@example.com' }],
      phoneNumbers: [{ value: '+393331234567' }],
    });

    const removed = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: 'phoneNumbers' }],
    });
    expect(removed.body.phoneNumbers).toBeUndefined();
    expect((await call(h.app, 'GET', `users/${user.id}/`, acmeAdmin)).body.phone_number).toBe('');

    for (const [ops, type] of [
      [[{ op: 'replace', path: 'nickName', value: 'B' }], 'invalidPath'],
      [[{ op: 'jump', path: 'userName', value: 'x' }], 'invalidSyntax'],
      [[{ op: 'replace', path: 'emails', value: [{ value: 'not an address' }] }], 'invalidValue'],
      [[{ op: 'replace', path: 'id', value: 'other' }], 'mutability'],
    ] as const) {
      const res = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: ops });
      expect(res.status, JSON.stringify(ops)).toBe(400);
      expect(res.body.scimType, JSON.stringify(ops)).toBe(type);
    }
  });

  it("runs Entra ID's provisioning sequence: look up, create, deactivate, change, delete", async () => {
    const userName = `Test_User_${unique()}@contoso.com`;
    const absent = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(absent.body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim('POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { department: 'Sales', employeeNumber: '701984', manager: { value: 'mgr-1' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body[ENTERPRISE]).toEqual({
      department: 'Sales',
      employeeNumber: '701984',
      manager: { value: 'mgr-1' },
    });
    const byExternalId = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
    );
    expect(byExternalId.body.Resources.map((r: { id: string }) => r.id)).toEqual([created.body.id]);

    const disabled = await scim('PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.active).toBe(false);
    const member = await call(h.app, 'GET', `users/${created.body.id}/`, acmeAdmin);
    expect(member.body).toMatchObject({ blocked: true, blocked_by: 'SCIM' });

    const changed = await scim('PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Marketing' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `new.${userName}` },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Replace', path: 'active', value: 'True' },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      active: true,
      emails: [{ value: `new.${userName}` }],
      name: { familyName: 'updatedFamilyName' },
      [ENTERPRISE]: { department: 'Marketing' },
    });

    expect((await scim('DELETE', `/Users/${created.body.id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${created.body.id}`)).status).toBe(404);
    expect((await call(h.app, 'GET', `users/${created.body.id}/`, acmeAdmin)).status).toBe(404);

    // Each change is in the customer's audit trail, the API key its actor.
    const trail = await call(h.app, 'GET', `audit/?target_id=${created.body.id}&page_size=50`, acmeAdmin);
    const events = trail.body.results as { action: string; actor_type: string; target_name: string }[];
    expect(events.map((e) => e.action).sort()).toEqual([
      'member.create',
      'member.delete',
      'member.update',
      'member.update',
    ]);
    expect(new Set(events.map((e) => e.actor_type))).toEqual(new Set(['api_key']));
    expect(events.every((e) => e.target_name === userName)).toBe(true);
  });

  it("runs Okta's: look up with paging, create, deactivate by a path-less replace, replace", async () => {
    const userName = `isaac.brock.${unique()}@example.com`;
    const lookup = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0 });
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName,
      name: { givenName: 'Isaac', familyName: 'Brock' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Isaac Brock',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const off = await scim('PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.body.active).toBe(false);
    const replaced = await scim('PUT', `/Users/${created.body.id}`, {
      schemas: [USER],
      id: created.body.id,
      userName,
      name: { givenName: 'Another', familyName: 'Brock' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      active: true,
    });
    expect(replaced.body).toMatchObject({ active: true, name: { givenName: 'Another' } });
    // PUT left externalId out: it is cleared.
    expect(replaced.body.externalId).toBeUndefined();
  });

  it("refuses without the scope, without a key, and keeps another customer's users out of reach", async () => {
    const { body: user } = await scim('POST', '/Users', bjensen());
    expect((await scimClient(h, null)('GET', '/Users')).status).toBe(401);
    const noScope = scimClient(h, await scimKey(h, 'admin@acme.example', ['members:read']));
    const refused = await noScope('GET', '/Users');
    expect(refused.status).toBe(403);
    expect(refused.body.schemas).toEqual([SCIM_SCHEMAS.error]);

    const before = await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
    expect((await globex('GET', `/Users/${user.id}`)).status).toBe(404);
    expect(
      (
        await globex('PATCH', `/Users/${user.id}`, {
          schemas: [PATCH],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect((await globex('PUT', `/Users/${user.id}`, bjensen(user.userName))).status).toBe(404);
    expect((await globex('DELETE', `/Users/${user.id}`)).status).toBe(404);
    const search = await globex('GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(search.body.totalResults).toBe(0);
    expect((await scim('POST', '/Users', '{"userName": ')).body).toMatchObject({
      status: '400',
      scimType: 'invalidSyntax',
    });
    expect((await scim('POST', '/Users', { schemas: [USER] })).body.scimType).toBe('invalidValue');
    // An add or replace needs a value; without a path, an object of attributes (found by fuzz-scim).
    for (const operation of [{ op: 'Replace' }, { op: 'add', path: 'displayName' }, { op: 'replace', value: 'x' }]) {
      const res = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [operation] });
      expect(res.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    }
    expect(changedTables(before, await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true }))).toEqual(
      [],
    );
  });

  it('describes itself (RFC 7644 4)', async () => {
    const open = scimClient(h, null);
    const config = await open('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
    });
    const types = await open('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await open('GET', '/Schemas');
    const user = schemas.body.Resources.find((s: { id: string }) => s.id === USER);
    expect(user.attributes.map((a: { name: string }) => a.name)).toContain('userName');
    expect((await open('GET', `/Schemas/${ENTERPRISE}`)).body.name).toBe('EnterpriseUser');
  });
});
