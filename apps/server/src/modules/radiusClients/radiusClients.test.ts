/**
 * RADIUS clients through the real app and database: the secret answered once and only sealed at
 * rest, PATCH changing only what it is sent, bad input refused with nothing changed, another
 * customer's id 404, a new secret, deletion, the audit trail without the secret; and the reply
 * attributes of a RADIUS application's app roles, checked against their types.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, radiusClients } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { createApplication, createFlow, createGroup } from '../../test/web-login.ts';

describe.each(testDatabases())('RADIUS clients on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let radiusApp: string;
  let webApp: string;

  const create = (body: Record<string, unknown>, token = acme) =>
    post(
      h.app,
      'radius-clients/',
      { name: 'VPN gateway', address: '10.0.0.0/24', applicationId: radiusApp, ...body },
      token,
    );
  const sealedOf = async (id: string) =>
    (await h.app.services.db.select().from(radiusClients).where(eq(radiusClients.id, id)))[0]?.secretSealed;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    radiusApp = (await createApplication(h, acme, 'radius' as 'machine')).id;
    webApp = (await createApplication(h, acme, 'web')).id;
  });
  afterAll(async () => h?.close());

  it('answers the shared secret once, keeps it only sealed, and lists the client without it', async () => {
    const created = await create({});
    expect(created.status).toBe(201);
    const { secret, ...client } = created.body;
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(client).toMatchObject({
      name: 'VPN gateway',
      address: '10.0.0.0/24',
      application: { id: radiusApp },
      enabled: true,
      requireMessageAuthenticator: true,
      approvalWait: 25,
      last_used_at: null,
    });
    const sealed = await sealedOf(client.id);
    expect(sealed).not.toContain(secret);
    expect(h.app.services.box.decrypt(sealed ?? '')).toBe(secret);

    const one = await call(h.app, 'GET', `radius-clients/${client.id}/`, acme);
    const list = await call(h.app, 'GET', 'radius-clients/?search=10.0.0', acme);
    expect(one.body).toEqual(client);
    expect(list.body.results.map((c: { id: string }) => c.id)).toContain(client.id);
    expect(JSON.stringify([one.body, list.body])).not.toContain(secret);

    const events = await h.app.services.db.select().from(auditEvents).where(eq(auditEvents.targetId, client.id));
    expect(events.map((e) => e.action)).toEqual(['radius_client.create']);
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('changes only what PATCH sends, and gives a new secret that replaces the old', async () => {
    const { secret, ...client } = (await create({ name: 'Wi-Fi', address: '192.0.2.10' })).body;
    const patched = await call(h.app, 'PATCH', `radius-clients/${client.id}/`, acme, {
      enabled: false,
      approvalWait: 40,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...client, enabled: false, approvalWait: 40 });

    const sealed = await sealedOf(client.id);
    const renewed = await call(h.app, 'POST', `radius-clients/${client.id}/secret/`, acme);
    expect(renewed.status).toBe(200);
    expect(renewed.body.secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(renewed.body.secret).not.toBe(secret);
    expect(await sealedOf(client.id)).not.toBe(sealed);
    const [event] = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'radius_client.update'));
    expect(event?.details).toMatchObject({ before: { enabled: true, approvalWait: 25 }, after: { enabled: false } });
  });

  it('refuses a bad address, an application that is not RADIUS, or another customer one, changing nothing', async () => {
    for (const [body, field, message] of [
      [{ address: '10.0.0.0/33' }, 'address', 'Must be an IP address or a range such as 10.0.0.0/24.'],
      [{ address: 'vpn.example.com' }, 'address', 'Must be an IP address or a range such as 10.0.0.0/24.'],
      [{ applicationId: webApp }, 'applicationId', 'Must be an application of type RADIUS.'],
      [{ applicationId: 'not-an-id' }, 'applicationId', 'Must be an application of type RADIUS.'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[field].message).toBe(message);
    }
    // Globex names Acme's RADIUS application: not one of its own.
    expect((await create({}, globex)).status).toBe(400);
    expect((await post(h.app, 'radius-clients/', { name: 'x', address: '10.0.0.1' }, acme)).status).toBe(400);

    // A name is one device's in a customer: a second client of that name is refused.
    const taken = await create({ name: 'vpn GATEWAY' });
    expect(taken.status).toBe(409);
    expect(taken.body.details.name.message).toBe('This name is already used.');

    const { id } = (await create({ name: 'Kept' })).body;
    const before = (await call(h.app, 'GET', `radius-clients/${id}/`, acme)).body;
    const bad = await call(h.app, 'PATCH', `radius-clients/${id}/`, acme, { name: 'Changed', address: 'nowhere' });
    expect(bad.status).toBe(400);
    expect((await call(h.app, 'GET', `radius-clients/${id}/`, acme)).body).toEqual(before);
  });

  it("answers 404 for another customer's client, and deletes its own", async () => {
    const { id } = (await create({ name: 'To delete' })).body;
    for (const [method, url] of [
      ['GET', `radius-clients/${id}/`],
      ['PATCH', `radius-clients/${id}/`],
      ['POST', `radius-clients/${id}/secret/`],
      ['DELETE', `radius-clients/${id}/`],
    ] as const) {
      expect((await call(h.app, method, url, globex, method === 'PATCH' ? { name: 'x' } : undefined)).status).toBe(404);
    }
    expect((await call(h.app, 'GET', 'radius-clients/', globex)).body.results).toEqual([]);
    expect((await call(h.app, 'DELETE', `radius-clients/${id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `radius-clients/${id}/`, acme)).status).toBe(404);
  });

  it("keeps reply attributes on a RADIUS application's app roles, each checked against its type", async () => {
    const group = await createGroup(h, acme);
    const flow = await createFlow(h, acme, [['password']]);
    const role = (attributes: unknown[], applicationId = radiusApp) =>
      post(
        h.app,
        'app-roles/',
        { displayName: 'VPN', applicationId, groupId: group.id, flowId: flow.id, radiusAttributes: attributes },
        acme,
      );
    for (const [attribute, message] of [
      [{ name: 'Session-Timeout', value: 'an hour' }, 'Value must be between 0 and 4294967295.'],
      [{ name: 'Framed-IP-Address', value: '10.0.0.300' }, 'This value is not valid.'],
      [{ name: 'Service-Type', value: 'Superuser' }, /^Value must be one of: Login-User, /],
    ] as const) {
      const res = await role([attribute]);
      expect(res.status).toBe(400);
      expect(res.body.details['radiusAttributes.0.value'].message).toMatch(message);
    }
    const elsewhere = await role([{ name: 'Class', value: 'x' }], webApp);
    expect(elsewhere.body.details.radiusAttributes.message).toBe('Must be an application of type RADIUS.');

    const attributes = [
      { name: 'Class', value: 'staff' },
      { name: 'Service-Type', value: 'Administrative-User' },
      { name: 'Management-Privilege-Level', value: '15' },
    ];
    const made = await role(attributes);
    expect(made.status).toBe(201);
    expect(made.body.radiusAttributes).toEqual(attributes);
    const renamed = await call(h.app, 'PATCH', `app-roles/${made.body.id}/`, acme, { displayName: 'VPN admins' });
    expect(renamed.body.radiusAttributes).toEqual(attributes);
    // Moved to a web application, its attributes would mean nothing: refused, nothing changed.
    const moved = await call(h.app, 'PATCH', `app-roles/${made.body.id}/`, acme, { applicationId: webApp });
    expect(moved.status).toBe(400);
    expect(moved.body.details.radiusAttributes.message).toBe('Must be an application of type RADIUS.');
    expect((await call(h.app, 'GET', `app-roles/${made.body.id}/`, acme)).body.application.id).toBe(radiusApp);
  });
});
