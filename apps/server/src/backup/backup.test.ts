/**
 * Backup and restore round trips on each database: every row comes back, and the sealed secrets
 * (TOTP secrets, the SMS gateway token, the signing key) still work with the restored key.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { credentials, customers, members, resellers } from '../db/schema/index.ts';
import { SecretBox } from '../lib/crypto.ts';
import { totpAt } from '../modules/credentials/otp.ts';
import { seedDemo } from '../seed/demo.ts';
import { createScratchPostgres } from '../test/databases.ts';
import { call, type Harness, post, signIn, TestClock } from '../test/harness.ts';
import { runCli } from '../test/run-cli.ts';
import { SmtpSink } from '../test/smtp-sink.ts';
import { queryRows, tableChecksums } from '../test/table-checksums.ts';
import { tallyMismatches } from '../test/tallies.ts';
import { writeArchive } from './archive.ts';
import { journal, migrationLevel, migrationsUpTo } from './catalog.ts';
import { backup, restore } from './index.ts';
import { fingerprint } from './key.ts';
import type { Manifest } from './manifest.ts';

/** PGlite opens, dumps and loads take tens of seconds on a loaded two-core machine. */
const SLOW = 300_000;
const SMS_TOKEN = `gw-${randomBytes(8).toString('hex')}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-backup-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** One Portiere install: its settings as the CLI sees them, and its database. */
interface Install {
  settings: { dataDir: string; secretKeyFile: string; databaseUrl?: string };
  env: Record<string, string>;
  open(): Promise<Database>;
}

interface Kind {
  name: 'pglite' | 'postgres';
  fresh(): Promise<Install>;
}

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

const newDataDir = () => fs.mkdtempSync(path.join(scratch, 'data-'));
const kinds: Kind[] = [
  {
    name: 'pglite',
    fresh: async () => {
      const dataDir = newDataDir();
      return {
        settings: { dataDir, secretKeyFile: path.join(dataDir, 'secret.key') },
        env: { DATA_DIR: dataDir },
        open: () => openPglite(path.join(dataDir, 'pglite')),
      };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  kinds.push({
    name: 'postgres',
    fresh: async () => {
      const dataDir = newDataDir();
      const pg = await createScratchPostgres(adminUrl);
      drops.push(pg.drop);
      return {
        settings: { dataDir, secretKeyFile: path.join(dataDir, 'secret.key'), databaseUrl: pg.url },
        env: { DATA_DIR: dataDir, DATABASE_URL: pg.url },
        open: () => openPostgres(pg.url),
      };
    },
  });
}

/** The real app on an install's database, with its key file and a real SMTP sink. */
async function appOn(database: Database, keyFile: string): Promise<Harness> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const clock = new TestClock();
  const config = loadConfig({ SMTP_URL: smtpUrl, DATA_DIR: scratch, LOGIN_RATE_LIMIT: '10000', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    box: SecretBox.fromFile(keyFile),
    now: clock.now,
    auditPruning: false,
    logger: false,
  });
  await app.ready();
  return {
    app,
    sink,
    clock,
    close: async () => {
      await app.close();
      await sink.stop();
    },
  };
}

async function checksums(install: Install) {
  const database = await install.open();
  try {
    return await tableChecksums(database.db);
  } finally {
    await database.close();
  }
}

describe.each(kinds)('backup and restore on $name', (kind) => {
  let source: Install;
  let archive: string;
  let sourceSums: Record<string, string>;
  let n = 0;
  const file = () => path.join(scratch, `${kind.name}-${++n}.portiere.gz`);

  beforeAll(async () => {
    source = await kind.fresh();
    const database = await source.open();
    await database.migrate();
    await seedDemo(database.db, SecretBox.fromFile(source.settings.secretKeyFile));
    // Through the app: the sealed signing key, sessions, sign-in bookkeeping and the sealed SMS token.
    const h = await appOn(database, source.settings.secretKeyFile);
    const token = (await signIn(h, 'admin@acme.example')).access;
    const [acme] = await database.db.select().from(customers).where(eq(customers.name, 'Acme'));
    const patched = await call(h.app, 'PATCH', `customers/${acme?.id}/settings/`, token, {
      general: { sms_api_token: SMS_TOKEN },
    });
    expect(patched.status).toBe(200);
    await h.close(); // closes the database too
    sourceSums = await checksums(source);
    archive = file();
    await backup(source.settings, archive);
  }, SLOW);

  it(
    'round-trips through the CLI: every row back, sealed secrets still usable',
    async () => {
      const made = file();
      const saved = await runCli(['backup', made], source.env);
      expect(saved.stderr).toBe('');
      expect(saved.code).toBe(0);
      expect(saved.stdout).toContain(`Backup written to ${made}`);
      // The archive carries the secret key: only its owner may read it.
      expect(fs.statSync(made).mode & 0o777).toBe(0o600);

      const target = await kind.fresh();
      const restored = await runCli(['restore', made], target.env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(`Wrote the backup's secret key to ${target.settings.secretKeyFile}`);
      expect(fs.readFileSync(target.settings.secretKeyFile, 'utf8')).toBe(
        fs.readFileSync(source.settings.secretKeyFile, 'utf8'),
      );
      expect(fs.statSync(target.settings.secretKeyFile).mode & 0o777).toBe(0o600);
      expect(await checksums(target)).toEqual(sourceSums);

      const database = await target.open();
      const h = await appOn(database, target.settings.secretKeyFile);
      try {
        // Sign-in works: password hashes, the sealed signing key and the mailed code all function.
        const token = (await signIn(h, 'admin@acme.example')).access;
        const [acme] = await database.db.select().from(customers).where(eq(customers.name, 'Acme'));
        expect(await h.app.services.settings.smsApiToken(acme?.id ?? '')).toBe(SMS_TOKEN);
        // A TOTP credential accepts a code made from its secret, unsealed with the restored key.
        const [totp] = await database.db
          .select({
            id: credentials.id,
            memberId: credentials.memberId,
            secretEnc: credentials.secretEnc,
            params: credentials.params,
          })
          .from(credentials)
          .innerJoin(members, eq(members.id, credentials.memberId))
          .where(
            and(
              eq(credentials.type, 'totp'),
              eq(credentials.isActive, true),
              eq(members.blocked, false),
              eq(members.customerId, acme?.id ?? ''),
            ),
          )
          .limit(1);
        if (!totp) throw new Error('the demo data has no active TOTP credential');
        const secret = SecretBox.fromFile(target.settings.secretKeyFile).decrypt(totp.secretEnc ?? '');
        const code = totpAt(secret, totp.params as unknown as Parameters<typeof totpAt>[1], h.clock.now());
        const tested = await post(h.app, `users/${totp.memberId}/credentials/${totp.id}/test/`, { value: code }, token);
        expect(tested.body).toMatchObject({ ok: true });
        // The search rows are not in the archive: restoring the members wrote them again.
        expect(await tallyMismatches(database.db, acme?.id ?? '')).toEqual([]);
        const [someone] = await database.db.select().from(members).where(eq(members.id, totp.memberId));
        const found = await call(h.app, 'GET', `users/?search=${encodeURIComponent(someone?.email ?? '')}`, token);
        expect(found.body).toMatchObject({ count: 1, results: [{ id: totp.memberId }] });
      } finally {
        await h.close(); // closes the database too
      }
    },
    SLOW,
  );

  it(
    'refuses to overwrite a database with rows unless --force',
    async () => {
      const target = await kind.fresh();
      await restore(target.settings, archive);
      const database = await target.open();
      await database.db.update(members).set({ firstName: 'Changed' });
      await database.close();
      const changed = await checksums(target);
      await expect(restore(target.settings, archive)).rejects.toThrow(
        /is not empty \(\d+ rows\): restore replaces all of its data\. Add --force/,
      );
      expect(await checksums(target)).toEqual(changed);
      const forced = await restore(target.settings, archive, { force: true });
      expect(await checksums(target)).toEqual(sourceSums);
      // The embedded database replaced by --force stays beside the new one.
      if (kind.name === 'pglite') expect(fs.existsSync(forced.keptAt ?? '')).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses a key file holding another key, before touching the database',
    async () => {
      const target = await kind.fresh();
      const other = randomBytes(32);
      fs.writeFileSync(target.settings.secretKeyFile, other.toString('base64'));
      const wanted = fingerprint(Buffer.from(fs.readFileSync(source.settings.secretKeyFile, 'utf8'), 'base64'));
      await expect(restore(target.settings, archive)).rejects.toThrow(
        `The backup's secrets are sealed with secret key ${wanted}, but ${target.settings.secretKeyFile} holds key ${fingerprint(other)}.`,
      );
      expect(fs.readFileSync(target.settings.secretKeyFile, 'utf8')).toBe(other.toString('base64'));
      const database = await target.open();
      expect(await migrationLevel((text) => queryRows(database.db, sql.raw(text)))).toBe(0);
      await database.close();
    },
    SLOW,
  );

  it(
    '--without-key names the key it needs, and restores once that key is in place',
    async () => {
      const keyless = file();
      const manifest = await backup(source.settings, keyless, { withoutKey: true });
      expect(manifest.key.value).toBeUndefined();
      const target = await kind.fresh();
      await expect(restore(target.settings, keyless)).rejects.toThrow(
        `The backup does not include its secret key (fingerprint ${manifest.key.fingerprint}): copy the key file of the server it was made on to ${target.settings.secretKeyFile}`,
      );
      fs.copyFileSync(source.settings.secretKeyFile, target.settings.secretKeyFile);
      const result = await restore(target.settings, keyless);
      expect(result.wroteKey).toBeUndefined();
      expect(await checksums(target)).toEqual(sourceSums);
    },
    SLOW,
  );

  it(
    'a truncated archive is refused and leaves the database empty, so a retry succeeds',
    async () => {
      const bytes = fs.readFileSync(archive);
      const cut = file();
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const target = await kind.fresh();
      await expect(restore(target.settings, cut)).rejects.toThrow(`${cut} is damaged or not a Portiere backup`);
      expect(fs.existsSync(target.settings.secretKeyFile)).toBe(false);
      await restore(target.settings, archive);
      expect(await checksums(target)).toEqual(sourceSums);
    },
    SLOW,
  );

  it(
    'an older backup restores into the schema it was made with, then is migrated',
    async () => {
      const old = await kind.fresh();
      const database = await old.open();
      const first = journal().entries[0];
      if (!first) throw new Error('no migrations');
      const upTo = migrationsUpTo(first.when);
      const migrator = database.kind === 'pglite' ? migratePglite : migratePostgres;
      await migrator(database.db as never, { migrationsFolder: upTo.folder });
      upTo.remove();
      await database.db.insert(resellers).values({ name: 'Older Partners' });
      await database.close();
      fs.writeFileSync(old.settings.secretKeyFile, randomBytes(32).toString('base64'));
      const olderFile = file();
      expect((await backup(old.settings, olderFile)).migration.tag).toBe(first.tag);

      const target = await kind.fresh();
      await restore(target.settings, olderFile);
      const restored = await target.open();
      try {
        const level = await migrationLevel((text) => queryRows(restored.db, sql.raw(text)));
        expect(level).toBe(journal().entries.at(-1)?.when);
        expect((await restored.db.select().from(resellers)).map((r) => r.name)).toEqual(['Older Partners']);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );
});

describe('backup files restore refuses', () => {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'refuse-'));
  const settings = { dataDir, secretKeyFile: path.join(dataDir, 'secret.key') };
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    serverVersion: 'PGlite',
    migration: { tag: '0004_configurations', when: 1795401794427 },
    tables: [],
    key: { fingerprint: 'abcd' },
  };
  const archiveWith = async (m: object) => {
    const f = path.join(scratch, `crafted-${randomBytes(4).toString('hex')}.gz`);
    await writeArchive(f, m as Manifest, async () => {});
    return f;
  };

  it('a missing file, another format, and a newer format, each with one clear message', async () => {
    await expect(restore(settings, path.join(scratch, 'nope.gz'))).rejects.toThrow(
      `No such backup file: ${path.join(scratch, 'nope.gz')}`,
    );
    const text = path.join(scratch, 'notes.txt');
    fs.writeFileSync(text, 'hello');
    await expect(restore(settings, text)).rejects.toThrow(`${text} is not a Portiere backup.`);
    await expect(restore(settings, await archiveWith({ ...manifest, format: 2 }))).rejects.toThrow(
      /was written by a newer Portiere \(backup format 2; this version reads format 1\)\. Upgrade Portiere/,
    );
    await expect(
      restore(settings, await archiveWith({ ...manifest, migration: { tag: '9999_future', when: 9e12 } })),
    ).rejects.toThrow('This backup comes from a newer Portiere (schema 9999_future');
    await expect(restore(settings, await archiveWith({ ...manifest, database: 'postgres' }))).rejects.toThrow(
      'is a backup of PostgreSQL, but this Portiere uses the embedded database (PGlite): set DATABASE_URL to restore it.',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('through the CLI: one line on stderr, no stack trace, exit code 1', async () => {
    const missing = path.join(scratch, 'missing.gz');
    const r = await runCli(['restore', missing], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`No such backup file: ${missing}\n`);
  });
});
