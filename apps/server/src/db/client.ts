/**
 * One drizzle database over either PGlite (embedded, a data folder on disk, the default)
 * or PostgreSQL (when a URL is given). Both speak the same SQL and run the same migrations.
 * Each driver is loaded when its database is opened: a server on one never holds the other.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { preparingEveryQuery } from './prepared.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: both drivers share this base type
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

/** Set by whoever counts queries (the metrics plugin); drizzle reports each query here. */
export interface DatabaseEvents {
  onQuery?: () => void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections this process may open: PGlite has one, the PostgreSQL pool POSTGRES_POOL_MAX. */
  maxConnections: number;
  events: DatabaseEvents;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

function queryReporter(events: DatabaseEvents) {
  return { logQuery: () => events.onQuery?.() };
}

const POSTGRES_POOL_MAX = 10;
/** Where drizzle's migrations are: beside the source, or copied beside the bundle by the build. */
/** The rows of `db.execute`: postgres-js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Memory settings for one embedded user, beside PGlite's own start parameters: its WebAssembly
 * memory never shrinks, and PostgreSQL touches all of its shared buffers at start, so each MB of
 * them stays resident. 8 MB of shared buffers (default 128 MB) and 16 MB for index builds
 * (default 64 MB) keep the idle server small; the operating system's page cache still holds the
 * data files.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'];

/**
 * `dataDir` undefined means in-memory PGlite (tests). `baselineOnly` (the server's embedded
 * database): V8 compiles PostgreSQL's WebAssembly with its baseline compiler only (Liftoff),
 * never tiering hot functions up to TurboFan: that saves about 80 MB of resident code and
 * compiler memory for queries measured 0.xx as fast (bench/RESULTS.md), which an embedded
 * database of a small install can afford. The flag holds for the whole process, so tests and the
 * bench, which open many databases, leave it off.
 */
export async function openPglite(dataDir?: string, opts: { baselineOnly?: boolean } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  if (opts.baselineOnly) v8.setFlagsFromString('--liftoff-only');
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // pg_trgm backs the members' free-text search index.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
  });
  const events: DatabaseEvents = {};
  const db = drizzle(client, { schema, logger: queryReporter(events) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    maxConnections: 1,
    events,
    migrate: () => migrate(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * PostgreSQL advisory lock keys: held while migrating, seeding and creating the signing key, so
 * that nodes starting together on one database do each once, one at a time.
 */
export const ADVISORY_LOCKS = {
  migrate: 0x706f7274_01,
  seed: 0x706f7274_02,
  signingKey: 0x706f7274_03,
  /** Sealing and pruning the audit chains (audit/sealer.ts, audit/prune.ts). */
  auditChains: 0x706f7274_04,
  /** Creating and rotating the OpenID provider's signing keys (oidc/keys.ts). */
  oidcKeys: 0x706f7274_05,
} as const;

export async function openPostgres(url: string): Promise<Database> {
  const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
    import('drizzle-orm/postgres-js/migrator'),
  ]);
  const client = preparingEveryQuery(postgres(url, { max: POSTGRES_POOL_MAX, onnotice: () => {} }));
  const events: DatabaseEvents = {};
  const db = drizzle(client, { schema, logger: queryReporter(events) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    maxConnections: POSTGRES_POOL_MAX,
    events,
    migrate: async () => {
      // A session lock on a connection of its own, released when that connection ends.
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${ADVISORY_LOCKS.migrate}::bigint)`;
        await migrate(db as never, { migrationsFolder });
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Where the embedded database keeps its files, in DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** The server's database: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(pgliteDir(opts.dataDir), { baselineOnly: true });
}
