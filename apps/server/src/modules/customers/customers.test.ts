import { CUSTOMER_LICENSES_MAX } from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { temporaryPassword } from '../../test/staff-mails.ts';
import { type ExtraReseller, insertReseller } from '../../test/tenant-fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(testDatabases())('customers on $name', (database) => {
  let h: Harness;
  let northwind: string;
  let acmeUser: string;
  let contoso: ExtraReseller;
  let contosoToken: string;

  const newCustomer = (fields: Record<string, unknown> = {}) => ({
    name: `Initech ${unique()}`,
    domain: 'initech.example',
    licenses: 50,
    license_expiration: '2031-12-31',
    la_enabled: true,
    manager_email: `boss-${unique()}@initech.example`,
    ...fields,
  });

  beforeAll(async () => {
    h = await startHarness(database);
    northwind = (await signIn(h, 'partner@northwind.example')).access;
    acmeUser = (await signIn(h, 'admin@acme.example')).access;
    contoso = await insertReseller(h);
    contosoToken = (await signIn(h, contoso.user.username)).access;
  });
  afterAll(() => h.close());

  it('creates the customer with its first manager user, whose mailed temporary password must be changed', async () => {
    const since = h.sink.mails.length;
    const body = newCustomer();
    const created = await post(h.app, 'customers/', body, northwind);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: body.name,
      domain: 'initech.example',
      licenses: 50,
      license_expiration: '2031-12-31',
      la_enabled: true,
      members_count: 0,
      manager_users_count: 1,
    });
    expect((await call(h.app, 'GET', `customers/${created.body.id}/`, northwind)).body).toEqual(created.body);
    // The domain is the settings' own.
    const settings = await call(h.app, 'GET', `customers/${created.body.id}/settings/`, northwind);
    expect(settings.body.settings.general.domain).toBe('initech.example');

    const mail = await h.sink.waitFor(body.manager_email, since);
    expect(mail.subject).toBe(`Your Portiere account for ${body.name}`);
    expect(mail.text).toContain(`Username: ${body.manager_email}`);
    const password = await temporaryPassword(h, body.manager_email, since);
    const first = await post(h.app, 'login/', { username: body.manager_email, password });
    expect(first.status).toBe(200);
    expect(first.body.change).toBeTruthy();
    const changed = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'My-own-passw0rd',
    });
    expect(changed.status).toBe(200);
    const manager = (await signIn(h, body.manager_email, 'My-own-passw0rd')).access;
    const me = await call(h.app, 'GET', 'me/', manager);
    expect(me.body).toMatchObject({ user_type: 'CustomerUser', customer: { id: created.body.id, name: body.name } });
  });

  it('records the creation in the reseller’s audit chain', async () => {
    const body = newCustomer();
    const created = await post(h.app, 'customers/', body, northwind);
    const [event] = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'customer.create'), eq(auditEvents.targetId, created.body.id)));
    expect(event).toMatchObject({ tenantType: 'reseller', targetName: body.name, outcome: 'success' });
    expect(event?.tenantId).toBe((await call(h.app, 'GET', 'me/', northwind)).body.reseller_id);
  });

  it('refuses bad fields with the catalogue’s wordings, creating nothing', async () => {
    const count = async () => (await call(h.app, 'GET', 'customers/?page_size=100', northwind)).body.count;
    const before = await count();
    const badEmail = await post(h.app, 'customers/', newCustomer({ manager_email: 'not-an-address' }), northwind);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details.manager_email).toEqual({
      key: 'email',
      message: 'This email address is not valid.',
    });
    const noName = await post(h.app, 'customers/', newCustomer({ name: '  ' }), northwind);
    expect(noName.status).toBe(400);
    expect(noName.body.details.name).toMatchObject({ key: 'required', message: 'This field is required.' });
    const tooMany = await post(h.app, 'customers/', newCustomer({ licenses: CUSTOMER_LICENSES_MAX + 1 }), northwind);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details.licenses).toEqual({
      key: 'range',
      message: `Value must be between 0 and ${CUSTOMER_LICENSES_MAX}.`,
      params: { min: 0, max: CUSTOMER_LICENSES_MAX },
    });
    const badDate = await post(h.app, 'customers/', newCustomer({ license_expiration: '31/12/2031' }), northwind);
    expect(badDate.status).toBe(400);
    expect(badDate.body.details.license_expiration.key).toBe('invalid');
    // Any staff account's address is taken, whatever its tenant.
    const taken = await post(h.app, 'customers/', newCustomer({ manager_email: 'ADMIN@globex.example' }), northwind);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'emailExists',
      reason: 'This email address is already used by another account.',
    });
    const existing = await post(h.app, 'customers/', newCustomer({ name: 'acme' }), northwind);
    expect(existing.status).toBe(409);
    expect(existing.body).toMatchObject({ code: 'nameExists', details: { name: { key: 'nameExists' } } });
    expect(await count()).toBe(before);
  });

  it('PATCH changes only the fields sent, the domain inside the settings', async () => {
    const created = (await post(h.app, 'customers/', newCustomer(), northwind)).body;
    const url = `customers/${created.id}/`;
    await call(h.app, 'PATCH', `${url}settings/`, northwind, { general: { address: 'Via Roma 1' } });
    const steps: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ licenses: 75 }, { licenses: 75 }],
      [{ la_enabled: false }, { la_enabled: false }],
      [{ license_expiration: null }, { license_expiration: null }],
      [{ name: `${created.name} Ltd` }, { name: `${created.name} Ltd` }],
      [{ domain: 'initech.test' }, { domain: 'initech.test' }],
      [{}, {}],
    ];
    let expected = created;
    for (const [sent, changed] of steps) {
      const res = await call(h.app, 'PATCH', url, northwind, sent);
      expect(res.status, JSON.stringify(sent)).toBe(200);
      expected = { ...expected, ...changed };
      expect(res.body).toEqual(expected);
    }
    const general = (await call(h.app, 'GET', `${url}settings/`, northwind)).body.settings.general;
    expect(general).toMatchObject({ domain: 'initech.test', address: 'Via Roma 1' });
    const refused = await call(h.app, 'PATCH', url, northwind, { licenses: -1, name: 'Other' });
    expect(refused.status).toBe(400);
    expect((await call(h.app, 'GET', url, northwind)).body).toEqual(expected);
  });

  it('counts members from its counter as members come and go', async () => {
    const me = await call(h.app, 'GET', 'me/', acmeUser);
    const acmeId = me.body.customer.id;
    const members = async () =>
      (await call(h.app, 'GET', 'customers/?page_size=100', northwind)).body.results.find(
        (c: { id: string }) => c.id === acmeId,
      ).members_count;
    const before = await members();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createMember(h, acmeUser));
    expect(await members()).toBe(before + 3);
    expect((await call(h.app, 'DELETE', `users/${made[0].id}/`, acmeUser)).status).toBe(204);
    await post(h.app, 'users/bulk/', { action: 'delete', ids: [made[1].id, made[2].id, made[0].id] }, acmeUser);
    expect(await members()).toBe(before);
    const [row] = await h.app.services.db.select().from(customers).where(eq(customers.id, acmeId));
    expect(row?.membersCount).toBe(before);
  });

  it('keeps resellers apart: each lists and changes only its own customers', async () => {
    const mine = (await post(h.app, 'customers/', newCustomer(), northwind)).body;
    const theirs = (await post(h.app, 'customers/', newCustomer(), contosoToken)).body;
    const ids = async (token: string) =>
      (await call(h.app, 'GET', 'customers/?page_size=100', token)).body.results.map((c: { id: string }) => c.id);
    expect(await ids(northwind)).toContain(mine.id);
    expect(await ids(northwind)).not.toContain(theirs.id);
    expect(await ids(contosoToken)).toEqual(expect.arrayContaining([theirs.id, contoso.customerId]));
    expect(await ids(contosoToken)).not.toContain(mine.id);
    for (const id of [theirs.id, 'not-a-uuid']) {
      expect((await call(h.app, 'GET', `customers/${id}/`, northwind)).status).toBe(404);
      expect((await call(h.app, 'PATCH', `customers/${id}/`, northwind, { licenses: 1 })).status).toBe(404);
    }
    expect((await call(h.app, 'GET', `customers/${theirs.id}/`, contosoToken)).body).toEqual(theirs);
    // A name need only be unique within one reseller.
    expect((await post(h.app, 'customers/', newCustomer({ name: mine.name }), contosoToken)).status).toBe(201);
    // Customer users create no customers.
    expect((await post(h.app, 'customers/', newCustomer(), acmeUser)).status).toBe(403);
  });
});
