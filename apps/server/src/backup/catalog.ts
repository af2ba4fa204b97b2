/** What a backup needs to know about a database: its tables in dependency order, rows, migration level. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../db/client.ts';
import { BackupError } from './errors.ts';

/** Runs one SQL text on either driver and answers its rows. */
export type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables kept by triggers from other tables' rows: not backed up, since restoring those rows
 * fills them again (member_search from members).
 */
const DERIVED = new Set(['member_search']);

/** The app's tables (public schema) ordered so each comes after the tables it references. */
export async function appTables(query: Query): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.name)
    .filter((t) => !DERIVED.has(t));
  const refs = await query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new BackupError(`Foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    // A table referencing itself is fine: COPY checks its foreign keys at the end of the statement.
    for (const r of refs) if (r.child === table && r.parent !== table) visit(r.parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t, []);
  return ordered;
}

/** Columns COPY can write (generated ones are computed again on restore). */
export async function copyColumns(query: Query, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = '${table.replaceAll("'", "''")}' and is_generated = 'NEVER'
     order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

export async function rowCounts(query: Query, tables: string[]): Promise<{ name: string; rows: number }[]> {
  if (!tables.length) return [];
  const rows = await query<{ name: string; rows: string | number }>(
    tables.map((t) => `select '${t}' as name, count(*) as rows from public.${ident(t)}`).join(' union all '),
  );
  const counts = new Map(rows.map((r) => [r.name, Number(r.rows)]));
  return tables.map((name) => ({ name, rows: counts.get(name) ?? 0 }));
}

/** The `created_at` of drizzle's last applied migration, or 0 for a database never migrated. */
export async function migrationLevel(query: Query): Promise<number> {
  const [exists] = await query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return 0;
  const [row] = await query<{ at: string | number | null }>(
    'select max(created_at) as at from drizzle.__drizzle_migrations',
  );
  return Number(row?.at ?? 0);
}

interface JournalEntry {
  tag: string;
  when: number;
}

export function journal(): { entries: JournalEntry[] } {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
}

export function migrationAt(when: number): JournalEntry | undefined {
  return journal().entries.find((e) => e.when === when);
}

/**
 * A migrations folder holding only the migrations up to `when`, so an older backup's rows land
 * in the tables they were written for; the later migrations then run as on any upgrade.
 */
export function migrationsUpTo(when: number): { folder: string; remove(): void } {
  const j = journal();
  const entries = j.entries.filter((e) => e.when <= when);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...j, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Refuses a backup whose migration this version does not know (made by a newer Portiere). */
export function checkMigration(tag: string, when: number): void {
  if (migrationAt(when)) return;
  const latest = journal().entries.at(-1);
  if (latest && when > latest.when) {
    throw new BackupError(
      `This backup comes from a newer Portiere (schema ${tag}; this version knows up to ${latest.tag}). Upgrade Portiere to restore it.`,
    );
  }
  throw new BackupError(`This backup's schema ${tag} is unknown to this version of Portiere.`);
}
