/**
 * The databases every database suite runs on: embedded PGlite always, and PostgreSQL
 * too when TEST_DATABASE_URL is set (each test file gets a fresh database there).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openPglite() }];
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
