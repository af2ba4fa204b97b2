/**
 * The databases every database suite runs on: embedded PGlite always, and PostgreSQL
 * too when TEST_DATABASE_URL is set (each test file gets a fresh database there).
 */
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createPglite, type Database, openPglite, openPostgres } from '../db/client.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** `empty`: no migration applied yet, for tests of the migrations themselves. */
  open(opts?: { empty?: boolean }): Promise<Database>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { name: 'pglite', open: (opts) => openPglite(undefined, { fromTemplate: !opts?.empty }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return list;
}

async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const scratch = await createScratchPostgres(adminUrl);
  const database = await openPostgres(scratch.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new empty database on the server of `adminUrl`: its URL, and how to drop it. */
export async function createScratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portiere_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The extended-protocol messages a client sends before the Sync that ends the exchange. */
const EXCHANGE_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * PGlite as pglite-socket's queue sees it. Its one session holds one unnamed statement and
 * portal, and after an error skips to the next Sync, for all clients alike; the queue keeps a
 * client alone on it only while a transaction is open. Reported as a transaction too, a
 * client's extended-protocol exchange (Parse, Bind, Execute up to Sync) is kept whole:
 * without this, another client's Bind or Sync comes between and a node's query fails with
 * `portal "" does not exist`.
 */
function exchangesWhole(db: PGlite): PGlite {
  let open = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'isInTransaction') return () => open || target.isInTransaction();
      if (prop === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0] ?? 0;
          if (EXCHANGE_MESSAGES.has(type)) open = true;
          else if (type === SYNC[0]) open = false;
          return target.execProtocolRawStream(message, options);
        };
      }
      // The queue's ROLLBACK for a client that left mid-transaction: end its exchange first.
      if (prop === 'exec') {
        return async (query: string) => {
          if (open) await target.execProtocolRaw(SYNC);
          open = false;
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A new embedded database served over the PostgreSQL protocol (pglite-socket), for server
 * processes that connect to it by URL as to PostgreSQL: its URL, and how to stop it. PGlite has
 * one session: the socket server queues its clients' messages onto it, each client's
 * transaction (and exchange, above) whole, and a session-level lock taken by one client is held
 * by all of them.
 */
export async function serveScratchPglite(): Promise<{ url: string; drop(): Promise<void> }> {
  const [{ PGLiteSocketServer }, db] = await Promise.all([import('@electric-sql/pglite-socket'), createPglite()]);
  // Room for every pool that connects (each node's holds up to 10 connections).
  const server = new PGLiteSocketServer({ db: exchangesWhole(db), host: '127.0.0.1', port: 0, maxConnections: 100 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    drop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
