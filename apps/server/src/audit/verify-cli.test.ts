/** `portiere audit verify` as an operator runs it: every chain checked, a broken link named, exit 1. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';
import { runCli } from '../test/run-cli.ts';
import { appendAuditEvents } from './append.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-audit-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function withDatabase(fn: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<void>) {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    await fn(database.db);
  } finally {
    await database.close();
  }
}

it('reports every chain intact, then the first broken link after a row is edited', async () => {
  const tenantId = randomUUID();
  await withDatabase((db) =>
    db.transaction((tx) =>
      appendAuditEvents(
        tx as never,
        ['member.create', 'member.update', 'member.delete'].map((action) => ({
          tenantId,
          tenantType: 'customer' as const,
          at: new Date(),
          actorType: 'staff' as const,
          actorName: 'admin@acme.example',
          action: action as 'member.create',
          targetType: 'member' as const,
          targetId: 'm1',
          outcome: 'success' as const,
        })),
      ),
    ),
  );
  const intact = await runCli(['audit', 'verify'], { DATA_DIR: dataDir });
  expect(intact.code).toBe(0);
  expect(intact.stdout).toContain(`ok      customer ${tenantId}: 3 events`);
  expect(intact.stdout).toContain('All 1 chains verified.');

  await withDatabase(async (db) => {
    await db
      .update(auditEvents)
      .set({ actorName: 'someone.else' })
      .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.seq, 2)));
  });
  const broken = await runCli(['audit', 'verify'], { DATA_DIR: dataDir });
  expect(broken.code).toBe(1);
  expect(broken.stdout).toMatch(
    new RegExp(`BROKEN  customer ${tenantId}: first broken link at seq 2 \\(event [0-9a-f-]{36}\\)`),
  );
  expect(broken.stdout).toContain('1 of 1 chains broken.');
});
