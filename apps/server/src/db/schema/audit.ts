/**
 * The audit trail (issue 10): one row per administrative action and staff sign-in step,
 * hash-chained per tenant. Rows are only ever appended (and pruned past the retention from the
 * oldest end); `audit_chains` holds each tenant's head, which serialises appends to a chain.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A customer's or a reseller's id (no foreign key: the trail outlives what it names). */
    tenantId: uuid('tenant_id').notNull(),
    tenantType: text('tenant_type', { enum: ['customer', 'reseller'] }).notNull(),
    /** Position in the tenant's chain, from 1. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
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
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 (hex) of this row's canonical serialisation (audit/chain.ts), prevHash included. */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_events_chain_idx').on(t.tenantId, t.seq),
    // Newest first, per tenant, then each filter of the drawer.
    index('audit_events_tenant_at_idx').on(t.tenantId, t.at, t.seq),
    index('audit_events_target_idx').on(t.tenantId, t.targetType, t.targetId, t.at),
    index('audit_events_actor_idx').on(t.tenantId, t.actorId, t.at),
    index('audit_events_actor_name_idx').on(t.tenantId, t.actorName, t.at),
    index('audit_events_action_idx').on(t.tenantId, t.action, t.at),
  ],
);

/** Each tenant's chain head: appending locks this row, so a chain never forks. */
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
