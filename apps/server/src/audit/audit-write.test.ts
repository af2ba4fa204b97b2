/**
 * The write side of the audit trail through the real app: what a member's create, update,
 * delete and bulk actions record, that secrets never reach the trail, that a change and its
 * record commit together or not at all, and what a refusal records where.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, credentials, members } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';

const AGENT = 'audit-test-agent/1.0';

describe.each(testDatabases())('audit trail writes on $name', (database) => {
  let h: Harness;
  let acme: string;
  let acmeId: string;
  let globex: string;
  let globexId: string;

  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await h.app.inject({
      method,
      url: `/api/v1/${url}`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'user-agent': AGENT },
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, requestId: res.headers['x-request-id'] };
  };
  const eventsOf = (tenantId: string) =>
    h.app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.tenantId, tenantId))
      .orderBy(asc(auditEvents.pos));
  const eventsFor = async (tenantId: string, targetId: string) =>
    (await eventsOf(tenantId)).filter((e) => e.targetId === targetId);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    globexId = (await call(h.app, 'GET', 'me/', globex)).body.customer.id;
  });
  afterAll(() => h.close());

  it('records a member create, update and delete with who, where, from what and which request', async () => {
    const created = await send('POST', 'users/', acme, {
      username: 'audit.one',
      first_name: 'Ada',
      email: 'a@x.example',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const updated = await send('PATCH', `users/${id}/`, acme, { first_name: 'Adele', email: 'a@x.example' });
    expect(updated.status).toBe(200);
    expect((await send('DELETE', `users/${id}/`, acme)).status).toBe(204);

    const events = await eventsFor(acmeId, id);
    expect(events.map((e) => e.action)).toEqual(['member.create', 'member.update', 'member.delete']);
    for (const e of events) {
      expect(e).toMatchObject({
        tenantType: 'customer',
        actorType: 'staff',
        actorName: 'admin@acme.example',
        sourceIp: '127.0.0.1',
        userAgent: AGENT,
        targetType: 'member',
        targetName: 'audit.one',
        outcome: 'success',
      });
      expect(e.actorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.requestId).toBeTruthy();
    }
    // The update holds only what changed (and the full name it derives): not the email sent again.
    expect(events[1]?.details).toEqual({
      before: { first_name: 'Ada', full_name: 'Ada' },
      after: { first_name: 'Adele', full_name: 'Adele' },
    });
  });

  it("records group and role membership on each member, so the member's Activity shows it", async () => {
    const member = (await send('POST', 'users/', acme, { username: 'joins.groups' })).body.id as string;
    const group = (await send('POST', 'groups/', acme, { name: 'Audited group' })).body;
    const role = (await send('POST', 'roles/', acme, { name: 'Audited role' })).body;
    expect((await send('POST', `groups/${group.id}/users/`, acme, { ids: [member] })).status).toBe(200);
    expect((await send('POST', `roles/${role.id}/users/`, acme, { ids: [member] })).status).toBe(200);
    expect((await send('DELETE', `groups/${group.id}/users/${member}/`, acme)).status).toBe(204);
    expect((await send('DELETE', `roles/${role.id}/users/${member}/`, acme)).status).toBe(204);
    const events = await eventsFor(acmeId, member);
    expect(events.map((e) => [e.action, e.targetType, e.targetName, e.details])).toEqual([
      ['member.create', 'member', 'joins.groups', {}],
      [
        'configuration.add_member',
        'member',
        'joins.groups',
        { configuration: { id: group.id, name: 'Audited group' } },
      ],
      ['role.add_user', 'member', 'joins.groups', { role: { id: role.id, name: 'Audited role' } }],
      [
        'configuration.remove_member',
        'member',
        'joins.groups',
        { configuration: { id: group.id, name: 'Audited group' } },
      ],
      ['role.remove_user', 'member', 'joins.groups', { role: { id: role.id, name: 'Audited role' } }],
    ]);
  });

  it('records one event per member a bulk action acted on, none for the ids it skipped', async () => {
    const ids: string[] = [];
    for (const username of ['bulk.a', 'bulk.b']) ids.push((await send('POST', 'users/', acme, { username })).body.id);
    const other = (await send('POST', 'users/', globex, { username: 'bulk.g' })).body.id as string;
    const res = await send('POST', 'users/bulk/', acme, { action: 'block', ids: [...ids, other] });
    expect(res.body).toEqual({ done: 2, skipped: 1 });
    const blocked = (await eventsOf(acmeId)).filter((e) => e.action === 'member.block');
    expect(blocked.map((e) => e.targetName).sort()).toEqual(['bulk.a', 'bulk.b']);
    expect(
      blocked.every((e) => e.requestId === blocked[0]?.requestId && (e.details as { bulk?: string }).bulk === 'block'),
    ).toBe(true);
    expect(await eventsFor(globexId, other)).toHaveLength(1); // its create only
  });

  it('never writes a secret: a password credential leaves no value or hash in the trail', async () => {
    const member = (await send('POST', 'users/', acme, { username: 'secret.keeper' })).body.id as string;
    const value = 'Correct-horse-battery-42';
    const res = await send('POST', `users/${member}/credentials/`, acme, { type: 'password', value });
    expect(res.status).toBe(201);
    const cid = res.body.credential.id as string;
    await send('PATCH', `users/${member}/credentials/${cid}/`, acme, { description: 'desk' });
    await send('POST', `users/${member}/credentials/${cid}/test/`, acme, { value: 'wrong-one' });
    const [row] = await h.app.services.db.select().from(credentials).where(eq(credentials.id, cid));
    const trail = JSON.stringify(await eventsOf(acmeId));
    expect(trail).not.toContain(value);
    expect(row?.secretHash).toBeTruthy();
    expect(trail).not.toContain(row?.secretHash as string);
    const [, update, test] = await eventsFor(acmeId, cid);
    expect(update?.details).toEqual({ before: { description: '' }, after: { description: 'desk' } });
    expect(test).toMatchObject({ action: 'credential.test', outcome: 'failure', reason: 'wrong_value' });
  });

  it('keeps neither the change nor its record when recording fails after the change', async () => {
    const id = (await send('POST', 'users/', acme, { username: 'rollback.me', first_name: 'Before' })).body
      .id as string;
    const db = h.app.services.db;
    await db.execute(sql`create function audit_refuse() returns trigger language plpgsql as $$
      begin if new.action = 'member.update' then raise exception 'refused by test'; end if; return new; end $$`);
    await db.execute(sql`create trigger audit_refuse before insert on audit_events
      for each row execute function audit_refuse()`);
    try {
      const res = await send('PATCH', `users/${id}/`, acme, { first_name: 'After' });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger audit_refuse on audit_events`);
      await db.execute(sql`drop function audit_refuse()`);
    }
    const [row] = await db.select().from(members).where(eq(members.id, id));
    expect(row?.firstName).toBe('Before');
    expect((await eventsFor(acmeId, id)).map((e) => e.action)).toEqual(['member.create']);
  });

  it("records a refusal on another customer's member in the caller's chain only", async () => {
    const theirs = (await send('POST', 'users/', globex, { username: 'not.yours' })).body.id as string;
    const before = (await eventsOf(globexId)).length;
    const res = await send('PATCH', `users/${theirs}/`, acme, { first_name: 'Mallory' });
    expect(res.status).toBe(404);
    expect(await eventsOf(globexId)).toHaveLength(before);
    expect(await eventsFor(acmeId, theirs)).toEqual([
      expect.objectContaining({ action: 'member.update', outcome: 'failure', reason: 'notFound' }),
    ]);
  });

  it('records the export with its filters and row count once the file is complete', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/users/export/?format=csv&file_name=members&search=bulk.',
      headers: { authorization: `Bearer ${acme}`, 'user-agent': AGENT },
    });
    expect(res.statusCode).toBe(200);
    const [event] = (await eventsOf(acmeId)).filter((e) => e.action === 'member.export');
    expect(event?.details).toMatchObject({ rows: 2, filters: { format: 'csv', search: 'bulk.' } });
  });
  it("records sign-in steps and session ends in the staff user's chain; an unknown username nowhere", async () => {
    const mine = () => eventsOf(acmeId).then((all) => all.filter((e) => e.actorName === 'admin@acme.example'));
    const from = (await mine()).length;
    const session = await signIn(h, 'admin@acme.example');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'admin@acme.example', password: 'not-the-password' },
    });
    expect(bad.statusCode).toBe(401);
    const total = (await h.app.services.db.select().from(auditEvents)).length;
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'nobody@x.example', password: 'x' },
    });
    expect(await h.app.services.db.select().from(auditEvents)).toHaveLength(total);
    // A refresh token used twice: the second use ends the session as a leak.
    const rotate = () =>
      h.app.inject({ method: 'POST', url: '/api/v1/login/refresh/', payload: { refresh: session.refresh } });
    expect((await rotate()).statusCode).toBe(200);
    expect((await rotate()).statusCode).toBe(401);
    const again = await signIn(h, 'admin@acme.example');
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      payload: { refresh: again.refresh },
      headers: { authorization: `Bearer ${again.access}`, 'user-agent': AGENT },
    });
    expect(out.statusCode).toBe(204);
    const steps = (await mine()).slice(from).map((e) => [e.action, e.outcome, e.reason]);
    expect(steps).toEqual([
      ['sign_in.code_sent', 'success', null],
      ['sign_in.success', 'success', null],
      ['sign_in.failure', 'failure', 'bad_password'],
      ['session.refresh_reuse', 'success', null],
      ['sign_in.code_sent', 'success', null],
      ['sign_in.success', 'success', null],
      ['session.logout', 'success', null],
    ]);
    const [logout] = (await mine()).slice(-1);
    expect(logout).toMatchObject({ sourceIp: '127.0.0.1', userAgent: AGENT, tenantType: 'customer' });
  });
  it("records a reseller's settings change in its customer's chain: the changed keys of each section", async () => {
    const northwind = (await signIn(h, 'partner@northwind.example')).access;
    const current = (await call(h.app, 'GET', `customers/${acmeId}/settings/`, northwind)).body.settings;
    const res = await send('PATCH', `customers/${acmeId}/settings/`, northwind, {
      general: { primary_color: '#0A0B0C', address: current.general.address, sms_api_token: 'tok-secret-123' },
    });
    expect(res.status).toBe(200);
    const [event] = (await eventsOf(acmeId)).filter((e) => e.action === 'settings.update');
    expect(event).toMatchObject({ actorName: 'partner@northwind.example', targetId: acmeId, tenantType: 'customer' });
    expect(event?.details).toEqual({
      sections: ['general'],
      before: { general: { primary_color: current.general.primary_color } },
      after: { general: { primary_color: '#0A0B0C' } },
    });
    expect(JSON.stringify(await eventsOf(acmeId))).not.toContain('tok-secret-123');
  });
});
