/**
 * Embedded-database backup: PGlite's own dump of its data folder (dumpDataDir), restored with
 * loadDataDir into a fresh folder that replaces the old one only once it opened and every row
 * count matched the manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client.ts';
import type { ArchiveReader } from './archive.ts';
import { writeArchive } from './archive.ts';
import { appTables, migrationAt, migrationLevel, type Query, rowCounts } from './catalog.ts';
import { BackupError } from './errors.ts';
import { FORMAT_VERSION, type Manifest } from './manifest.ts';

const open = (dir: string, loadDataDir?: Blob) => PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });
const queryOf =
  (pg: PGlite): Query =>
  async (text) =>
    (await pg.query(text)).rows as never;
const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

async function totalRows(dir: string): Promise<number> {
  const pg = await open(dir);
  try {
    const query = queryOf(pg);
    if (!(await migrationLevel(query))) return 0;
    return (await rowCounts(query, await appTables(query))).reduce((n, t) => n + t.rows, 0);
  } finally {
    await pg.close();
  }
}

export async function backupPglite(dir: string, file: string, key: Manifest['key']): Promise<Manifest> {
  if (!hasDatabase(dir))
    throw new BackupError(`No embedded database in ${dir}: set DATA_DIR to the server's data folder.`);
  const pg = await open(dir);
  try {
    const query = queryOf(pg);
    const migration = migrationAt(await migrationLevel(query));
    if (!migration) throw new BackupError(`The database in ${dir} holds no Portiere schema.`);
    const [version] = await query<{ v: string }>(`select current_setting('server_version') as v`);
    const manifest: Manifest = {
      format: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      serverVersion: `PGlite (PostgreSQL ${version?.v ?? '?'})`,
      migration: { tag: migration.tag, when: migration.when },
      tables: await rowCounts(query, await appTables(query)),
      key,
    };
    const dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
    await writeArchive(file, manifest, (write) => write(dump));
    return manifest;
  } finally {
    await pg.close();
  }
}

/** Answers where the replaced database was kept, if there was one with rows. */
export async function restorePglite(
  dir: string,
  manifest: Manifest,
  reader: ArchiveReader,
  opts: { force: boolean },
): Promise<{ keptAt?: string }> {
  const existing = hasDatabase(dir);
  const rows = existing ? await totalRows(dir) : 0;
  if (rows > 0 && !opts.force) {
    throw new BackupError(
      `The database in ${dir} is not empty (${rows} rows): restore replaces all of its data. Add --force to do so.`,
    );
  }
  const tarball = new Blob([new Uint8Array(await reader.rest())]);
  const staging = `${dir}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    let pg: PGlite;
    try {
      pg = await open(staging, tarball);
    } catch (err) {
      throw new BackupError(`The backup's database could not be opened: ${(err as Error).message}`);
    }
    try {
      const counts = await rowCounts(
        queryOf(pg),
        manifest.tables.map((t) => t.name),
      );
      for (const { name, rows: want } of manifest.tables) {
        const got = counts.find((c) => c.name === name)?.rows;
        if (got !== want)
          throw new BackupError(`The backup is incomplete: ${name} has ${got} rows, the manifest says ${want}.`);
      }
      await migrate(drizzle(pg), { migrationsFolder });
    } finally {
      await pg.close();
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  let keptAt: string | undefined;
  if (rows > 0) {
    // --force: the old data stays beside the new until the operator removes it.
    keptAt = `${dir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
    fs.renameSync(dir, keptAt);
  } else {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.renameSync(staging, dir);
  return { keptAt };
}
