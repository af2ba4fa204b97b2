/** portiere serve | migrate | seed | reset-password <username> <password> */
import { and, eq, isNull, like, or } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loginThrottle, staffSessions, staffUsers } from './db/schema/index.ts';
import { SecretBox } from './lib/crypto.ts';
import { hashPassword } from './lib/passwords.ts';
import { seedDemo } from './seed/demo.ts';
import { serve } from './serve.ts';

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
          .where(or(eq(loginThrottle.key, `account:${name}`), like(loginThrottle.key, `source:${name}:%`)));
        return updated;
      });
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
