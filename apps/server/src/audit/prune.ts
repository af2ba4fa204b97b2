/**
 * Retention: sealed events older than their tenant's retention are removed from the oldest end
 * of the chain. The chain head keeps the seq and hash of the last removed row (the anchor), so
 * what is kept still verifies from there, and the pruning itself is recorded in the chain.
 * It holds the sealer's advisory lock (audit/sealer.ts), so no chain moves while it cuts.
 */
import { RESELLER_AUDIT_RETENTION_DAYS } from '@portiere/contracts';
import { and, desc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, type Db } from '../db/client.ts';
import { auditChains, auditEvents, customers } from '../db/schema/index.ts';
import { appendAuditEvents } from './append.ts';

const DAY_MS = 86_400_000;

export interface PruneResult {
  tenantId: string;
  pruned: number;
  throughSeq: number;
}

/** Prunes every chain; returns the chains that lost rows. */
export async function pruneAuditEvents(db: Db, now: Date): Promise<PruneResult[]> {
  const heads = await db
    .select({
      tenantId: auditChains.tenantId,
      tenantType: auditChains.tenantType,
      days: sql<number | null>`(${customers.settings}->'general'->>'audit_retention_days')::int`,
    })
    .from(auditChains)
    .leftJoin(customers, eq(customers.id, auditChains.tenantId));
  const results: PruneResult[] = [];
  for (const h of heads) {
    const days = h.days ?? RESELLER_AUDIT_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChains}::bigint)`);
      const [head] = await tx.select().from(auditChains).where(eq(auditChains.tenantId, h.tenantId));
      // The newest expired row: it and every row before it go (seq order is the chain's order).
      const [last] = await tx
        .select({ seq: auditEvents.seq, hash: auditEvents.hash })
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, h.tenantId), isNotNull(auditEvents.seq), lt(auditEvents.at, cutoff)))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      if (!head || !last) return null;
      const through = last.seq as number;
      const removed = await tx
        .delete(auditEvents)
        .where(and(eq(auditEvents.tenantId, h.tenantId), lte(auditEvents.seq, through)))
        .returning({ id: auditEvents.id });
      await tx
        .update(auditChains)
        .set({ anchorSeq: through, anchorHash: last.hash as string })
        .where(eq(auditChains.tenantId, h.tenantId));
      await appendAuditEvents(tx as unknown as Db, [
        {
          tenantId: h.tenantId,
          tenantType: h.tenantType,
          at: now,
          actorType: 'system',
          action: 'audit.prune',
          targetType: 'audit',
          outcome: 'success',
          details: { pruned: removed.length, through_seq: through, retention_days: days },
        },
      ]);
      return { tenantId: h.tenantId, pruned: removed.length, throughSeq: through };
    });
    if (result) results.push(result);
  }
  return results;
}
