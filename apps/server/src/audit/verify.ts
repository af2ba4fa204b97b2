/**
 * Walks a tenant's chain from its anchor (GENESIS, or the last pruned row) in seq order and
 * reports the first row whose link or hash does not match: an edited, removed, inserted or
 * reordered row. Reads in keyset batches, so a million rows verify in constant memory.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditChains, auditEvents } from '../db/schema/index.ts';
import { hashEvent } from './chain.ts';

export interface ChainCheck {
  checked: number;
  ok: boolean;
  firstBrokenSeq: number | null;
  firstBrokenId: string | null;
}

const BATCH = 2000;

export async function verifyChain(db: Db, tenantId: string): Promise<ChainCheck> {
  const [head] = await db.select().from(auditChains).where(eq(auditChains.tenantId, tenantId));
  if (!head) return { checked: 0, ok: true, firstBrokenSeq: null, firstBrokenId: null };
  let prevHash = head.anchorHash;
  let expectedSeq = head.anchorSeq + 1;
  let checked = 0;
  const broken = (seq: number, id: string | null): ChainCheck => ({
    checked,
    ok: false,
    firstBrokenSeq: seq,
    firstBrokenId: id,
  });
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, tenantId), gt(auditEvents.seq, expectedSeq - 1)))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH);
    for (const row of rows) {
      // A gap (a removed row) breaks the chain at the first missing position.
      if (row.seq !== expectedSeq) return broken(expectedSeq, null);
      if (row.prevHash !== prevHash || hashEvent({ ...row, seq: row.seq, prevHash }) !== row.hash) {
        return broken(row.seq, row.id);
      }
      prevHash = row.hash ?? '';
      expectedSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  // The head names the last row: rows cut off the end, or a head edited, show here.
  if (expectedSeq - 1 !== head.seq || prevHash !== head.hash) return broken(expectedSeq, null);
  return { checked, ok: true, firstBrokenSeq: null, firstBrokenId: null };
}

/** Every chain of the install, for `portiere audit verify`. */
export async function verifyAllChains(db: Db): Promise<Array<ChainCheck & { tenantId: string; tenantType: string }>> {
  const heads = await db
    .select({ tenantId: auditChains.tenantId, tenantType: auditChains.tenantType })
    .from(auditChains)
    .orderBy(asc(auditChains.tenantId));
  const out = [];
  for (const h of heads) out.push({ ...h, ...(await verifyChain(db, h.tenantId)) });
  return out;
}
