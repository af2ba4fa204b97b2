/**
 * The hash chain of the audit trail. Each row's hash is the SHA-256 of its canonical
 * serialisation, which includes the previous row's hash: editing, removing or reordering a
 * row breaks every link after it. Canonical means fixed field order and object keys sorted at
 * every depth, so the same event always hashes the same on any node and after a restore.
 */
import { createHash } from 'node:crypto';

/** The link before a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hashed fields of a row, as stored. */
export interface ChainedFields {
  tenantId: string;
  tenantType: string;
  seq: number;
  at: Date;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  sourceIp: string | null;
  userAgent: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  outcome: string;
  reason: string | null;
  requestId: string | null;
  details: unknown;
  prevHash: string;
}

/** JSON with object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function hashEvent(e: ChainedFields): string {
  const fields = [
    e.tenantId,
    e.tenantType,
    e.seq,
    e.at.toISOString(),
    e.actorType,
    e.actorId,
    e.actorName,
    e.sourceIp,
    e.userAgent,
    e.action,
    e.targetType,
    e.targetId,
    e.targetName,
    e.outcome,
    e.reason,
    e.requestId,
    e.details,
    e.prevHash,
  ];
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}
