/**
 * RFC 7644's request examples, section by section, as the RFC writes them (only ids, names and
 * versions are ours). What Portiere serves answers as the RFC shows; what it does not keep
 * (nickName, title, userType, addresses, ims, x509Certificates) and what ServiceProviderConfig
 * says it does not support (Bulk, /Me) answer the SCIM error the RFC gives for it, and change
 * nothing. The Users and Groups suites test the same operations in depth.
 */
import { SCIM_CONTENT_TYPE, SCIM_SCHEMAS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import type { Harness } from '../test/harness.ts';
import { type ScimClient, startScim } from '../test/scim.ts';
import { changedTables, tableChecksums } from '../test/table-checksums.ts';

const USER = SCIM_SCHEMAS.user;
const GROUP = SCIM_SCHEMAS.group;
const PATCH = SCIM_SCHEMAS.patchOp;
const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())("RFC 7644's request examples on $name", (database) => {
  let h: Harness;
  let scim: ScimClient;

  beforeAll(async () => {
    ({ h, scim } = await startScim(database));
  });
  afterAll(() => h?.close());

  /** 3.3's request body. */
  const bjensen = (userName: string) => ({
    schemas: [USER],
    userName,
    externalId: userName,
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  });
  const createUser = async (userName = `bjensen.${unique()}`) => {
    const res = await scim('POST', '/Users', bjensen(userName));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const createGroup = async (members: { value: string; display?: string }[] = []) => {
    const res = await scim('POST', '/Groups', { schemas: [GROUP], displayName: `Tour Guides ${unique()}`, members });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const checksums = () => tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
  /** The request changes nothing and answers the SCIM error given. */
  const refusedUnchanged = async (send: () => ReturnType<ScimClient>, status: number, scimType?: string) => {
    const before = await checksums();
    const res = await send();
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      schemas: [SCIM_SCHEMAS.error],
      status: String(status),
      ...(scimType ? { scimType } : {}),
    });
    expect(changedTables(before, await checksums())).toEqual([]);
  };

  it('3.3 creates, 3.4.1 retrieves, 3.8 in application/scim+json', async () => {
    const userName = `bjensen.${unique()}`;
    const created = await scim('POST', '/Users', bjensen(userName), { accept: SCIM_CONTENT_TYPE });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName,
      externalId: userName,
      meta: { resourceType: 'User', created: expect.any(String), lastModified: expect.any(String) },
    });
    const read = await scim('GET', `/Users/${created.body.id}`);
    expect(read.body).toEqual(created.body);
  });

  it('3.4.2 queries: attributes=userName, and each filter of 3.4.2.2 that names attributes it keeps', async () => {
    const tag = unique();
    const made = (
      await scim('POST', '/Users', {
        ...bjensen(`bjensen.${tag}@example.com`),
        emails: [{ value: `bjensen.${tag}@example.com`, type: 'work' }],
      })
    ).body;
    const list = await scim('GET', `/Users?attributes=userName&filter=${encodeURIComponent(`userName co "${tag}"`)}`);
    expect(list.body).toMatchObject({ schemas: [SCIM_SCHEMAS.listResponse], totalResults: 1, startIndex: 1 });
    expect(list.body.Resources).toEqual([{ schemas: [USER], id: made.id, userName: made.userName }]);

    const found = async (filter: string) => {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(`(${filter}) and userName co "${tag}"`)}`);
      expect(res.status, `${filter}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.totalResults;
    };
    expect(await found(`userName eq "bjensen.${tag}@example.com"`)).toBe(1);
    expect(await found(`name.familyName co "O'Malley"`)).toBe(0);
    expect(await found('userName sw "J"')).toBe(0);
    expect(await found('userName sw "b"')).toBe(1);
    expect(await found('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"')).toBe(0);
    expect(await found('meta.lastModified gt "2011-05-13T04:42:34Z"')).toBe(1);
    expect(await found('meta.lastModified ge "2011-05-13T04:42:34Z"')).toBe(1);
    expect(await found('meta.lastModified lt "2011-05-13T04:42:34Z"')).toBe(0);
    expect(await found('meta.lastModified le "2011-05-13T04:42:34Z"')).toBe(0);
    expect(await found('schemas eq "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"')).toBe(0);
    expect(await found(`schemas eq "${USER}"`)).toBe(1);

    // Attributes Portiere does not keep: the filter is refused, as 3.4.2.2 and 3.12 allow.
    for (const filter of [
      'title pr',
      'title pr and userType eq "Employee"',
      'title pr or userType eq "Intern"',
      'userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")',
      'userType ne "Employee" and not (emails co "example.com" or emails.value co "example.org")',
      'userType eq "Employee" and (emails.type eq "work")',
      'userType eq "Employee" and emails[type eq "work" and value co "@example.com"]',
      'emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]',
    ]) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.body, filter).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    }
    // The parts of those it keeps.
    expect(await found('emails co "example.com" or emails.value co "example.org"')).toBe(1);
    expect(await found('emails.type eq "work"')).toBe(1);
    expect(await found('emails[type eq "work" and value co "@example.com"]')).toBe(1);
    expect(await found('emails[type eq "work" and value co "@example.org"]')).toBe(0);
  });

  it('3.4.2.3 sorts, 3.4.2.4 pages (startIndex=1&count=10, then the next page)', async () => {
    const tag = unique();
    for (let i = 0; i < 12; i++) await createUser(`page${String(i).padStart(2, '0')}.${tag}`);
    const filter = encodeURIComponent(`userName ew "${tag}"`);
    const first = await scim(
      'GET',
      `/Users?filter=${filter}&sortBy=userName&sortOrder=descending&startIndex=1&count=10`,
    );
    expect(first.body).toMatchObject({ totalResults: 12, itemsPerPage: 10, startIndex: 1 });
    expect(first.body.Resources[0].userName).toBe(`page11.${tag}`);
    const next = await scim(
      'GET',
      `/Users?filter=${filter}&sortBy=userName&sortOrder=descending&startIndex=11&count=10`,
    );
    expect(next.body).toMatchObject({ totalResults: 12, itemsPerPage: 2, startIndex: 11 });
    expect(next.body.Resources.map((r: { userName: string }) => r.userName)).toEqual([
      `page01.${tag}`,
      `page00.${tag}`,
    ]);
  });

  it('3.4.3 searches by POST at the root, across Users and Groups, and at a type', async () => {
    const tag = unique();
    const smith = await createUser(`smith.${tag}`);
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: `Smiths ${tag}` });
    const search = (path: string, filter: string) =>
      scim('POST', path, {
        schemas: [SCIM_SCHEMAS.searchRequest],
        attributes: ['displayName', 'userName'],
        filter,
        startIndex: 1,
        count: 10,
      });
    const root = await search('/.search', `displayName sw "smith" and displayName co "${tag}"`);
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    expect(root.body.totalResults).toBe(1);
    expect(root.body.Resources).toEqual([{ schemas: [GROUP], id: group.body.id, displayName: `Smiths ${tag}` }]);
    // A filter on userName reads Users only; a GET at the root is the same query.
    const users = await search('/.search', `userName eq "smith.${tag}"`);
    expect(users.body.Resources).toEqual([
      { schemas: [USER], id: smith.id, userName: smith.userName, displayName: 'Barbara Jensen' },
    ]);
    const byGet = await scim('GET', `/?filter=${encodeURIComponent(`userName eq "smith.${tag}"`)}`);
    expect(byGet.body.Resources.map((r: { id: string }) => r.id)).toEqual([smith.id]);
    expect((await scim('GET', '/')).body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const typed = await search('/Users/.search', `userName eq "smith.${tag}"`);
    expect(typed.body.totalResults).toBe(1);
  });

  it('3.5.1 replaces with PUT, under If-Match (3.14)', async () => {
    const user = await createUser();
    const put = await scim(
      'PUT',
      `/Users/${user.id}`,
      {
        schemas: [USER],
        id: user.id,
        userName: user.userName,
        externalId: user.userName,
        name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
        emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org' }],
      },
      { 'if-match': user.meta.version },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // One address is kept: the primary, else the first.
    expect(put.body.emails).toEqual([{ value: 'bjensen@example.com', type: 'work', primary: true }]);
    await refusedUnchanged(
      () => scim('PUT', `/Users/${user.id}`, bjensen(user.userName), { 'if-match': user.meta.version }),
      412,
    );
  });

  it('3.5.2.1 adds members to a group, 3.5.2.2 removes one, all, and some while adding, 3.5.2.3 replaces them', async () => {
    const [babs, mandy, ted] = [await createUser(), await createUser(), await createUser()];
    const group = await createGroup();
    const patch = (operations: object[], version?: string) =>
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        { schemas: [PATCH], Operations: operations },
        version ? { 'if-match': version } : {},
      );
    const ids = (res: { body: { members?: { value: string }[] } }) =>
      (res.body.members ?? []).map((m) => m.value).sort();

    const added = await patch(
      [
        {
          op: 'add',
          path: 'members',
          value: [{ display: 'Babs Jensen', $ref: `https://example.com/v2/Users/${babs.id}`, value: babs.id }],
        },
      ],
      group.meta.version,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(ids(added)).toEqual([babs.id]);
    await patch([{ op: 'add', path: 'members', value: [{ value: mandy.id }, { value: ted.id }] }]);

    const removedOne = await patch([{ op: 'remove', path: `members[value eq "${babs.id}"]` }]);
    expect(ids(removedOne)).toEqual([mandy.id, ted.id].sort());
    const removedAll = await patch([{ op: 'remove', path: 'members' }]);
    expect(ids(removedAll)).toEqual([]);
    await patch([{ op: 'add', path: 'members', value: [{ value: babs.id }, { value: mandy.id }] }]);
    const swapped = await patch([
      { op: 'remove', path: `members[value eq "${babs.id}"]` },
      { op: 'remove', path: `members[value eq "${mandy.id}"]` },
      { op: 'add', path: 'members', value: [{ display: 'James Smith', value: ted.id }] },
    ]);
    expect(ids(swapped)).toEqual([ted.id]);
    const replaced = await patch([
      { op: 'replace', path: 'members', value: [{ display: 'Babs Jensen', value: babs.id }, { value: mandy.id }] },
    ]);
    expect(ids(replaced)).toEqual([babs.id, mandy.id].sort());
  });

  it("3.5.2 patches a user's attributes: a replace and an add without a path; paths it does not keep are refused", async () => {
    const user = await createUser();
    const patch = (operations: object[]) =>
      scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: operations });
    const replaced = await patch([
      { op: 'replace', value: { emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }] } },
    ]);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.emails).toEqual([{ value: 'bjensen@example.com', type: 'work', primary: true }]);
    const removed = await patch([{ op: 'remove', path: 'emails[type eq "work" and value ew "example.com"]' }]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.emails).toBeUndefined();

    // 3.5.2.1's add without a path: nickname is not kept, and is passed over as on a create.
    const added = await patch([
      { op: 'add', value: { emails: [{ value: 'babs@jensen.org', type: 'home' }], nickname: 'Babs' } },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.emails).toEqual([{ value: 'babs@jensen.org', type: 'work', primary: true }]);
    expect(added.body.nickname).toBeUndefined();

    for (const operation of [
      { op: 'replace', path: 'addresses[type eq "work"]', value: { streetAddress: '911 Universal City Plaza' } },
      { op: 'replace', path: 'addresses[type eq "work"].streetAddress', value: '1010 Broadway Ave' },
      { op: 'remove', path: 'x509Certificates[value eq "MIIDQzCC"]' },
    ]) {
      await refusedUnchanged(() => patch([operation]), 400, 'invalidPath');
    }
  });

  it('3.6 deletes, and the resource is gone', async () => {
    const user = await createUser();
    expect((await scim('DELETE', `/Users/${user.id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${user.id}`)).body).toMatchObject({ status: '404' });
    expect((await scim('DELETE', `/Users/${user.id}`)).status).toBe(404);
  });

  it('3.7 Bulk and 3.11 /Me are not supported: 501, and nothing is done', async () => {
    await refusedUnchanged(
      () =>
        scim('POST', '/Bulk', {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
          failOnErrors: 1,
          Operations: [{ method: 'POST', path: '/Users', bulkId: 'qwerty', data: bjensen(`alice.${unique()}`) }],
        }),
      501,
    );
    await refusedUnchanged(() => scim('GET', '/Me'), 501);
    await refusedUnchanged(() => scim('POST', '/Me', bjensen(`me.${unique()}`)), 501);
  });

  it('3.9 returns only the attributes asked for, 3.14 answers 304 and 412 by version', async () => {
    const user = await createUser();
    const cut = await scim('GET', `/Users/${user.id}?attributes=userName`);
    expect(cut.body).toEqual({ schemas: [USER], id: user.id, userName: user.userName });
    const etag = cut.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await scim('GET', `/Users/${user.id}`, undefined, { 'if-none-match': etag })).status).toBe(304);
    await refusedUnchanged(
      () =>
        scim(
          'PATCH',
          `/Users/${user.id}`,
          { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] },
          { 'if-match': 'W/"e180ee84f0671b1"' },
        ),
      412,
    );
    await refusedUnchanged(
      () => scim('DELETE', `/Users/${user.id}`, undefined, { 'if-match': 'W/"e180ee84f0671b1"' }),
      412,
    );
  });
});
