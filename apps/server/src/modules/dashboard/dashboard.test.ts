import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
