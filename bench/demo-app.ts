/** The real app on a fresh database (in-memory PGlite unless given) with the demo tenants and a real SMTP sink. */
import { randomBytes } from 'node:crypto';
import { buildApp, type Database, loadConfig, openPglite, SecretBox, SmtpSink, seedDemo } from '@portiere/server';

export async function startDemoApp(given?: Database) {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const database = given ?? (await openPglite());
  await database.migrate();
  const box = new SecretBox(randomBytes(32));
  await seedDemo(database.db, box, { members: false });
  // The bench measures the server, not the per-address sign-in limit.
  const config = loadConfig({ SMTP_URL: smtpUrl, LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000000', PORT: '0' });
  const app = await buildApp({ config, database, box, logger: false });
  await app.ready();
  return {
    app,
    sink,
    database,
    close: async () => {
      await app.close();
      await sink.stop();
    },
  };
}
