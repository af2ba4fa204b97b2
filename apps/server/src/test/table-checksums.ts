/**
 * A checksum of every table of the public schema, so a suite can show that a refused request
 * changed nothing: compare before and after; the differing keys name the tables.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface ChecksumOptions {
  /**
   * Leave out the sign-in bookkeeping (login_attempts, login_throttle*, rate_limit_hits): a
   * refused sign-in rightly records the attempt there, and a rate-limited route counts it.
   * The audit trail (audit_events, audit_chains) too: a refused action of a declared route,
   * and a refused sign-in, rightly get a `failure` event there (plugins/audit.ts).
   */
  excludeSignInBookkeeping?: boolean;
}

/** Rows of a raw query on either driver (PGlite answers {rows}, postgres-js an array). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const tableLists = new WeakMap<Db, Promise<string[]>>();

/** Base tables of the public schema, read once per database handle. */
export function publicTables(db: Db): Promise<string[]> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ).then((rows) => rows.map((r) => r.name));
    tableLists.set(db, tables);
  }
  return tables;
}

export const isSignInBookkeeping = (table: string): boolean =>
  table === 'login_attempts' ||
  table.startsWith('login_throttle') ||
  table === 'rate_limit_hits' ||
  table.startsWith('audit_');

/** md5 of each table's rows, independent of row order, in one round trip. */
export async function tableChecksums(db: Db, opts: ChecksumOptions = {}): Promise<Record<string, string>> {
  const tables = (await publicTables(db)).filter((t) => !(opts.excludeSignInBookkeeping && isSignInBookkeeping(t)));
  if (tables.length === 0) return {};
  const ident = (t: string) => `"${t.replaceAll('"', '""')}"`;
  const literal = (t: string) => `'${t.replaceAll("'", "''")}'`;
  const query = tables
    .map(
      (t) =>
        `select ${literal(t)} as name, (select md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) from public.${ident(t)} x) as sum`,
    )
    .join(' union all ');
  const rows = await queryRows<{ name: string; sum: string }>(db, sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** Tables whose checksum differs (or that appeared or disappeared). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => before[t] !== after[t]).sort();
}
