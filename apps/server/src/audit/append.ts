/**
 * Writes events inside the caller's transaction: the event is stored with the change it records
 * or not at all. Rows go in unsealed, one plain insert for all of them, with no lock: writers of
 * one tenant do not queue behind each other's commits. The sealer (audit/sealer.ts) links them
 * into their tenants' chains once committed.
 */
import type { AuditAction, AuditActorType, AuditOutcome, AuditTargetType } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

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

/** Stores the events in order; call inside the transaction of the change. */
export async function appendAuditEvents(db: Db, events: readonly AuditEventInput[]): Promise<void> {
  if (!events.length) return;
  await auditInsert(db, events);
}

/**
 * The insert of the events, not yet run: to await, or to put in one statement with the change
 * it records (a data-modifying WITH), which is then atomic without a transaction. Not empty.
 */
export function auditInsert(db: Db, events: readonly AuditEventInput[]) {
  return db.insert(auditEvents).values(events.map(auditRow));
}

/** An event's row: every column named, absent ones null. */
function auditRow(e: AuditEventInput) {
  return {
    tenantId: e.tenantId,
    tenantType: e.tenantType,
    at: e.at,
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
  };
}

type AuditRow = ReturnType<typeof auditRow>;
const AUDIT_COLUMNS = Object.keys(auditRow({} as AuditEventInput)) as (keyof AuditRow)[];

/**
 * The insert of one event over placeholders (`e_` and the column), for a statement built once
 * (db/compiled.ts); `auditValues` gives their values.
 */
export function auditInsertOfPlaceholders(db: Db) {
  const row = Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, sql.placeholder(`e_${c}`)]));
  return db.insert(auditEvents).values(row as unknown as AuditRow);
}

/** The values of `auditInsertOfPlaceholders` for one event. */
export function auditValues(e: AuditEventInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(auditRow(e)).map(([c, v]) => [`e_${c}`, v]));
}
