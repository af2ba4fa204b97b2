/** portiere serve | migrate | seed | reset-password <username> <password> */
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { staffUsers } from './db/schema/index.ts';
import { SecretBox } from './lib/crypto.ts';
import { hashPassword } from './lib/passwords.ts';
import { serve } from './main.ts';
import { seedDemo } from './seed/demo.ts';

const USAGE = 'usage: portiere serve | migrate | seed | reset-password <username> <new-password>';

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
    case 'seed':
      console.log(
        (await withDb((d) => seedDemo(d.db, SecretBox.fromFile(loadConfig().secretKeyFile))))
          ? 'Demo data created.'
          : 'Database not empty: nothing seeded.',
      );
      return;
    case 'reset-password': {
      const [username, password] = args;
      if (!username || !password) throw new Error(USAGE);
      const hash = await hashPassword(password);
      const rows = await withDb((d) =>
        d.db
          .update(staffUsers)
          .set({ passwordHash: hash, mustChangePassword: true, failedLogins: 0, lockedUntil: null })
          .where(eq(staffUsers.username, username.toLowerCase()))
          .returning({ id: staffUsers.id }),
      );
      if (!rows.length) throw new Error(`No account ${username}`);
      console.log(`Password reset; ${username} must change it at next sign-in.`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

run(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
