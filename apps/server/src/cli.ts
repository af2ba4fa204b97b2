/**
 * portiere serve | migrate | seed | reset-password <username> <password> | backup FILE | restore FILE |
 * audit verify | oidc-rotate-keys | saml-rotate-keys <customer>
 */
import { and, eq, isNull, like, or } from 'drizzle-orm';
import { pruneAuditEvents } from './audit/prune.ts';
import { AuditSealer } from './audit/sealer.ts';
import { verifyAllChains } from './audit/verify.ts';
import { backup, restore } from './backup/index.ts';
import { describeCliError } from './cli-errors.ts';
import { loadConfig } from './config.ts';
import { type Db, openDatabase } from './db/client.ts';
import { customers, loginThrottle, staffSessions, staffUsers } from './db/schema/index.ts';
import { SecretBox } from './lib/crypto.ts';
import { isUuid } from './lib/ids.ts';
import { escapeLike } from './lib/like-pattern.ts';
import { hashPassword } from './lib/passwords.ts';
import { RETIRED_KEY_PUBLISHED_S, rotateOidcKeys } from './oidc/keys.ts';
import { SAML_RETIRED_KEY_PUBLISHED_S, SamlKeys } from './saml/keys.ts';
import { seedBulkMembers } from './seed/bulk-members.ts';
import { seedDemo } from './seed/demo.ts';
import { serve } from './serve.ts';

const USAGE = `usage: portiere serve | migrate | seed [--members N [--customer NAME]] | reset-password <username> <new-password>
       portiere backup FILE [--without-key] | restore FILE [--force]
       portiere audit verify | audit prune
       portiere oidc-rotate-keys | saml-rotate-keys <customer id or name>`;

/** The one positional argument and the flags of a command; unknown flags are refused. */
function fileAndFlags(args: string[], known: string[]): { file: string; flags: Set<string> } {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const rest = args.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !known.includes(f));
  if (rest.length !== 1 || !rest[0] || unknown.length) throw new Error(USAGE);
  return { file: rest[0], flags };
}

/** `seed` alone (the demo data) or `seed --members N [--customer NAME]` (N synthetic members). */
function seedFlags(args: string[]): { members: number; customer?: string } | null {
  if (!args.length) return null;
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] ?? '').split(/=(.*)/s);
    const value = inline ?? args[++i];
    if ((flag !== '--members' && flag !== '--customer') || value === undefined || values.has(flag))
      throw new Error(USAGE);
    values.set(flag, value);
  }
  const members = Number(values.get('--members'));
  if (!Number.isInteger(members) || members < 1 || members > 100_000_000)
    throw new Error(`--members wants a whole number from 1 to 100,000,000.\n${USAGE}`);
  const customer = values.get('--customer');
  return customer === undefined ? { members } : { members, customer: customer.trim() };
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case 'serve':
      return serve();
    case 'migrate':
      await withDb(async () => {});
      console.log('Database is up to date.');
      return;
    case 'seed': {
      const bulk = seedFlags(args);
      const box = SecretBox.fromFile(loadConfig().secretKeyFile);
      if (!bulk) {
        console.log(
          (await withDb((d) => seedDemo(d.db, box))) ? 'Demo data created.' : 'Database not empty: nothing seeded.',
        );
        return;
      }
      const r = await withDb(async (d) => {
        // On an empty database the demo tenants come first, so Acme is there to fill.
        if (await seedDemo(d.db, box)) console.log('Demo data created.');
        return seedBulkMembers(d, box, bulk);
      });
      console.log(
        `Added ${r.members.toLocaleString('en')} members with ${r.credentials.toLocaleString('en')} credentials to ${r.customer} in ${(r.ms / 1000).toFixed(1)} s.`,
      );
      return;
    }
    case 'reset-password': {
      const [username, password] = args;
      if (!username || !password) throw new Error(USAGE);
      const hash = await hashPassword(password);
      const name = username.toLowerCase();
      const rows = await withDb(async (d) => {
        const updated = await d.db
          .update(staffUsers)
          .set({ passwordHash: hash, mustChangePassword: true })
          .where(eq(staffUsers.username, name))
          .returning({ id: staffUsers.id });
        // The account's live sessions end, and its sign-in throttle starts again.
        for (const { id } of updated) {
          await d.db
            .update(staffSessions)
            .set({ revokedAt: new Date(), revokedReason: 'password_reset' })
            .where(and(eq(staffSessions.staffUserId, id), isNull(staffSessions.revokedAt)));
        }
        await d.db
          .delete(loginThrottle)
          .where(or(eq(loginThrottle.key, `account:${name}`), like(loginThrottle.key, `source:${escapeLike(name)}:%`)));
        return updated;
      });
      if (!rows.length) throw new Error(`No account ${username}`);
      console.log(`Password reset; ${username} must change it at next sign-in.`);
      return;
    }
    case 'backup': {
      const { file, flags } = fileAndFlags(args, ['--without-key']);
      const m = await backup(loadConfig(), file, { withoutKey: flags.has('--without-key') });
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backup written to ${file}: ${rows} rows in ${m.tables.length} tables (${m.serverVersion}).`);
      console.log(
        m.key.value
          ? 'It includes the secret key, so anyone with the file can read the sealed secrets: it is readable by its owner only (mode 0600); keep it as safe as the data folder.'
          : `It does not include the secret key: restoring it needs the key with fingerprint ${m.key.fingerprint}; keep a copy of that key file elsewhere.`,
      );
      return;
    }
    case 'restore': {
      const { file, flags } = fileAndFlags(args, ['--force']);
      const r = await restore(loadConfig(), file, { force: flags.has('--force') });
      const rows = r.manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `Restored ${file} (made ${r.manifest.createdAt}): ${rows} rows in ${r.manifest.tables.length} tables.`,
      );
      if (r.wroteKey) console.log(`Wrote the backup's secret key to ${r.wroteKey}.`);
      if (r.keptAt) console.log(`The replaced database is kept in ${r.keptAt}; remove it once no longer needed.`);
      console.log('Start the server with the same DATA_DIR (or SECRET_KEY_FILE) so it reads the sealed secrets.');
      return;
    }
    case 'oidc-rotate-keys': {
      if (args.length) throw new Error(USAGE);
      const config = loadConfig();
      const { kid, retired } = await withDb((d) => rotateOidcKeys(d.db, SecretBox.fromFile(config.secretKeyFile)));
      console.log(`New OpenID signing key ${kid} is active${retired.length ? `; retired ${retired.join(', ')}` : ''}.`);
      console.log(
        `Retired keys stay published in the JWKS for ${RETIRED_KEY_PUBLISHED_S / 3600} hours, so tokens signed with them still verify; running servers switch within a minute.`,
      );
      return;
    }
    case 'saml-rotate-keys': {
      const [who] = args;
      if (args.length !== 1 || !who) throw new Error(USAGE);
      const config = loadConfig();
      const rotated = await withDb(async (d) => {
        const rows = await d.db
          .select({ id: customers.id, name: customers.name })
          .from(customers)
          .where(isUuid(who) ? eq(customers.id, who) : eq(customers.name, who));
        if (rows.length !== 1 || !rows[0]) return null;
        await new SamlKeys(d.db, SecretBox.fromFile(config.secretKeyFile)).rotate(rows[0].id, rows[0].name);
        return rows[0];
      });
      if (!rotated) throw new Error(`No single customer with the id or name ${who}.`);
      console.log(`New SAML signing key of ${rotated.name} is active; it signs from now on.`);
      console.log(
        `The retired certificate stays in the metadata for ${SAML_RETIRED_KEY_PUBLISHED_S / 3600} hours; service providers that read the metadata again trust both.`,
      );
      return;
    }
    case 'audit': {
      if (args.length === 1 && args[0] === 'prune') {
        const pruned = await withDb(async (d) => {
          await sealCommitted(d.db);
          const out = await pruneAuditEvents(d.db, new Date());
          await sealCommitted(d.db);
          return out;
        });
        for (const p of pruned) console.log(`${p.tenantId}: ${p.pruned} events pruned (through seq ${p.throughSeq})`);
        console.log(pruned.length ? `${pruned.length} chains pruned.` : 'Nothing past its retention.');
        return;
      }
      if (args.length !== 1 || args[0] !== 'verify') throw new Error(USAGE);
      // Events a stopped server left unsealed are sealed first, so they are checked too.
      const chains = await withDb(async (d) => {
        await sealCommitted(d.db);
        return verifyAllChains(d.db);
      });
      for (const c of chains) {
        const where = `${c.tenantType} ${c.tenantId}`;
        console.log(
          c.ok
            ? `ok      ${where}: ${c.checked} events`
            : `BROKEN  ${where}: first broken link at seq ${c.firstBrokenSeq}${c.firstBrokenId ? ` (event ${c.firstBrokenId})` : ' (missing event)'}`,
        );
      }
      const broken = chains.filter((c) => !c.ok).length;
      console.log(broken ? `${broken} of ${chains.length} chains broken.` : `All ${chains.length} chains verified.`);
      if (broken) process.exitCode = 1;
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

function sealCommitted(db: Db): Promise<void> {
  return new AuditSealer(db, { warn: (o, msg) => console.error(msg, o) }).flush();
}

run(process.argv.slice(2)).catch((err) => {
  let databaseUrl: string | undefined;
  try {
    databaseUrl = loadConfig().databaseUrl;
  } catch {}
  console.error(describeCliError(err, databaseUrl));
  process.exit(1);
});
