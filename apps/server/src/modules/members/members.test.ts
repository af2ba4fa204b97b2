import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { createThirtyMembers } from '../../test/thirty-members.ts';

describe.each(testDatabases())('members on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let officeGroup: string;
  let globexGroup: string;
  let globexMember: string;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    const me = await call(h.app, 'GET', 'me/', acme);
    const other = await call(h.app, 'GET', 'me/', globex);
    const [office, gx] = await h.app.services.db
      .insert(configurations)
      .values([
        { customerId: me.body.customer.id, name: 'Office', allowed: ['password', 'mail', 'totp'] },
        { customerId: other.body.customer.id, name: 'Globex group', allowed: ['password'] },
      ])
      .returning();
    officeGroup = office?.id ?? '';
    globexGroup = gx?.id ?? '';
    globexMember = (await post(h.app, 'users/', { username: 'g.one', email: 'g.one@globex.example' }, globex)).body.id;
    // 30 Acme members for paging, search and filters.
    await createThirtyMembers(h, acme, officeGroup);
  });
  afterAll(() => h.close());

  it('creates a member with every field and answers it', async () => {
    const res = await post(
      h.app,
      'users/',
      {
        username: 'ada.lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@acme.example',
        phone_number: '+393331234567',
        group_id: officeGroup,
        extra_info: '{"department": "R&D", "floor": 3}',
        identities: [
          {
            subject: 'CN=Ada',
            issuer: 'CN=Acme CA',
            validTo: '2030-01-01',
            microsoft_identity: 'ada@acme.onmicrosoft.com',
          },
        ],
        identity_not_valid_after: '2031-06-30T00:00:00.000Z',
      },
      acme,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'ada.lovelace',
      full_name: 'Ada Lovelace',
      group: { id: officeGroup, name: 'Office' },
      blocked: false,
      enrolled: false,
      identity_not_valid_after: '2031-06-30T00:00:00.000Z',
      allowed_credential_types: ['mail', 'password', 'totp', 'keypair', 'smartcard'],
    });
    expect(res.body.identities[0].subject).toBe('CN=Ada');
  });

  it('refuses a username that exists, whatever its case', async () => {
    expect((await post(h.app, 'users/', { username: 'grace.hopper' }, acme)).status).toBe(201);
    const res = await post(h.app, 'users/', { username: 'GRACE.Hopper' }, acme);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('Username already exists.');
    // Another customer may use the same username.
    expect((await post(h.app, 'users/', { username: 'grace.hopper' }, globex)).status).toBe(201);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'This email address is not valid.'],
    [
      { phone_number: '3331234567' },
      'phone_number',
      'The phone number must start with + and a country code, followed by exactly 10 digits.',
    ],
    [
      { phone_number: '+39333123456' },
      'phone_number',
      'The phone number must start with + and a country code, followed by exactly 10 digits.',
    ],
    [
      { phone_number: '+9993331234567' },
      'phone_number',
      'The phone number must start with + and a country code, followed by exactly 10 digits.',
    ],
    [{ extra_info: '{"a": 1,' }, 'extra_info', 'This is not valid JSON.'],
    [{ extra_info: '[1, 2]' }, 'extra_info', 'This is not valid JSON.'],
    [{ extra_info: '{"a": 1, "b": {"c": 1}, "a": 2}' }, 'extra_info', 'Duplicate JSON key not allowed: a.'],
    [{ identities: [{ subject: ' ' }] }, 'identities.0.subject', 'This field is required.'],
  ])('rejects %j and saves nothing', async (fields, path, message) => {
    const before = (await call(h.app, 'GET', 'users/?page_size=1', acme)).body.count;
    const res = await post(h.app, 'users/', { username: `bad${Math.random()}`, ...fields }, acme);
    expect(res.status).toBe(400);
    expect(res.body.details[path].message).toBe(message);
    expect((await call(h.app, 'GET', 'users/?page_size=1', acme)).body.count).toBe(before);
  });

  it('accepts an empty extra_info, nested JSON and the same key in two objects', async () => {
    expect((await post(h.app, 'users/', { username: 'x1', extra_info: '' }, acme)).status).toBe(201);
    expect(
      (await post(h.app, 'users/', { username: 'x2', extra_info: '{"a":{"id":1},"b":{"id":2}}' }, acme)).status,
    ).toBe(201);
  });

  it("refuses another customer's configuration group", async () => {
    const res = await post(h.app, 'users/', { username: 'x3', group_id: globexGroup }, acme);
    expect(res.status).toBe(400);
    expect(res.body.details.group_id.message).toBe('The configuration group does not exist.');
  });

  it('pages on the server: 25 by default, next_page, page below 1 reset', async () => {
    const first = await call(h.app, 'GET', 'users/?ordering=username&search=member', acme);
    expect(first.body.count).toBe(30);
    expect(first.body.results).toHaveLength(25);
    expect(first.body.next_page).toBe(2);
    expect(first.body.results[0].username).toBe('member00');
    const second = await call(h.app, 'GET', 'users/?ordering=username&search=member&page=2', acme);
    expect(second.body.results.map((m: { username: string }) => m.username)).toEqual([
      'member25',
      'member26',
      'member27',
      'member28',
      'member29',
    ]);
    expect(second.body.next_page).toBeNull();
    const zero = await call(h.app, 'GET', 'users/?ordering=username&search=member&page=0&page_size=10', acme);
    expect(zero.body.results[0].username).toBe('member00');
    const desc = await call(h.app, 'GET', 'users/?ordering=-username&search=member&page_size=1', acme);
    expect(desc.body.results[0].username).toBe('member29');
  });

  it('searches username, names and email, case-insensitively', async () => {
    const byLast = await call(h.app, 'GET', 'users/?search=VERDI', acme);
    expect(byLast.body.count).toBe(3);
    const byMail = await call(h.app, 'GET', 'users/?search=member7@acme', acme);
    expect(byMail.body.results.map((m: { username: string }) => m.username)).toEqual(['member07']);
    const literal = await call(h.app, 'GET', `users/?search=${encodeURIComponent('%')}`, acme);
    expect(literal.body.count).toBe(0);
    // A username its e-mail holds (member12, member12@acme.example) and one it does not (member05,
    // member5@acme.example): each found by its username, and by a name and the e-mail together.
    const names = async (search: string) =>
      (await call(h.app, 'GET', `users/?search=${encodeURIComponent(search)}`, acme)).body.results.map(
        (m: { username: string }) => m.username,
      );
    expect(await names('MEMBER12')).toEqual(['member12']);
    expect(await names('rossi member12@')).toEqual(['member12']);
    expect(await names('member05')).toEqual(['member05']);
    expect(await names('member05 giulia rossi member5@')).toEqual(['member05']);
  });

  it('filters by group, blocked, enrolled, created dates and credential types', async () => {
    expect((await call(h.app, 'GET', `users/?group=${officeGroup}&search=member`, acme)).body.count).toBe(10);
    expect((await call(h.app, 'GET', 'users/?group=none&search=member', acme)).body.count).toBe(20);
    expect((await call(h.app, 'GET', `users/?group=none,${officeGroup}&search=member`, acme)).body.count).toBe(30);
    expect((await call(h.app, 'GET', 'users/?group=unknown&search=member', acme)).body.count).toBe(0);
    const target = (await call(h.app, 'GET', 'users/?search=member05', acme)).body.results[0];
    await post(h.app, `users/${target.id}/block/`, {}, acme);
    const blocked = await call(h.app, 'GET', 'users/?blocked=true&search=member', acme);
    expect(blocked.body.results.map((m: { username: string }) => m.username)).toEqual(['member05']);
    expect((await call(h.app, 'GET', 'users/?blocked=false&search=member', acme)).body.count).toBe(29);
    await post(h.app, `users/${target.id}/unblock/`, {}, acme);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await call(h.app, 'GET', `users/?created_after=${today}&created_before=${today}&search=member`, acme)).body
        .count,
    ).toBe(30);
    expect((await call(h.app, 'GET', 'users/?created_before=2000-01-01', acme)).body.count).toBe(0);
    const m = (await call(h.app, 'GET', 'users/?search=member03', acme)).body.results[0];
    const created = await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, acme);
    expect(created.status).toBe(201);
    const withMail = await call(h.app, 'GET', 'users/?credential_types=mail,sms', acme);
    expect(withMail.body.results.map((x: { username: string }) => x.username)).toEqual(['member03']);
    expect(withMail.body.results[0]).toMatchObject({ enrolled: true, credential_types: ['mail'] });
    expect((await call(h.app, 'GET', 'users/?enrolled=true&search=member', acme)).body.count).toBe(1);
    expect((await call(h.app, 'GET', 'users/?credential_types=totp', acme)).body.count).toBe(0);
    expect((await call(h.app, 'GET', 'users/?enrolled=maybe', acme)).status).toBe(400);
  });

  it('blocks and unblocks, recording who blocked', async () => {
    const m = (await call(h.app, 'GET', 'users/?search=member10', acme)).body.results[0];
    const blocked = await post(h.app, `users/${m.id}/block/`, {}, acme);
    expect(blocked.body).toMatchObject({ blocked: true, blocked_by: 'admin@acme.example' });
    const unblocked = await post(h.app, `users/${m.id}/unblock/`, {}, acme);
    expect(unblocked.body).toMatchObject({ blocked: false, blocked_by: null });
  });

  it('edits and deletes a member', async () => {
    const m = (await post(h.app, 'users/', { username: 'temp.person' }, acme)).body;
    const edited = await call(h.app, 'PATCH', `users/${m.id}/`, acme, {
      first_name: 'Temp',
      phone_number: '+14155550123',
    });
    expect(edited.body).toMatchObject({ first_name: 'Temp', phone_number: '+14155550123', username: 'temp.person' });
    expect((await call(h.app, 'PATCH', `users/${m.id}/`, acme, { username: 'member01' })).status).toBe(409);
    expect((await call(h.app, 'DELETE', `users/${m.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).status).toBe(404);
  });

  it("answers 404 for another customer's member on every call", async () => {
    const id = globexMember;
    expect((await call(h.app, 'GET', `users/${id}/`, acme)).status).toBe(404);
    expect((await call(h.app, 'PATCH', `users/${id}/`, acme, { first_name: 'x' })).status).toBe(404);
    expect((await call(h.app, 'DELETE', `users/${id}/`, acme)).status).toBe(404);
    expect((await post(h.app, `users/${id}/block/`, {}, acme)).status).toBe(404);
    expect((await post(h.app, `users/${id}/send-enrollment/`, {}, acme)).status).toBe(404);
    expect((await call(h.app, 'GET', `users/${id}/credentials/`, acme)).status).toBe(404);
    expect(
      (await post(h.app, `users/${id}/credentials/`, { type: 'password', value: 'Long-enough-1' }, acme)).status,
    ).toBe(404);
    expect((await call(h.app, 'GET', 'users/not-a-uuid/', acme)).status).toBe(404);
    expect((await call(h.app, 'GET', `users/${id}/`, globex)).body.blocked).toBe(false);
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'users/', reseller)).status).toBe(403);
    expect((await call(h.app, 'GET', 'users/')).status).toBe(401);
  });

  it('runs bulk actions on this customer only and mails enrolment links', async () => {
    // Its own members: the shared thirty stay as the other tests expect them.
    const list = [];
    for (const n of [1, 2, 3]) {
      list.push(
        (await post(h.app, 'users/', { username: `mass.target${n}`, email: `bt${n}@acme.example` }, acme)).body,
      );
    }
    const ids = list.map((m: { id: string }) => m.id);
    const blocked = await post(h.app, 'users/bulk/', { action: 'block', ids: [...ids, globexMember] }, acme);
    expect(blocked.body).toEqual({ done: 3, skipped: 1 });
    expect((await call(h.app, 'GET', `users/${globexMember}/`, globex)).body.blocked).toBe(false);
    expect((await post(h.app, 'users/bulk/', { action: 'unblock', ids }, acme)).body).toEqual({ done: 3, skipped: 0 });
    const since = h.sink.mails.length;
    const sent = await post(h.app, 'users/bulk/', { action: 'send_enrollment', ids: ids.slice(0, 1) }, acme);
    expect(sent.body.done).toBe(1);
    const mail = await h.sink.waitFor(list[0].email, since);
    expect(mail.subject).toBe('Set up your sign-in');
    expect(mail.text).toMatch(/\/enroll\/[\w-]+\.[\w-]+\.[\w-]+/);
    expect(mail.text).toContain('valid for 72 hours');
    const deleted = await post(h.app, 'users/bulk/', { action: 'delete', ids: [ids[2], globexMember] }, acme);
    expect(deleted.body).toEqual({ done: 1, skipped: 1 });
    expect((await call(h.app, 'GET', `users/${globexMember}/`, globex)).status).toBe(200);
  });
});
