/** `portiere reset-password` as an operator runs it: the account's sign-in counts go, no other account's. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres, pgliteDir } from './db/client.ts';
import { loginThrottle, resellers, staffUsers } from './db/schema/index.ts';
import { hashPassword } from './lib/passwords.ts';
import { createScratchPostgres } from './test/databases.ts';
import { runCli } from './test/run-cli.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-reset-cli-'));
const scratch: Array<{ drop(): Promise<void> }> = [];
afterAll(async () => {
  for (const s of scratch) await s.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Where the CLI finds its database, and the same database opened here. */
interface Place {
  name: string;
  env(): Promise<{ env: Record<string, string>; open(): Promise<Database> }>;
}

const places: Place[] = [
  {
    name: 'pglite',
    env: async () => ({ env: { DATA_DIR: dataDir }, open: () => openPglite(pgliteDir(dataDir)) }),
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl)
  places.push({
    name: 'postgres',
    env: async () => {
      const pg = await createScratchPostgres(adminUrl);
      scratch.push(pg);
      return { env: { DATA_DIR: dataDir, DATABASE_URL: pg.url }, open: () => openPostgres(pg.url) };
    },
  });

describe.each(places)('reset-password on $name', (place) => {
  it('clears the sign-in counts of the account named, a `_` in its name taken as written', async () => {
    const { env, open } = await place.env();
    const database = await open();
    try {
      await database.migrate();
      const [reseller] = await database.db.insert(resellers).values({ name: 'Wildcard Reseller' }).returning();
      const passwordHash = await hashPassword('Old-password-1');
      await database.db.insert(staffUsers).values(
        ['jo_e@example.com', 'joxe@example.com'].map((username) => ({
          username,
          email: username,
          passwordHash,
          userType: 'ResellerUser' as const,
          resellerId: reseller?.id ?? null,
        })),
      );
      await database.db.insert(loginThrottle).values(
        ['jo_e', 'joxe'].flatMap((n) => [
          { key: `account:${n}@example.com`, failures: 30 },
          { key: `source:${n}@example.com:ip:192.0.2.7`, failures: 9 },
        ]),
      );
    } finally {
      await database.close();
    }

    const reset = await runCli(['reset-password', 'jo_e@example.com', 'New-password-1'], env);
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);

    const after = await open();
    try {
      const keys = (await after.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key).sort();
      expect(keys).toEqual(['account:joxe@example.com', 'source:joxe@example.com:ip:192.0.2.7']);
    } finally {
      await after.close();
    }
  });
});
