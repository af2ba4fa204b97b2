/**
 * One drizzle database over either PGlite (embedded, a data folder on disk, the default)
 * or PostgreSQL (when a URL is given). Both speak the same SQL and run the same migrations.
 * Each driver is loaded when its database is opened: a server on one never holds the other.
 */

import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { paceQueries } from './paced.ts';
import { preparingEveryQuery } from './prepared.ts';
import * as schema from './schema/index.ts';
import { copyTemplateFolder, readTemplate, templateFile, templateFolder, writeTemplate } from './template.ts';

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
  /**
   * A query's rows as arrays of their values' text, never parsed: on PostgreSQL the bytes as
   * they crossed the wire (no decoding into a string, none back into bytes when they are sent
   * on: a million members' CSV, 150 MB, cost the server about 0.9 s of CPU doing both), on
   * PGlite strings.
   */
  textRows(query: SQL): Promise<(Buffer | string | null)[][]>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

function queryReporter(events: DatabaseEvents) {
  return { logQuery: () => events.onQuery?.() };
}

const POSTGRES_POOL_MAX = 10;
/** Compiles a drizzle query to its text and parameters for textRows, as drizzle does for its own. */
const dialect = new PgDialect();
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
 * The embedded PostgreSQL, in `dataDir` or in memory, with what the schema needs; a new one
 * starts from `loadDataDir` (a tarball of dumpDataDir) when given.
 */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm backs the members' free-text search index.
  return PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
    loadDataDir,
  });
}

/**
 * `dataDir` undefined means in-memory PGlite (tests). `fromTemplate: false` makes a new
 * database empty (a test of the migrations themselves). `baselineOnly` (the server's embedded
 * database): V8 compiles PostgreSQL's WebAssembly with its baseline compiler only (Liftoff),
 * never tiering hot functions up to TurboFan: that saves about 80 MB of resident code and
 * compiler memory for queries measured 0.xx as fast (bench/RESULTS.md), which an embedded
 * database of a small install can afford. The flag holds for the whole process, so tests and the
 * bench, which open many databases, leave it off.
 */
export async function openPglite(
  dataDir?: string,
  opts: { baselineOnly?: boolean; fromTemplate?: boolean } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  if (opts.baselineOnly) v8.setFlagsFromString('--liftoff-only');
  // A new database starts from the migrated template (db/template.ts): by default in memory
  // (tests), in a data folder when asked (the server and the CLI).
  const fromTemplate = opts.fromTemplate ?? !dataDir;
  const fresh = fromTemplate && (!dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION')));
  let template = fresh ? templateFile(migrationsFolder) : undefined;
  // A data folder on disk: the template folder copied in, when the build made one.
  if (template && dataDir && copyTemplateFolder(template, dataDir)) template = undefined;
  const tarball = template ? readTemplate(template) : undefined;
  let templateDue = template !== undefined && tarball === undefined;
  const [client, { drizzle }, { migrate }] = await Promise.all([
    createPglite(dataDir, tarball),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // One query a turn of the event loop, so that connections are accepted in between (db/paced.ts).
  paceQueries(client);
  const events: DatabaseEvents = {};
  const db = drizzle(client, { schema, logger: queryReporter(events) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    maxConnections: 1,
    events,
    textRows: async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      events.onQuery?.();
      const { rows } = await client.query<unknown[]>(text, params, { rowMode: 'array' });
      return rows.map((row) => row.map((v) => (v == null ? null : String(v))));
    },
    migrate: async () => {
      await migrate(db as never, { migrationsFolder });
      // A database made by initdb, migrated for the first time and still empty, becomes the template.
      if (template && templateDue) {
        templateDue = false;
        writeTemplate(template, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
      }
    },
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

/**
 * drizzle's migrator (its bookkeeping in drizzle.__drizzle_migrations, a migration applied when
 * newer than the last recorded), run in one transaction that first takes a transaction-level
 * advisory lock: nodes starting together migrate one at a time, the later ones finding nothing
 * left to do. A session lock would exclude no one where clients share one session (the embedded
 * database served over the PostgreSQL protocol in the multi-node test and db/migrate.test.ts).
 */
async function migrateLocked(db: Db): Promise<void> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.migrate}::bigint)`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const [last] = rowsOf<{ created_at: string }>(
      await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`);
    }
  });
}

export async function openPostgres(url: string): Promise<Database> {
  const [{ default: postgres }, { drizzle }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
  ]);
  const client = preparingEveryQuery(postgres(url, { max: POSTGRES_POOL_MAX, onnotice: () => {} }));
  const events: DatabaseEvents = {};
  const db = drizzle(client, { schema, logger: queryReporter(events) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    maxConnections: POSTGRES_POOL_MAX,
    events,
    textRows: async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      events.onQuery?.();
      // raw(): each value the Buffer of its bytes in the message (postgres-js parses nothing).
      return (await client.unsafe(text, params as never[]).raw()) as unknown as (Buffer | null)[][];
    },
    migrate: () => migrateLocked(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Where the embedded database keeps its files, in DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Whether a new embedded data folder is copied from a template folder (the built server's). */
export const hasTemplateFolder = () =>
  fs.existsSync(path.join(templateFolder(templateFile(migrationsFolder)), 'PG_VERSION'));

/** The server's database: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(pgliteDir(opts.dataDir), { baselineOnly: true, fromTemplate: true });
}
