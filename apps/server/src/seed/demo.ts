/** Demo dataset for an empty database: one reseller, two customers, their staff. */
import { API_KEY_SCOPES, type ApiKeyScope } from '@portiere/contracts';
import { count, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, type Db } from '../db/client.ts';
import { customers, resellers, staffUsers } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { seedIntegrations } from './demo-integrations.ts';
import { seedLoginAssistant } from './demo-login-assistant.ts';
import { seedMembers } from './demo-members.ts';
import { seedResellerConsole } from './demo-reseller.ts';

export const DEMO_PASSWORD = 'Portiere!demo1';
export const DEMO_ACCOUNTS = [
  { username: 'partner@northwind.example', note: 'reseller user (Northwind Partners)' },
  { username: 'admin@acme.example', note: 'customer user of Acme (login assistant enabled)' },
  { username: 'admin@globex.example', note: 'customer user of Globex' },
  { username: 'newhire@acme.example', note: 'Acme; must change the password at first sign-in' },
  { username: 'nomail@globex.example', note: 'Globex; no mail address, so sign-in says no mail credential is set' },
] as const;

/** Seeds only an empty database; answers whether it did. */
export async function seedDemo(db: Db, box: SecretBox, opts: { members?: boolean } = {}): Promise<boolean> {
  const isEmpty = async (q: Db) => ((await q.select({ n: count() }).from(resellers))[0]?.n ?? 0) === 0;
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.seed}::bigint)`);
    if (!(await isEmpty(tx as unknown as Db))) return false;
    const [northwind] = await tx.insert(resellers).values({ name: 'Northwind Partners' }).returning();
    if (!northwind) throw new Error('seed failed');
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const [acme, globex] = await tx
      .insert(customers)
      .values([
        { resellerId: northwind.id, name: 'Acme', laEnabled: true, licenses: 500, licenseExpiration: nextYear },
        { resellerId: northwind.id, name: 'Globex', laEnabled: false, licenses: 100, licenseExpiration: nextYear },
      ])
      .returning();
    if (!acme || !globex) throw new Error('seed failed');
    const staff = (
      username: string,
      tenant: { customerId: string } | { resellerId: string },
      scopes: ApiKeyScope[] = [],
      mustChangePassword = false,
      email: string | null = username,
    ) => ({
      username,
      email,
      passwordHash,
      mustChangePassword,
      userType: 'customerId' in tenant ? ('CustomerUser' as const) : ('ResellerUser' as const),
      // What an API key of the manager user may do (none is made: a reset shows one).
      scopes,
      ...tenant,
    });
    await tx.insert(staffUsers).values([
      staff('partner@northwind.example', { resellerId: northwind.id }),
      staff('admin@acme.example', { customerId: acme.id }, [...API_KEY_SCOPES]),
      staff('admin@globex.example', { customerId: globex.id }, ['members:read', 'members:write', 'settings:read']),
      staff('newhire@acme.example', { customerId: acme.id }, ['members:read'], true),
      // An account without a mail address (as one imported from elsewhere may be): its sign-in
      // code has nowhere to go, so sign-in answers the no-mail-credential error (spec 8).
      staff('nomail@globex.example', { customerId: globex.id }, [], false, null),
    ]);
    if (opts.members !== false) {
      await seedMembers(tx as unknown as Db, box, acme.id, 'acme.example', 200, 1);
      await seedMembers(tx as unknown as Db, box, globex.id, 'globex.example', 20, 2);
      await seedIntegrations(tx as unknown as Db, acme.id, 'acme.example');
      await seedLoginAssistant(tx as unknown as Db, box, acme.id);
      await seedResellerConsole(tx as unknown as Db, acme.id, passwordHash, 'partner@northwind.example');
    }
    return true;
  });
}
