/**
 * `portiere backup FILE` and `portiere restore FILE`: one archive holding the database (either
 * kind) and, unless left out with --without-key, the instance secret key its sealed columns need.
 */
import { pgliteDir } from '../db/client.ts';
import { openArchive } from './archive.ts';
import { checkMigration } from './catalog.ts';
import { BackupError } from './errors.ts';
import { fingerprint, readKey, writeKey } from './key.ts';
import type { Manifest } from './manifest.ts';
import { backupPglite, restorePglite } from './pglite.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';

/** The settings backup and restore read: where the database and the key file are. */
export interface Settings {
  dataDir: string;
  secretKeyFile: string;
  databaseUrl?: string | undefined;
}

const kindName = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' } as const;

export async function backup(config: Settings, file: string, opts: { withoutKey?: boolean } = {}): Promise<Manifest> {
  const key = readKey(config.secretKeyFile);
  if (!key) {
    throw new BackupError(
      `No secret key at ${config.secretKeyFile}: run the CLI with the server's DATA_DIR (or SECRET_KEY_FILE), else the sealed secrets in the backup could never be read.`,
    );
  }
  const keyInfo = { fingerprint: fingerprint(key), ...(opts.withoutKey ? {} : { value: key.toString('base64') }) };
  return config.databaseUrl
    ? backupPostgres(config.databaseUrl, file, keyInfo)
    : backupPglite(pgliteDir(config.dataDir), file, keyInfo);
}

export interface RestoreResult {
  manifest: Manifest;
  /** The key file restore wrote, when there was none. */
  wroteKey?: string;
  /** Where the replaced embedded database was kept (--force). */
  keptAt?: string;
}

export async function restore(config: Settings, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const { manifest, reader } = await openArchive(file);
  try {
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new BackupError(
        `${file} is a backup of ${kindName[manifest.database]}, but this Portiere uses ${kindName[target]}: ${
          manifest.database === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'
        } to restore it.`,
      );
    }
    checkMigration(manifest.migration.tag, manifest.migration.when);
    const keyToWrite = checkKey(config.secretKeyFile, manifest);
    const force = opts.force ?? false;
    const result: RestoreResult = { manifest };
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, manifest, reader, { force });
    else Object.assign(result, await restorePglite(pgliteDir(config.dataDir), manifest, reader, { force }));
    if (keyToWrite) {
      writeKey(config.secretKeyFile, keyToWrite);
      result.wroteKey = config.secretKeyFile;
    }
    return result;
  } finally {
    reader.close();
  }
}

/**
 * The restored rows are only usable with the key that sealed them: refuse before touching the
 * database when the key file holds another key. Answers the backup's key when there is no key file yet.
 */
function checkKey(file: string, manifest: Manifest): Buffer | undefined {
  const wanted = manifest.key.fingerprint;
  const current = readKey(file);
  if (current) {
    const have = fingerprint(current);
    if (have === wanted) return undefined;
    throw new BackupError(
      `The backup's secrets are sealed with secret key ${wanted}, but ${file} holds key ${have}. ${
        manifest.key.value
          ? 'Move that key file away (restore then writes the backup’s key there)'
          : 'Copy the key file of the server the backup was made on to that path'
      }, or point SECRET_KEY_FILE at the right key.`,
    );
  }
  if (!manifest.key.value) {
    throw new BackupError(
      `The backup does not include its secret key (fingerprint ${wanted}): copy the key file of the server it was made on to ${file}, or point SECRET_KEY_FILE at it.`,
    );
  }
  const key = Buffer.from(manifest.key.value, 'base64');
  if (key.length !== 32 || fingerprint(key) !== wanted) throw new BackupError('The backup’s secret key is damaged.');
  return key;
}
