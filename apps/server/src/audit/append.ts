/**
 * Appends events to their tenants' chains, inside the caller's transaction: the event is
 * written with the change it records or not at all. Locking the chain head row serialises
 * appends per tenant (other tenants append in parallel), so seq has no gaps and no forks.
 */
import type { AuditAction, AuditActorType, AuditOutcome, AuditTargetType } from '@portiere/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditChains, auditEvents } from '../db/schema/index.ts';
import { GENESIS_HASH, hashEvent } from './chain.ts';

export interface AuditEventInput {
  tenantId: string;
  tenantType: 'customer' | 'reseller';
  at: Date;
  actorType: AuditActorType;
  actorId?: string | null;
  actorName?: string | null;
  sourceIp?: string | null;
  userAgent?: string | null;
  action: AuditAction;
  targetType?: AuditTargetType | null;
  targetId?: string | null;
  targetName?: string | null;
  outcome: AuditOutcome;
  reason?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends in order; call inside the transaction of the change (a Db works as one statement each). */
export async function appendAuditEvents(db: Db, events: readonly AuditEventInput[]): Promise<void> {
  for (const e of events) {
    await db
      .insert(auditChains)
      .values({ tenantId: e.tenantId, tenantType: e.tenantType, hash: GENESIS_HASH, anchorHash: GENESIS_HASH })
      .onConflictDoNothing();
    const [head] = await db.select().from(auditChains).where(eq(auditChains.tenantId, e.tenantId)).for('update');
    const row = {
      tenantId: e.tenantId,
      tenantType: e.tenantType,
      seq: head.seq + 1,
      // Millisecond precision, as stored (timestamp(3)), so the hash reads back the same.
      at: new Date(e.at.getTime()),
      actorType: e.actorType,
      actorId: e.actorId ?? null,
      actorName: e.actorName ?? null,
      sourceIp: e.sourceIp ?? null,
      userAgent: e.userAgent ?? null,
      action: e.action,
      targetType: e.targetType ?? null,
      targetId: e.targetId ?? null,
      targetName: e.targetName ?? null,
      outcome: e.outcome,
      reason: e.reason ?? null,
      requestId: e.requestId ?? null,
      details: e.details ?? {},
      prevHash: head.hash,
    };
    const hash = hashEvent(row);
    await db.insert(auditEvents).values({ ...row, hash });
    await db
      .update(auditChains)
      .set({ seq: row.seq, hash, updatedAt: sql`now()` })
      .where(eq(auditChains.tenantId, e.tenantId));
  }
}
