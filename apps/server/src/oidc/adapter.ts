/**
 * oidc-provider's storage, in the database (table oidc_payloads), so that it works on PGlite and
 * PostgreSQL alike and every node sees the same sessions, interactions, grants and tokens. The
 * `Client` model is not stored: clients are the integrations' applications (clients.ts).
 * Expired rows are removed a bounded batch at a time, at most once a minute per process.
 *
 * A copy of the table (or of a backup) lets no one in: a model whose id is a bearer secret (a
 * token, a code, the session cookie's value) is keyed by the id's SHA-256, and the id is not kept
 * in its payload (the provider is given it back from the id it looks up). Spending a code or a
 * refresh token is one conditional update, so of two requests racing with the same one only one
 * wins; the other is a reuse, which ends the grant and everything issued under it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';

const CLEANUP_EVERY_MS = 60_000;
const CLEANUP_BATCH = 500;

/** Web login rows that live as long as their interaction, removed with the provider's own. */
const SWEPT_TABLES = ['oidc_payloads', 'oidc_sign_ins', 'app_approvals'] as const;

/** Models whose id is a bearer secret: what presenting it gets is a token, a code or a session. */
const SECRET_IDS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'Session',
]);

/** What a reuse answers (the library's InvalidGrant; the library is imported only where it serves). */
export type ReuseError = (what: string) => Error;

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
  private readonly secretIds: boolean;

  constructor(
    private readonly db: Db,
    private readonly type: string,
    private readonly sweeper: Sweeper,
    private readonly reused: ReuseError,
  ) {
    this.secretIds = SECRET_IDS.has(type);
  }

  /** The row's key: the id itself, or its hash where the id is a secret. */
  private stored(id: string): string {
    return this.secretIds ? sha256(id) : id;
  }

  private key(id: string) {
    return and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, this.stored(id)));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const columns = {
      payload: kept(this.type, payload, this.secretIds),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id: this.stored(id), type: this.type, ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: columns });
    await this.sweeper.maybeSweep();
  }

  private async findWhere(where: ReturnType<typeof and>, id?: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(where)
      .limit(1);
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
    const payload = { ...(row.payload as AdapterPayload), ...(id && this.secretIds ? { jti: id } : {}) };
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string) {
    return this.findWhere(this.key(id), id);
  }

  findByUserCode(userCode: string) {
    return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.userCode, userCode)));
  }

  /** A session by its uid (not its secret id): read to check a token's session, never saved back. */
  findByUid(uid: string) {
    return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.uid, uid)));
  }

  /**
   * Spends a code or refresh token once: a second spender (a racing request) finds it spent, ends
   * its grant as a reuse does, and is answered invalid_grant.
   */
  async consume(id: string): Promise<void> {
    const [spent] = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(this.key(id), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id });
    if (spent) return;
    const [row] = await this.db.select({ grantId: oidcPayloads.grantId }).from(oidcPayloads).where(this.key(id));
    if (row?.grantId) await this.revokeGrant(row.grantId);
    throw this.reused(`${this.type} already used`);
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }

  /** The grant and everything issued under it. */
  private async revokeGrant(grantId: string): Promise<void> {
    await this.revokeByGrantId(grantId);
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)));
  }
}

/**
 * The payload as stored: without the secret id, and an interaction without the session cookie's
 * value the library copies into it (and never reads back).
 */
function kept(type: string, payload: AdapterPayload, secretId: boolean): Record<string, unknown> {
  const { jti, ...rest } = payload;
  const out: Record<string, unknown> = secretId ? rest : { jti, ...rest };
  if (type === 'Interaction' && payload.session && typeof payload.session === 'object') {
    const { cookie: _cookie, ...session } = payload.session as Record<string, unknown>;
    out.session = session;
  }
  return out;
}
