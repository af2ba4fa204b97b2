/** Runs a bench on embedded PGlite and, with BENCH_DATABASE_URL, on a scratch PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { type Database, openPglite, openPostgres } from '@portiere/server';
import postgres from 'postgres';

export async function onEachDatabase<T>(
  measure: (database: Database) => Promise<T>,
  opts: { pglite?: boolean } = {},
): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  if (opts.pglite ?? true) out.pglite = await measure(await openPglite());
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `portiere_bench_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      out.postgres = await measure(await openPostgres(u.toString()));
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  return out;
}
