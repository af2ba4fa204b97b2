/**
 * Servers started together on one empty database each migrate it (serve.ts): one at a time,
 * under the migration lock, so that all come up and every migration is applied once. On
 * PostgreSQL (TEST_DATABASE_URL), and on an embedded database served over the PostgreSQL
 * protocol, whose clients share one session (a session-level lock would exclude no one there).
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, serveScratchPglite } from '../test/databases.ts';
import { type Database, openPostgres } from './client.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SHARED = [
  { name: 'an embedded database served over the PostgreSQL protocol', create: serveScratchPglite },
  ...(ADMIN_URL ? [{ name: 'PostgreSQL', create: () => createScratchPostgres(ADMIN_URL) }] : []),
];

describe.each(SHARED)('migrating $name from several servers at once', ({ create }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('applies each migration once, and every server comes up', async () => {
    const scratch = await create();
    cleanup.push(() => scratch.drop());
    const servers: Database[] = await Promise.all([1, 2, 3].map(() => openPostgres(scratch.url)));
    cleanup.push(() => Promise.all(servers.map((s) => s.close())).then(() => {}));

    const results = await Promise.allSettled(servers.map((s) => s.migrate()));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ applied: number; distinct: number }[]>`
        select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
      expect(row?.applied).toBe(row?.distinct);
    } finally {
      await sql.end();
    }
  });
});
