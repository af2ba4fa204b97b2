/**
 * PostgreSQL backup without pg_dump (which may be missing or of another major version): every
 * table of the app's schema is COPYed in dependency order from one read-only snapshot, in
 * pg_dump's `COPY ... FROM stdin;` layout. Restore loads them into an empty database in one
 * transaction and checks every row count against the manifest before it commits.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder } from '../db/client.ts';
import type { ArchiveReader } from './archive.ts';
import { writeArchive } from './archive.ts';
import {
  appTables,
  copyColumns,
  ident,
  migrationAt,
  migrationLevel,
  migrationsUpTo,
  type Query,
  rowCounts,
} from './catalog.ts';
import { BackupError } from './errors.ts';
import { FORMAT_VERSION, type Manifest } from './manifest.ts';

const COPY_LINE = /^COPY public\."([a-z0-9_]+)" \(((?:"[a-z0-9_]+"(?:, )?)+)\) FROM stdin;$/;
const SETVAL_LINE = /^SELECT pg_catalog\.setval\('public\."([a-z0-9_]+)"', (\d+), (true|false)\);$/;

const connect = (url: string) => postgres(url, { max: 1, onnotice: () => {} });

export async function backupPostgres(url: string, file: string, key: Manifest['key']): Promise<Manifest> {
  const sql = connect(url);
  try {
    // One repeatable-read snapshot: the counts in the manifest and the rows COPYed agree.
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const query: Query = (text) => tx.unsafe(text) as never;
      const level = await migrationLevel(query);
      const migration = migrationAt(level);
      if (!migration) throw new BackupError('This database holds no Portiere schema: check DATABASE_URL.');
      const tables = await appTables(query);
      const [version] = await query<{ v: string }>(`select current_setting('server_version') as v`);
      const sequences = await query<{ name: string; value: string | null }>(
        `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
      );
      const manifest: Manifest = {
        format: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        database: 'postgres',
        serverVersion: `PostgreSQL ${version?.v ?? '?'}`,
        migration: { tag: migration.tag, when: migration.when },
        tables: await rowCounts(query, tables),
        key,
      };
      await writeArchive(file, manifest, async (write) => {
        for (const table of tables) {
          const columns = (await copyColumns(query, table)).map(ident).join(', ');
          await write(`COPY public.${ident(table)} (${columns}) FROM stdin;\n`);
          const rows = await tx.unsafe(`copy public.${ident(table)} (${columns}) to stdout`).readable();
          for (const chunk of await drain(rows)) await write(chunk);
          await write('\\.\n\n');
        }
        for (const s of sequences) {
          await write(`SELECT pg_catalog.setval('public.${ident(s.name)}', ${s.value ?? 1}, ${s.value !== null});\n`);
        }
      });
      return manifest;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * A COPY's output, read in flowing mode: postgres-js pauses its socket when a paused COPY stream
 * is full and, once that stream has ended, never resumes it, so the transaction would hang.
 */
function drain(stream: Readable): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(chunks));
    stream.once('error', reject);
  });
}

export async function restorePostgres(
  url: string,
  manifest: Manifest,
  reader: ArchiveReader,
  opts: { force: boolean },
): Promise<void> {
  const sql = connect(url);
  const query: Query = (text) => sql.unsafe(text) as never;
  try {
    const level = await migrationLevel(query);
    const present = level ? await appTables(query) : [];
    const rows = (await rowCounts(query, present)).reduce((n, t) => n + t.rows, 0);
    if (rows > 0 && !opts.force) {
      throw new BackupError(
        `The database is not empty (${rows} rows): restore replaces all of its data. Add --force to do so.`,
      );
    }
    if (level > manifest.migration.when) {
      throw new BackupError(
        `The database's schema (${migrationAt(level)?.tag ?? level}) is newer than the backup's (${manifest.migration.tag}): restore into a new, empty database; Portiere then upgrades it.`,
      );
    }
    // Bring the schema to the backup's level, load, then upgrade as any start would.
    const upTo = migrationsUpTo(manifest.migration.when);
    try {
      await migrate(drizzle(sql), { migrationsFolder: upTo.folder });
    } finally {
      upTo.remove();
    }
    await sql.begin(async (tx) => {
      // Triggers that stamp rows with the time of a change leave restored rows as they were (0036).
      await tx.unsafe(`select set_config('portiere.restoring', 'on', true)`);
      const txQuery: Query = (text) => tx.unsafe(text) as never;
      const tables = await appTables(txQuery);
      const expected = manifest.tables.map((t) => t.name);
      const missing = expected.filter((t) => !tables.includes(t));
      if (missing.length) throw new BackupError(`The backup's tables ${missing.join(', ')} are not in the database.`);
      if (tables.length)
        await tx.unsafe(`truncate ${tables.map((t) => `public.${ident(t)}`).join(', ')} restart identity`);
      await loadCopyBlocks(tx, reader, new Set(tables));
      const counts = await rowCounts(txQuery, expected);
      for (const { name, rows: want } of manifest.tables) {
        const got = counts.find((c) => c.name === name)?.rows;
        if (got !== want)
          throw new BackupError(`The backup is incomplete: ${name} has ${got} rows, the manifest says ${want}.`);
      }
    });
    await migrate(drizzle(sql), { migrationsFolder });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Feeds each `COPY ... FROM stdin;` block to PostgreSQL; only COPY and setval lines are accepted. */
async function loadCopyBlocks(tx: postgres.TransactionSql, reader: ArchiveReader, tables: Set<string>) {
  const damaged = (why: string) => new BackupError(`The backup is damaged: ${why}.`);
  for (let line = await reader.line(); line !== null; line = await reader.line()) {
    if (line === '' || line.startsWith('--')) continue;
    const copy = COPY_LINE.exec(line);
    if (copy) {
      const [, table = '', columns = ''] = copy;
      if (!tables.has(table)) throw damaged(`unknown table ${table}`);
      const target = await tx.unsafe(`copy public.${ident(table)} (${columns}) from stdin`).writable();
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length && !target.write(batch.join(''))) await once(target, 'drain');
        batch = [];
        size = 0;
      };
      const done = finished(target);
      try {
        for (;;) {
          const row = await reader.line();
          if (row === null) throw damaged(`${table}'s rows end early`);
          if (row === '\\.') break;
          batch.push(`${row}\n`);
          size += row.length;
          if (size > 256 * 1024) await flush();
        }
        await flush();
        target.end();
      } catch (err) {
        // CopyFail: PostgreSQL ends the COPY, and the transaction rolls back.
        target.destroy(err as Error);
        await done.catch(() => {});
        throw err;
      }
      await done;
      continue;
    }
    const setval = SETVAL_LINE.exec(line);
    if (setval) {
      const [, sequence = '', value = '1', called] = setval;
      await tx.unsafe('select pg_catalog.setval($1, $2, $3)', [`public.${ident(sequence)}`, value, called === 'true']);
      continue;
    }
    throw damaged(`unexpected line "${line.slice(0, 60)}"`);
  }
}
