import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { createScratchPostgres, testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';
import { runCli } from '../test/run-cli.ts';
import { tallyMismatches } from '../test/tallies.ts';
import { seedBulkMembers } from './bulk-members.ts';

describe.each(testDatabases())('seed --members on $name', (kind) => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    token = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h.close());

  it('adds members with a mix of credentials, keeping every counter right, twice over', async () => {
    const { database, box } = h.app.services;
    const first = await seedBulkMembers(database as Database, box, { members: 1200 });
    const again = await seedBulkMembers(database as Database, box, { members: 300, customer: 'acme' });
    expect([first.members, again.members, first.customer]).toEqual([1200, 300, 'Acme']);
    // About 1.2 credentials per member.
    expect(first.credentials).toBeGreaterThan(1200);
    expect(first.credentials).toBeLessThan(1800);
    const [acme] = await h.app.services.db.select().from(customers).where(eq(customers.name, 'Acme'));
    expect(await tallyMismatches(h.app.services.db, acme?.id ?? '')).toEqual([]);

    const list = (await call(h.app, 'GET', 'users/?page=60', token)).body;
    expect(list.count).toBe(1500);
    expect(list.results).toHaveLength(25);
    const dashboard = (await call(h.app, 'GET', 'dashboard/', token)).body.customers[0];
    expect(dashboard.users.total).toBe(1500);
    expect(dashboard.users.enrolled).toBeGreaterThan(1000);
    expect(dashboard.users.enrolled).toBeLessThan(1400);
    expect((await call(h.app, 'GET', 'workstation-users/', token)).body.count).toBeGreaterThan(100);
    // A seeded member's password credential takes the documented password (a blocked member's
    // credentials refuse any value, and some seeded members are blocked).
    const [withPassword] = (
      await call(h.app, 'GET', 'users/?credential_types=password&blocked=false&page_size=1', token)
    ).body.results;
    const held = (await call(h.app, 'GET', `users/${withPassword.id}/credentials/`, token)).body;
    const password = held.find((c: { type: string }) => c.type === 'password');
    const tried = await call(h.app, 'POST', `users/${withPassword.id}/credentials/${password.id}/test/`, token, {
      value: 'Member-bulk-pass1',
    });
    expect(tried.body.ok).toBe(true);
  });

  it('names the customer it cannot find', async () => {
    const { database, box } = h.app.services;
    await expect(seedBulkMembers(database as Database, box, { members: 5, customer: 'Initech' })).rejects.toThrow(
      'No customer named Initech.',
    );
  });
});

describe('portiere seed --members', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-seed-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo data on an empty database, then adds the members to the customer named', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const scratch = url ? await createScratchPostgres(url) : null;
    try {
      const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
      const r = await runCli(['seed', '--members', '500', '--customer=Globex'], env);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(
        /^Demo data created\.\nAdded 500 members with [\d,]+ credentials to Globex in [\d.]+ s\.\n$/,
      );
      const bad = await runCli(['seed', '--members', 'many'], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--members wants a whole number from 1 to 100,000,000.');
      const missing = await runCli(['seed', '--members', '5', '--customer', 'Initech'], env);
      expect(missing.stderr.trim()).toBe('No customer named Initech.');
    } finally {
      await scratch?.drop();
    }
  }, 120_000);
});
