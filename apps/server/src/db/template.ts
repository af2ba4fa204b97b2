/**
 * A migrated, empty embedded database kept as PGlite's own tarball (dumpDataDir). A new
 * database loads it (about 0.9 s) instead of running initdb and then every migration (about
 * 3.5 s): every test file's in-memory database, and a new data folder where no template folder
 * is at hand. The build also keeps the template as a data folder beside the bundle, which a
 * first start copies into its empty data folder (about 0.3 s for 1,250 files and 41 MB):
 * loading the tarball into a folder on disk goes through PGlite's file system a file at a time
 * and took 2 s of the CLI's 3.4 s.
 *
 * The tarball is named for what made it: the PGlite release and the migrations' contents. A
 * different PGlite or a new migration finds no template of its name and makes one (initdb,
 * migrate, dump). Built server (dist/): beside the bundle, made by the build; running from the
 * sources (tests): in the system's temporary folder, made by the first test file that needs it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function pgliteVersion(): string {
  // The package does not export its package.json: found above its resolved entry.
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))); ; ) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? '';
    }
    const up = path.dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

function migrationsHash(folder: string): string {
  const hash = createHash('sha256');
  const files = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const f of files.map((e) => path.join(e.parentPath, e.name)).sort()) {
    hash.update(path.relative(folder, f)).update(fs.readFileSync(f));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the template of these migrations and this PGlite lives (it may not exist yet). */
export function templateFile(migrationsFolder: string): string {
  const bundled = path.extname(import.meta.filename) === '.js';
  const dir = bundled ? import.meta.dirname : os.tmpdir();
  return path.join(dir, `portiere-pglite-${pgliteVersion()}-${migrationsHash(migrationsFolder)}.tar`);
}

/** The template kept as a data folder (the build's), beside its tarball: the same name without `.tar`. */
export const templateFolder = (file: string) => file.replace(/\.tar$/, '');

/**
 * Copies the template folder into `dataDir` (new, empty or missing) when there is one; answers
 * whether it did. Copied under a temporary name and renamed, so that a copy cut short is no
 * data folder.
 */
export function copyTemplateFolder(file: string, dataDir: string): boolean {
  const folder = templateFolder(file);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) return false;
  const tmp = `${dataDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(folder, tmp, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(tmp, dataDir);
  return true;
}

/** The template's bytes, or undefined when there is none yet. */
export function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Writes through a temporary name and renames: a reader never finds half a template. */
export function writeTemplate(file: string, tarball: Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, tarball);
  fs.renameSync(tmp, file);
}
