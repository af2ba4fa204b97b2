/**
 * oidc-provider's storage, in the database (table oidc_payloads), so that it works on PGlite and
 * PostgreSQL alike and every node sees the same sessions, interactions, grants and tokens. The
 * `Client` model is not stored: clients are the integrations' applications (clients.ts).
 * Expired rows are removed a bounded batch at a time, at most once a minute per process.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

const CLEANUP_EVERY_MS = 60_000;
const CLEANUP_BATCH = 500;

/** Web sign-in rows that live as long as their interaction, removed with the provider's own. */
const SWEPT_TABLES = ['oidc_payloads', 'oidc_sign_ins', 'app_approvals'] as const;

export class Sweeper {
  private last = 0;

  constructor(private readonly db: Db) {}

  /** Removes a batch of expired rows from each table, unless that was done less than a minute ago. */
  async maybeSweep(): Promise<void> {
    const now = Date.now();
    if (now - this.last < CLEANUP_EVERY_MS) return;
    this.last = now;
    for (const table of SWEPT_TABLES) {
      await this.db.execute(
        sql`delete from ${sql.identifier(table)} where ctid in (select ctid from ${sql.identifier(table)} where expires_at < now() limit ${CLEANUP_BATCH})`,
      );
    }
  }
}

export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly type: string,
    private readonly sweeper: Sweeper,
  ) {}

  private key(id: string) {
    return and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const columns = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, type: this.type, ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: columns });
    await this.sweeper.maybeSweep();
  }

  private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(where)
      .limit(1);
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string) {
    return this.findWhere(this.key(id));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.userCode, userCode)));
  }

  findByUid(uid: string) {
    return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.uid, uid)));
  }

  async consume(id: string): Promise<void> {
    await this.db.update(oidcPayloads).set({ consumedAt: new Date() }).where(this.key(id));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}
