import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { customers, laScripts, members, staffUsers } from '../db/schema/index.ts';
import { SecretBox } from '../lib/crypto.ts';
import { testDatabases } from '../test/databases.ts';
import { seedDemo } from './demo.ts';

describe.each(testDatabases())('the demo seed for the reseller pages on $name', (testDb) => {
  let database: Database;

  beforeAll(async () => {
    database = await testDb.open();
    await database.migrate();
    await seedDemo(database.db, new SecretBox(randomBytes(32)));
  });
  afterAll(() => database?.close());

  it('gives the customers manager users with scopes, Acme a script, and counters that match', async () => {
    const db = database.db;
    const rows = await db.select().from(customers);
    for (const c of rows) {
      const [n] = await db.select({ n: count() }).from(members).where(eq(members.customerId, c.id));
      expect(c.membersCount, c.name).toBe(n?.n);
    }
    const acme = rows.find((c) => c.name === 'Acme');
    const managers = await db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.customerId, acme?.id ?? ''));
    expect(Object.fromEntries(managers.map((u) => [u.username, u.scopes]))).toMatchObject({
      'admin@acme.example': [
        'members:read',
        'members:write',
        'credentials:write',
        'settings:read',
        'settings:write',
        'audit:read',
        'scim',
      ],
      'newhire@acme.example': ['members:read'],
      'helpdesk@acme.example': ['members:read', 'audit:read'],
    });
    expect(managers.find((u) => u.username === 'helpdesk@acme.example')?.expiration).toBeInstanceOf(Date);
    const scripts = await db
      .select()
      .from(laScripts)
      .where(eq(laScripts.customerId, acme?.id ?? ''));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({
      name: 'acme-sap-logon.ps1',
      version: '1.2.0',
      uploadedBy: 'partner@northwind.example',
    });
    expect(scripts[0]?.content.length).toBe(scripts[0]?.size);
  });
});
