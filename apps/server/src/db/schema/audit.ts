/**
 * The audit trail (issue 10): one row per administrative action and staff sign-in step,
 * hash-chained per tenant. A row is inserted with the change it records, unsealed (seq, prevHash
 * and hash null), and the sealer (audit/sealer.ts) links it into its tenant's chain moments
 * later, so writers never wait on each other. Rows are never edited after sealing and are pruned
 * past the retention from the oldest end; `audit_chains` holds each tenant's head.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A customer's or a reseller's id (no foreign key: the trail outlives what it names). */
    tenantId: uuid('tenant_id').notNull(),
    tenantType: text('tenant_type', { enum: ['customer', 'reseller'] }).notNull(),
    /** Insertion order (from a sequence: no lock), the tiebreaker of equal times. */
    pos: bigserial('pos', { mode: 'number' }).notNull(),
    /** Position in the tenant's chain, from 1; null until sealed. */
    seq: bigint('seq', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorType: text('actor_type').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    sourceIp: text('source_ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    reason: text('reason'),
    requestId: text('request_id'),
    details: jsonb('details').notNull().default({}),
    /** SHA-256 (hex) of the previous row of the chain, or of the anchor left by pruning. */
    prevHash: text('prev_hash'),
    /** SHA-256 (hex) linking prevHash, seq and the digest of this row's content (audit/chain.ts). */
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_events_chain_idx').on(t.tenantId, t.seq),
    // Newest first, per tenant, then each filter of the drawer.
    index('audit_events_tenant_at_idx').on(t.tenantId, t.at, t.pos),
    // The sealer's queue: only unsealed rows, a handful at any time.
    index('audit_events_unsealed_idx').on(t.tenantId).where(sql`seq is null`),
    index('audit_events_target_idx').on(t.tenantId, t.targetType, t.targetId, t.at),
    index('audit_events_actor_idx').on(t.tenantId, t.actorId, t.at),
    index('audit_events_actor_name_idx').on(t.tenantId, t.actorName, t.at),
    index('audit_events_action_idx').on(t.tenantId, t.action, t.at),
    // Refusals are few: a small index counts them without reading the rest.
    index('audit_events_failures_idx').on(t.tenantId, t.at).where(sql`outcome = 'failure'`),
  ],
);

/** Each tenant's chain head: the sealer locks it while linking, so a chain never forks. */
export const auditChains = pgTable('audit_chains', {
  tenantId: uuid('tenant_id').primaryKey(),
  tenantType: text('tenant_type', { enum: ['customer', 'reseller'] }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
  /** Pruning keeps the last pruned row's seq and hash, so what is kept still verifies. */
  anchorSeq: bigint('anchor_seq', { mode: 'number' }).notNull().default(0),
  anchorHash: text('anchor_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
