/**
 * Reading the audit trail. A customer user sees its customer's chain; a reseller user its own
 * and each of its customers'; nobody another tenant's. Events are written by the request
 * pipeline (plugins/audit.ts), never here.
 */
import { AUDIT_ACTIONS, type AuditEvent, type AuditListQuery, type AuditVerify } from '@portiere/contracts';
import { and, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditSealer } from '../../audit/sealer.ts';
import { verifyChain } from '../../audit/verify.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { auditChains, auditEvents, customers, resellers } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { paging } from '../../lib/paging.ts';

interface Tenant {
  id: string;
  type: 'customer' | 'reseller';
  name: string;
}

type EventRow = typeof auditEvents.$inferSelect;
type AuditFilters = Omit<AuditListQuery, 'page' | 'page_size'>;

const list = (csv?: string) =>
  (csv ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function toEvent(r: EventRow, tenants: Map<string, Tenant>): AuditEvent {
  return {
    id: r.id,
    seq: r.seq,
    at: r.at.toISOString(),
    tenant_type: r.tenantType,
    tenant_id: r.tenantId,
    tenant_name: tenants.get(r.tenantId)?.name ?? '',
    actor_type: r.actorType as AuditEvent['actor_type'],
    actor_id: r.actorId,
    actor_name: r.actorName,
    source_ip: r.sourceIp,
    user_agent: r.userAgent,
    action: r.action as AuditEvent['action'],
    target_type: r.targetType as AuditEvent['target_type'],
    target_id: r.targetId,
    target_name: r.targetName,
    outcome: r.outcome,
    reason: r.reason,
    request_id: r.requestId,
    details: r.details as Record<string, unknown>,
  };
}

export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly sealer: AuditSealer,
  ) {}

  /** The tenants whose events the user may read. */
  async visibleTenants(user: AuthUser): Promise<Tenant[]> {
    if (user.user_type === 'CustomerUser') {
      const rows = await this.db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(eq(customers.id, user.customer_id ?? ''));
      return rows.map((c) => ({ ...c, type: 'customer' as const }));
    }
    const resellerId = user.reseller_id ?? '';
    const [own, theirs] = await Promise.all([
      this.db.select({ id: resellers.id, name: resellers.name }).from(resellers).where(eq(resellers.id, resellerId)),
      this.db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(eq(customers.resellerId, resellerId)),
    ]);
    return [
      ...own.map((r) => ({ ...r, type: 'reseller' as const })),
      ...theirs.map((c) => ({ ...c, type: 'customer' as const })),
    ];
  }

  /** The tenants the query may read and the conditions of its filters. */
  private async scope(user: AuthUser, q: AuditFilters) {
    const visible = await this.visibleTenants(user);
    const tenants = new Map(visible.map((t) => [t.id, t]));
    // A tenant filter outside what the user sees matches nothing rather than failing.
    const ids = q.tenant ? visible.filter((t) => t.id === q.tenant).map((t) => t.id) : [...tenants.keys()];
    const filters = this.filters(q);
    return { tenants, ids, filters, where: and(inArray(auditEvents.tenantId, ids), ...filters) };
  }

  async list(user: AuthUser, q: AuditListQuery) {
    const { tenants, ids, filters, where } = await this.scope(user, q);
    const { page, size, offset } = paging(q);
    if (!ids.length) return { count: 0, results: [], next_page: null };
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.at), desc(auditEvents.pos))
        .limit(size)
        .offset(offset),
      filters.length ? this.count(where) : this.keptEvents(ids),
    ]);
    return {
      count: total,
      results: rows.map((r) => toEvent(r, tenants)),
      next_page: page * size < total ? page + 1 : null,
    };
  }

  /**
   * Every matching event, newest first, read in keyset batches on (at, pos): the millionth
   * row costs what the first does.
   */
  async *exportEvents(user: AuthUser, q: AuditFilters, batchRows = 1000): AsyncGenerator<AuditEvent> {
    const { tenants, ids, where } = await this.scope(user, q);
    if (!ids.length) return;
    let last: EventRow | undefined;
    for (;;) {
      const after = last
        ? sql`(${auditEvents.at}, ${auditEvents.pos}) < (${last.at.toISOString()}::timestamptz, ${last.pos})`
        : undefined;
      const rows = await this.db
        .select()
        .from(auditEvents)
        .where(after ? and(where, after) : where)
        .orderBy(desc(auditEvents.at), desc(auditEvents.pos))
        .limit(batchRows);
      for (const r of rows) yield toEvent(r, tenants);
      last = rows.at(-1);
      if (!last || rows.length < batchRows) return;
    }
  }

  async verify(user: AuthUser): Promise<AuditVerify> {
    // What is committed gets sealed first, so the check covers every event up to now.
    await this.sealer.flush();
    const chains = [];
    for (const t of await this.visibleTenants(user)) {
      const c = await verifyChain(this.db, t.id);
      chains.push({
        tenant_type: t.type,
        tenant_id: t.id,
        tenant_name: t.name,
        checked: c.checked,
        ok: c.ok,
        first_broken_seq: c.firstBrokenSeq,
        first_broken_id: c.firstBrokenId,
      });
    }
    return { ok: chains.every((c) => c.ok), chains };
  }

  private filters(q: AuditFilters): SQL[] {
    const out: SQL[] = [];
    // An actor is named by id or by username (as it was when acting).
    const actors = list(q.actor);
    const actorIds = actors.filter(isUuid);
    const actorNames = actors.filter((a) => !isUuid(a)).map((a) => a.toLowerCase());
    if (actors.length) {
      out.push(
        or(
          ...(actorIds.length ? [inArray(auditEvents.actorId, actorIds)] : []),
          ...(actorNames.length ? [inArray(auditEvents.actorName, actorNames)] : []),
        ) as SQL,
      );
    }
    const actions = list(q.action);
    if (actions.length) {
      // `member.` names every action on members: expanded from the catalogue, so the count
      // reads the (tenant, action, at) index instead of matching a pattern row by row.
      const named = actions.flatMap((a) =>
        a.endsWith('.') ? AUDIT_ACTIONS.filter((known) => known.startsWith(a)) : [a],
      );
      out.push(named.length ? inArray(auditEvents.action, named) : sql`false`);
    }
    if (q.target_type) out.push(eq(auditEvents.targetType, q.target_type));
    if (q.target_id) out.push(eq(auditEvents.targetId, q.target_id));
    // Written as a literal so that even a generic plan can use the partial index of failures.
    if (q.outcome === 'failure') out.push(sql`${auditEvents.outcome} = 'failure'`);
    else if (q.outcome) out.push(eq(auditEvents.outcome, q.outcome));
    if (q.from) out.push(gte(auditEvents.at, new Date(`${q.from}T00:00:00Z`)));
    // `to` is inclusive: events of that whole day.
    if (q.to) out.push(lt(auditEvents.at, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
    return out;
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(auditEvents).where(where);
    return Number(row?.n ?? 0);
  }

  /**
   * Without filters the chain heads know the count (seq minus what pruning removed), plus the
   * few events not sealed yet (a partial index holds just those).
   */
  private async keptEvents(ids: string[]): Promise<number> {
    const [sealed, unsealed] = await Promise.all([
      this.db
        .select({ n: sql<string>`coalesce(sum(${auditChains.seq} - ${auditChains.anchorSeq}), 0)` })
        .from(auditChains)
        .where(inArray(auditChains.tenantId, ids)),
      this.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(inArray(auditEvents.tenantId, ids), isNull(auditEvents.seq))),
    ]);
    return Number(sealed[0]?.n ?? 0) + Number(unsealed[0]?.n ?? 0);
  }
}
