/** Serving: config, database, migrations, demo seed, listen, graceful shutdown. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { SecretBox } from './lib/crypto.ts';
import { settleHeap } from './lib/memory.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

export async function serve(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const box = SecretBox.fromFile(config.secretKeyFile);
  const seeded = config.seedDemo ? await seedDemo(database.db, box) : false;
  const app = await buildApp({ config, database, box });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Once start-up work has settled (the first audit sealing and pruning timers have run).
  if (database.kind === 'pglite') setTimeout(settleHeap, 10_000).unref();
  const lines = [
    `Portiere is ready on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}/pglite` : ''}) in ${Math.round(performance.now() - startedAt)} ms`,
    `API docs: ${config.publicUrl}/api/docs`,
    `Sign-in codes and other mail go to ${app.services.mailer.describe()}`,
  ];
  if (config.seedDemo) {
    lines.push(seeded ? 'Demo data created. Demo sign-ins:' : 'Demo sign-ins (if the demo data is present):');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(28)} ${DEMO_PASSWORD}   ${a.note}`);
    lines.push('Enrolment links: a member\'s "Send enrollment email" action mails one (to where mail goes, above)');
  }
  // Plain text, not a log record: this is what a person starting the product reads first.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
