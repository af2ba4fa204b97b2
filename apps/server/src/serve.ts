/** Serving: config, database, migrations, demo seed, listen, graceful shutdown. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { hasTemplateFolder, openDatabase, pgliteDir } from './db/client.ts';
import { SecretBox } from './lib/crypto.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

export async function serve(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const created = await createEmbeddedDatabase(config);
  const database = await openDatabase(config);
  await database.migrate();
  const box = SecretBox.fromFile(config.secretKeyFile);
  const seeded = created || (config.seedDemo ? await seedDemo(database.db, box) : false);
  const app = await buildApp({ config, database, box });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Portiere is ready on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${pgliteDir(config.dataDir)}` : ''}) in ${Math.round(performance.now() - startedAt)} ms`,
    `API docs: ${config.publicUrl}/api/docs`,
    `Sign-in codes and other mail go to ${app.services.mailer.describe()}`,
  ];
  const radius = app.radiusAddress();
  if (radius)
    lines.push(`RADIUS: UDP ${radius.address} port ${radius.port} (RADIUS clients: Integrations, RADIUS clients)`);
  if (config.seedDemo) {
    lines.push(seeded ? 'Demo data created. Demo sign-ins:' : 'Demo sign-ins (if the demo data is present):');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(28)} ${DEMO_PASSWORD}   ${a.note}`);
    lines.push('Enrolment links: a member\'s "Send enrollment email" action mails one (to where mail goes, above)');
  }
  // Plain text, not a log record: this is what a person starting the product reads first.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/**
 * Without a template folder (running from the sources), a new embedded database is created,
 * migrated and, with SEED_DEMO, seeded by the CLI in a process of its own, which then ends; the
 * server opens it afterwards. Done in the server's process, initdb and the migrations left about
 * 55 MB of freed memory that the C allocator keeps (idle RSS after a first start 227 MB, against
 * 151 MB after a restart). The built server copies its template folder instead and seeds in its
 * own process: about 10 MB more than after a restart, and 1.5 s sooner ready (no second process
 * loading its modules and starting PGlite). Answers whether it seeded the demo data.
 */
async function createEmbeddedDatabase(config: Config): Promise<boolean> {
  if (config.databaseUrl || fs.existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) return false;
  if (hasTemplateFolder()) return false;
  // The CLI beside this module: dist/cli.js when built, src/cli.ts under the TypeScript loader.
  const cli = path.join(import.meta.dirname, `cli${path.extname(import.meta.filename)}`);
  const command = config.seedDemo ? 'seed' : 'migrate';
  // Node's flags (a TypeScript loader) without the debugger's, whose port the server holds.
  const flags = process.execArgv.filter((a) => !a.startsWith('--inspect'));
  const child = spawn(process.execPath, [...flags, cli, command], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database failed (portiere ${command} exited with ${code})`);
  return config.seedDemo;
}
