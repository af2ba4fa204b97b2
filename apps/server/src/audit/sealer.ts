/**
 * Links committed, unsealed audit events into their tenants' hash chains, in batches.
 *
 * Writers insert events without touching the chain (audit/append.ts), so requests of one
 * tenant never queue behind each other's commits; the sealer gives each row its seq, the
 * previous row's hash and its own (audit/chain.ts) moments later. One sealer runs at a time in
 * the whole install (a transaction-level advisory lock, which pruning takes too); a node that
 * finds it taken leaves the rows to the holder or to its own next run.
 */
import { asc, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, type Db, rowsOf } from '../db/client.ts';
import { auditChains, auditEvents } from '../db/schema/index.ts';
import { loggableError } from '../lib/db-errors.ts';
import { GENESIS_HASH, hashEvent } from './chain.ts';

export const SEAL_BATCH = 500;

/** Seals up to `batch` rows in one transaction: the count sealed, or null when another sealer holds the lock. */
export async function sealPending(db: Db, batch = SEAL_BATCH): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.auditChains}::bigint) as ok`);
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return null;
    const rows = await tx
      .select()
      .from(auditEvents)
      .where(isNull(auditEvents.seq))
      .orderBy(asc(auditEvents.pos))
      .limit(batch);
    if (!rows.length) return 0;
    const tenantIds = [...new Set(rows.map((r) => r.tenantId))];
    const heads = new Map(
      (await tx.select().from(auditChains).where(inArray(auditChains.tenantId, tenantIds))).map((h) => [
        h.tenantId,
        { tenantType: h.tenantType, seq: h.seq, hash: h.hash },
      ]),
    );
    const sealed: SQL[] = [];
    for (const row of rows) {
      const head = heads.get(row.tenantId) ?? { tenantType: row.tenantType, seq: 0, hash: GENESIS_HASH };
      const seq = head.seq + 1;
      const hash = hashEvent({ ...row, seq, prevHash: head.hash });
      sealed.push(sql`(${row.id}::uuid, ${seq}::bigint, ${head.hash}, ${hash})`);
      heads.set(row.tenantId, { tenantType: head.tenantType, seq, hash });
    }
    const newHeads = tenantIds.map((id) => {
      const h = heads.get(id) as { tenantType: string; seq: number; hash: string };
      return sql`(${id}::uuid, ${h.tenantType}, ${h.seq}::bigint, ${h.hash}, ${GENESIS_HASH})`;
    });
    await tx.execute(sql`
      update audit_events e set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
      from (values ${sql.join(sealed, sql`, `)}) as v(id, seq, prev_hash, hash)
      where e.id = v.id`);
    await tx.execute(sql`
      insert into audit_chains (tenant_id, tenant_type, seq, hash, anchor_hash)
      values ${sql.join(newHeads, sql`, `)}
      on conflict (tenant_id) do update set seq = excluded.seq, hash = excluded.hash, updated_at = now()`);
    return rows.length;
  });
}

/** Seals until nothing is left: 'busy' when another sealer holds the lock. */
export async function sealEverything(db: Db): Promise<'done' | 'busy'> {
  for (;;) {
    const n = await sealPending(db);
    if (n === null) return 'busy';
    if (n < SEAL_BATCH) return 'done';
  }
}

interface SealerLog {
  warn(obj: object, msg: string): void;
}

/**
 * Runs the sealing of one process: shortly after writes (`kick`, bursts share a run), on a
 * slow sweep for rows nobody kicked for (a crash, another node), and on demand (`flush`).
 */
export class AuditSealer {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private closed = false;

  /** `db` is the plain database: a timer set inside a request must not reach its transaction. */
  constructor(
    private readonly db: Db,
    private readonly log: SealerLog,
    private readonly opts = { delayMs: 100, sweepMs: 5_000 },
  ) {}

  /** Something was written: seal within `delayMs`. */
  kick(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sealAll();
    }, this.opts.delayMs);
    this.timer.unref();
  }

  /** Seals everything committed so far (before verifying, and in tests); throws what sealing threw. */
  async flush(): Promise<void> {
    // Another node holding the lock finishes its batch within milliseconds.
    for (let tries = 0; tries < 50; tries++) {
      const result = await this.sealAll();
      if (result instanceof Error) throw result;
      if (result === 'done') return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  start(): void {
    this.sweep = setInterval(() => void this.sealAll(), this.opts.sweepMs);
    this.sweep.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.sweep);
    await this.queue;
  }

  /** One run at a time in this process; resolves once everything found is sealed. */
  private sealAll(): Promise<'done' | 'busy' | Error> {
    const run = this.queue.then(async () => {
      try {
        return await sealEverything(this.db);
      } catch (error) {
        this.log.warn({ error: loggableError(error) }, 'audit sealing failed; retried at the next write or sweep');
        return error instanceof Error ? error : new Error(String(error));
      }
    });
    this.queue = run;
    return run;
  }
}
