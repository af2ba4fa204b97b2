/**
 * Where @fastify/rate-limit counts requests, so that every node of an install counts together
 * (its default store is a per-process memory): Redis when REDIS_URL is set, else the
 * `rate_limit_hits` table of the shared database (PGlite too, for one code path).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import { type Db, rowsOf } from '../db/client.ts';
import { compiled } from '../db/compiled.ts';
import { rateLimitHits } from '../db/schema/index.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type ChildOptions = RouteOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** How often a process removes windows that have ended. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed windows in one table: a request is one atomic upsert that starts a new window when
 * the old one has ended, else adds one, and answers the count and the window's end.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private readonly shared: { lastPrune: number };

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly prefix = '',
    shared?: { lastPrune: number },
  ) {
    this.shared = shared ?? { lastPrune: 0 };
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.hit(this.prefix + key, timeWindow).then((r) => callback(null, r), callback);
  }

  /** Rate limits of different routes count apart, as with the plugin's own stores. */
  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    const route = routeOptions.routeInfo ?? {};
    return new PostgresRateLimitStore(this.db, this.now, `${route.method ?? ''}${route.url ?? ''}-`, this.shared);
  }

  async hit(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    const rows = rowsOf<{ hits: number; reset_ms: number }>(
      await HIT(this.db, {
        key,
        at: now.toISOString(),
        reset_at: new Date(now.getTime() + timeWindowMs).toISOString(),
      }),
    );
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    await this.pruneNowAndThen(now);
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_ms) - now.getTime()) };
  }

  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.shared.lastPrune < PRUNE_EVERY_MS) return;
    this.shared.lastPrune = now.getTime();
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, now));
  }
}

/**
 * One request's count: starts a new window when the old one has ended, else adds one. Built
 * once (db/compiled.ts): it runs before every rate-limited request, sign-in attempts first.
 */
const HIT = compiled<{ key: string; at: string; reset_at: string }>((db) => {
  const ended = sql`${rateLimitHits.resetAt} <= ${sql.placeholder('at')}::timestamptz`;
  return db
    .insert(rateLimitHits)
    .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql`${sql.placeholder('reset_at')}::timestamptz` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      reset_ms: sql<number>`(extract(epoch from ${rateLimitHits.resetAt}) * 1000)::float8`.as('reset_ms'),
    })
    .getSQL();
});

export interface RateLimitStorage {
  options: RateLimitPluginOptions;
  /** Which store counts, for the start-up message. */
  kind: 'redis' | 'database';
  close(): Promise<void>;
}

export async function rateLimitStorage(opts: {
  redisUrl?: string;
  db: Db;
  now?: () => Date;
  log: FastifyBaseLogger;
}): Promise<RateLimitStorage> {
  if (opts.redisUrl) {
    // Loaded only when Redis counts (about 2 MB of heap otherwise held for nothing).
    const { Redis } = await import('ioredis');
    // Short timeouts: a request waits at most about a second for Redis.
    const redis = new Redis(opts.redisUrl, {
      connectTimeout: 500,
      maxRetriesPerRequest: 1,
      connectionName: 'portiere-rate-limit',
    });
    let warned = false;
    redis.on('error', (err) => {
      if (!warned) opts.log.warn({ err: err.message }, 'rate-limit Redis unreachable; counting paused');
      warned = true;
    });
    redis.on('ready', () => {
      warned = false;
    });
    return {
      kind: 'redis',
      // While Redis is down the per-address limit lets requests through instead of failing
      // them; the per-account sign-in throttle, in the database, still holds.
      options: { redis, nameSpace: 'portiere-rate-limit-', skipOnError: true },
      // Nothing to flush: counts are written as they come. quit() could wait on a dead server.
      close: async () => redis.disconnect(),
    };
  }
  const db = opts.db;
  const now = opts.now;
  class Store extends PostgresRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {
      super(db, now);
    }
  }
  return { kind: 'database', options: { store: Store }, close: async () => {} };
}
