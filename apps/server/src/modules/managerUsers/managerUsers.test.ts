import { EMAIL_CHANGE_TTL_S } from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { confirmationToken, temporaryPassword } from '../../test/staff-mails.ts';
import { customerIdByName, type ExtraReseller, insertReseller } from '../../test/tenant-fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('manager users on $name', (database) => {
  let h: Harness;
  let northwind: string;
  let contoso: ExtraReseller;
  let contosoToken: string;
  let acmeId: string;
  let globexId: string;

  const base = (customerId = acmeId) => `customers/${customerId}/manager-users/`;
  /** A new manager user of Acme, signed in with its own password (the temporary one changed). */
  const newManager = async (fields: Record<string, unknown> = {}) => {
    const email = `manager-${unique()}@acme.example`;
    const since = h.sink.mails.length;
    const created = await post(h.app, base(), { email, ...fields }, northwind);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const temporary = await temporaryPassword(h, email, since);
    const { change } = (await post(h.app, 'login/', { username: email, password: temporary })).body;
    await post(h.app, 'login/change-password/', { change, new_password: DEMO_PASSWORD });
    return { user: created.body, email };
  };

  beforeAll(async () => {
    h = await startHarness(database);
    northwind = (await signIn(h, 'partner@northwind.example')).access;
    contoso = await insertReseller(h);
    contosoToken = (await signIn(h, contoso.user.username)).access;
    acmeId = await customerIdByName(h, 'Acme');
    globexId = await customerIdByName(h, 'Globex');
  });
  afterAll(() => h.close());

  it('creates a manager user that must change its mailed temporary password', async () => {
    const email = `new-${unique()}@acme.example`;
    const since = h.sink.mails.length;
    const created = await post(
      h.app,
      base(),
      { email: ` ${email.toUpperCase()} `, scopes: ['members:read', 'audit:read'] },
      northwind,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email,
      pending_email: null,
      scopes: ['members:read', 'audit:read'],
      expiration: null,
      has_api_key: false,
      blocked: false,
      must_change_password: true,
      license_expiration: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const password = await temporaryPassword(h, email, since);
    const login = await post(h.app, 'login/', { username: email, password });
    expect(login.body.change).toBeTruthy();
    const taken = await post(h.app, base(globexId), { email }, northwind);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('emailExists');
    const bad = await post(h.app, base(), { email: 'nobody' }, northwind);
    expect(bad.body.details.email.key).toBe('email');
    const past = await post(
      h.app,
      base(),
      { email: `p-${unique()}@acme.example`, expiration: '2001-01-01T00:00:00Z' },
      northwind,
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'expirationInPast', details: { expiration: { key: 'futureDate' } } });
  });

  it('lists by email with search and paging', async () => {
    const tag = unique();
    for (const name of ['c', 'a', 'b'])
      await post(h.app, base(globexId), { email: `${name}-${tag}@globex.example` }, northwind);
    const list = await call(h.app, 'GET', `${base(globexId)}?search=${tag}`, northwind);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((u: { email: string }) => u.email)).toEqual(
      ['a', 'b', 'c'].map((n) => `${n}-${tag}@globex.example`),
    );
    const second = await call(h.app, 'GET', `${base(globexId)}?search=${tag}&page=2&page_size=2`, northwind);
    expect(second.body).toMatchObject({ count: 3, next_page: null });
    expect(second.body.results.map((u: { email: string }) => u.email)).toEqual([`c-${tag}@globex.example`]);
    // Percent and underscore are searched as themselves.
    expect((await call(h.app, 'GET', `${base(globexId)}?search=%25`, northwind)).body.count).toBe(0);
    const all = await call(h.app, 'GET', `${base()}?page_size=100`, northwind);
    expect(all.body.results.map((u: { email: string }) => u.email)).toContain('admin@acme.example');
  });

  it('PATCH changes only scopes or expiration, whichever is sent', async () => {
    const { user } = await newManager({ scopes: ['members:read'] });
    const url = `${base()}${user.id}/`;
    const expiration = new Date(h.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const withExpiry = await call(h.app, 'PATCH', url, northwind, { expiration });
    expect(withExpiry.body).toEqual({ ...user, must_change_password: false, expiration });
    const withScopes = await call(h.app, 'PATCH', url, northwind, { scopes: ['settings:read', 'members:write'] });
    expect(withScopes.body).toEqual({ ...withExpiry.body, scopes: ['members:write', 'settings:read'] });
    expect((await call(h.app, 'PATCH', url, northwind, {})).body).toEqual(withScopes.body);
    const unknown = await call(h.app, 'PATCH', url, northwind, { scopes: ['admin'] });
    expect(unknown.status).toBe(400);
    const cleared = await call(h.app, 'PATCH', url, northwind, { expiration: null });
    expect(cleared.body).toEqual({ ...withScopes.body, expiration: null });
  });

  it('reset password: the old password fails, the mailed one must be changed, sessions end', async () => {
    const { user, email } = await newManager();
    const session = await signIn(h, email);
    const since = h.sink.mails.length;
    const reset = await post(h.app, `${base()}${user.id}/reset-password/`, {}, northwind);
    expect(reset.status).toBe(204);
    const temporary = await temporaryPassword(h, email, since);
    expect((await h.sink.waitFor(email, since)).subject).toBe('Your Portiere password was reset');
    expect((await post(h.app, 'login/', { username: email, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await post(h.app, 'login/', { username: email, password: temporary })).body.change).toBeTruthy();
    expect((await call(h.app, 'GET', 'me/', session.access)).status).toBe(401);
    expect((await post(h.app, 'login/refresh/', { refresh: session.refresh })).status).toBe(401);
    const listed = (await call(h.app, 'GET', `${base()}?search=${email}`, northwind)).body.results[0];
    expect(listed.must_change_password).toBe(true);
  });

  it('change email: nothing changes until the link is followed, once, before it expires', async () => {
    const { user, email } = await newManager();
    const next = `moved-${unique()}@acme.example`;
    let since = h.sink.mails.length;
    const asked = await post(h.app, `${base()}${user.id}/change-email/`, { email: next }, northwind);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ email, pending_email: next });
    const mail = await h.sink.waitFor(next, since);
    expect(mail.text).toContain(`http://localhost:8080/confirm-email/`);
    const token = await confirmationToken(h, next, since);
    // Until confirmed the old address signs in and the new one does not.
    expect((await post(h.app, 'login/', { username: next, password: DEMO_PASSWORD })).status).toBe(401);
    const old = await signIn(h, email);
    since = h.sink.mails.length;
    expect((await post(h.app, 'staff/confirm-email/', { token })).status).toBe(204);
    const notice = await h.sink.waitFor(email, since);
    expect(notice.subject).toBe('Your Portiere email address was changed');
    expect(notice.text).toContain(next);
    const again = await post(h.app, 'staff/confirm-email/', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'emailChangeInvalid',
      reason: 'This confirmation link is not valid or has expired.',
    });
    // Username and email changed together: the new address signs in, the old no longer.
    expect((await call(h.app, 'GET', 'me/', old.access)).status).toBe(401);
    const me = await call(h.app, 'GET', 'me/', (await signIn(h, next)).access);
    expect(me.body).toMatchObject({ username: next, email: next });
    expect((await post(h.app, 'login/', { username: email, password: DEMO_PASSWORD })).status).toBe(401);
    const listed = (await call(h.app, 'GET', `${base()}?search=${next}`, northwind)).body.results[0];
    expect(listed).toMatchObject({ id: user.id, email: next, pending_email: null });
    const [event] = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'manager_user.confirm_email'), eq(auditEvents.targetId, user.id)));
    expect(event).toMatchObject({ tenantId: acmeId, actorType: 'staff', actorId: user.id, outcome: 'success' });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('change email: an expired or unknown link answers 400, a taken address 409', async () => {
    const { user, email } = await newManager();
    const next = `late-${unique()}@acme.example`;
    const since = h.sink.mails.length;
    await post(h.app, `${base()}${user.id}/change-email/`, { email: next }, northwind);
    const token = await confirmationToken(h, next, since);
    h.clock.advance(EMAIL_CHANGE_TTL_S + 1);
    try {
      expect((await post(h.app, 'staff/confirm-email/', { token })).status).toBe(400);
      // Expired, the change is no longer pending (a day later, with a fresh sign-in).
      const later = (await signIn(h, 'partner@northwind.example')).access;
      const listed = (await call(h.app, 'GET', `${base()}?search=${email}`, later)).body.results[0];
      expect(listed).toMatchObject({ email, pending_email: null });
    } finally {
      h.clock.advance(-(EMAIL_CHANGE_TTL_S + 1));
    }
    expect((await post(h.app, 'staff/confirm-email/', { token: 'x'.repeat(43) })).status).toBe(400);
    const taken = await post(h.app, `${base()}${user.id}/change-email/`, { email: 'admin@globex.example' }, northwind);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('emailExists');
    // Taken between the request and the confirmation.
    const later = `race-${unique()}@acme.example`;
    const since2 = h.sink.mails.length;
    await post(h.app, `${base()}${user.id}/change-email/`, { email: later }, northwind);
    const raced = await confirmationToken(h, later, since2);
    expect((await post(h.app, base(), { email: later }, northwind)).status).toBe(201);
    expect((await post(h.app, 'staff/confirm-email/', { token: raced })).status).toBe(409);
  });

  it('block stops sign-in and live tokens at once; unblock lets the user sign in again', async () => {
    const { user, email } = await newManager();
    const session = await signIn(h, email);
    const blocked = await post(h.app, `${base()}${user.id}/block/`, {}, northwind);
    expect(blocked.body).toMatchObject({ id: user.id, blocked: true });
    expect((await call(h.app, 'GET', 'me/', session.access)).status).toBe(401);
    expect((await post(h.app, 'login/', { username: email, password: DEMO_PASSWORD })).status).toBe(401);
    const unblocked = await post(h.app, `${base()}${user.id}/unblock/`, {}, northwind);
    expect(unblocked.body.blocked).toBe(false);
    expect((await call(h.app, 'GET', 'me/', (await signIn(h, email)).access)).status).toBe(200);
  });

  it('records every action in the customer’s chain without passwords, keys or tokens', async () => {
    const { user } = await newManager();
    const url = `${base()}${user.id}/`;
    const key = (await post(h.app, `${url}reset-api-key/`, {}, northwind)).body.api_key;
    await post(h.app, `${url}reset-password/`, {}, northwind);
    await call(h.app, 'PATCH', url, northwind, { scopes: ['audit:read'] });
    const events = await h.app.services.db.select().from(auditEvents).where(eq(auditEvents.targetId, user.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'manager_user.create',
        'manager_user.reset_api_key',
        'manager_user.reset_password',
        'manager_user.update',
      ]),
    );
    for (const e of events) expect(e).toMatchObject({ tenantType: 'customer', tenantId: acmeId });
    const text = JSON.stringify(events);
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(27));
  });

  it('keeps resellers and customers apart: other ids answer 404 and change nothing', async () => {
    const { user } = await newManager();
    const globexUser = (await post(h.app, base(globexId), { email: `g-${unique()}@globex.example` }, northwind)).body;
    const actions: ['GET' | 'POST' | 'PATCH', string, unknown?][] = [
      ['PATCH', '', { scopes: ['audit:read'] }],
      ['POST', 'reset-api-key/', {}],
      ['POST', 'reset-password/', {}],
      ['POST', 'change-email/', { email: `x-${unique()}@acme.example` }],
      ['POST', 'block/', {}],
      ['POST', 'unblock/', {}],
    ];
    for (const [method, tail, body] of actions) {
      // Another reseller, with the right customer and user.
      expect((await call(h.app, method, `${base()}${user.id}/${tail}`, contosoToken, body)).status).toBe(404);
      // The right reseller, with a user of its other customer.
      expect((await call(h.app, method, `${base()}${globexUser.id}/${tail}`, northwind, body)).status).toBe(404);
      expect((await call(h.app, method, `${base()}not-a-uuid/${tail}`, northwind, body)).status).toBe(404);
    }
    expect((await call(h.app, 'GET', base(), contosoToken)).status).toBe(404);
    expect((await post(h.app, base(), { email: `c-${unique()}@acme.example` }, contosoToken)).status).toBe(404);
    const own = await call(h.app, 'GET', base(contoso.customerId), contosoToken);
    expect(own.status).toBe(200);
    expect(own.body.results.map((u: { id: string }) => u.id)).not.toContain(user.id);
    const listed = (await call(h.app, 'GET', `${base()}?search=${user.email}`, northwind)).body.results[0];
    expect(listed).toMatchObject({ blocked: false, has_api_key: false, scopes: [], pending_email: null });
    // Customer users manage no manager users, not even their own customer's.
    const acmeAdmin = (await signIn(h, 'admin@acme.example')).access;
    expect((await call(h.app, 'GET', base(), acmeAdmin)).status).toBe(403);
  });
});
