/**
 * One drizzle database over either PGlite (embedded, a data folder on disk, the default)
 * or PostgreSQL (when a URL is given). Both speak the same SQL and run the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
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
export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PGlite's own start parameters, plus memory settings for one embedded user: its WebAssembly
 * memory never shrinks, so every buffer PostgreSQL touches once stays resident. 16 MB of shared
 * buffers (default 128 MB) and 16 MB for index builds (default 64 MB) keep the idle server small;
 * the operating system's page cache still holds the data files.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'],
];

/** `dataDir` undefined means in-memory PGlite (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the members' free-text search index.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  const events: DatabaseEvents = {};
  const db = drizzlePglite(client, { schema, logger: queryReporter(events) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    maxConnections: 1,
    events,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
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

export function openPostgres(url: string): Database {
  const client = postgres(url, { max: POSTGRES_POOL_MAX, onnotice: () => {} });
  const events: DatabaseEvents = {};
  const db = drizzlePostgres(client, { schema, logger: queryReporter(events) }) as unknown as Db;
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
        await migratePostgres(db as never, { migrationsFolder });
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

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pglite'));
}
