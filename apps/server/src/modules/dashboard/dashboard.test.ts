import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

describe.each(testDatabases())('dashboard on $name', (database) => {
  let h: Harness;
  let northwind: string;
  let acmeUser: string;

  beforeAll(async () => {
    h = await startHarness(database);
    northwind = (await signIn(h, 'partner@northwind.example')).access;
    acmeUser = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h.close());

  it('gives the reseller totals across its customers on the dashboard', async () => {
    const dashboard = (await call(h.app, 'GET', 'dashboard/', northwind)).body;
    const sum = (pick: (c: { licenses: { total: number; used: number }; users: { total: number } }) => number) =>
      dashboard.customers.reduce((n: number, c: Parameters<typeof pick>[0]) => n + pick(c), 0);
    expect(dashboard.totals).toMatchObject({
      customers: dashboard.customers.length,
      licenses: { total: sum((c) => c.licenses.total), used: sum((c) => c.licenses.used) },
      members: sum((c) => c.users.total),
    });
    // Acme's member with a PIN, a mail and an app credential adds three credentials.
    const member = await createMember(h, acmeUser);
    for (const credential of [{ type: 'pin', value: '1234' }, { type: 'mail' }, { type: 'app' }])
      await post(h.app, `users/${member.id}/credentials/`, credential, acmeUser);
    const after = (await call(h.app, 'GET', 'dashboard/', northwind)).body.totals;
    expect(after.credentials).toBe(dashboard.totals.credentials + 3);
    expect(after.members).toBe(dashboard.totals.members + 1);
    expect(after.licenses.remaining).toBe(dashboard.totals.licenses.remaining - 1);
    // Customer users see no totals.
    expect((await call(h.app, 'GET', 'dashboard/', acmeUser)).body.totals).toBeUndefined();
  });
});

describe.each(testDatabases())('dashboard figures per customer on $name', (database) => {
  const s = acmeAndGlobex(database);

  it('the dashboard figures match the data, per customer, and a reseller sees each customer', async () => {
    const before = (await call(s.h.app, 'GET', 'dashboard/', s.globex)).body.customers[0];
    const one = await s.member({}, s.globex);
    const two = await s.member({}, s.globex);
    await post(
      s.h.app,
      `users/${one.id}/credentials/`,
      { type: 'password', value: 'Dash-board-pass1', windows_login: true },
      s.globex,
    );
    await post(s.h.app, `users/${one.id}/credentials/`, { type: 'mail' }, s.globex);
    await post(
      s.h.app,
      `users/${two.id}/credentials/`,
      { type: 'pin', value: '1234', is_web: false, windows_login: true },
      s.globex,
    );
    await post(s.h.app, `users/${two.id}/block/`, {}, s.globex);
    await post(s.h.app, `users/${two.id}/recovery-mode/`, {}, s.globex);
    const after = (await call(s.h.app, 'GET', 'dashboard/', s.globex)).body.customers;
    expect(after).toHaveLength(1);
    const d = after[0];
    expect(d.customer.name).toBe('Globex');
    expect(d.users).toEqual({
      total: before.users.total + 2,
      enrolled: before.users.enrolled + 2,
      blocked: before.users.blocked + 1,
    });
    expect(d.web_credentials.password).toBe((before.web_credentials.password ?? 0) + 1);
    expect(d.web_credentials.mail).toBe((before.web_credentials.mail ?? 0) + 1);
    expect(d.web_credentials.pin ?? 0).toBe(before.web_credentials.pin ?? 0);
    expect(d.workstation_credentials.pin).toBe((before.workstation_credentials.pin ?? 0) + 1);
    expect(d.recovery_modes.active).toBe(before.recovery_modes.active + 1);
    expect(d.licenses).toMatchObject({ total: 100, used: d.users.total, remaining: 100 - d.users.total });
    const reseller = (await signIn(s.h, 'partner@northwind.example')).access;
    const all = (await call(s.h.app, 'GET', 'dashboard/', reseller)).body.customers;
    expect(all.map((c: { customer: { name: string } }) => c.customer.name)).toEqual(['Acme', 'Globex']);
    expect(all[1]).toEqual(d);
  });
});
