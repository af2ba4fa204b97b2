/**
 * The streamed members export at 200,000 members (EXPORT_MEMBERS to change it): time and rows
 * of a CSV export in several orderings through the real app over HTTP, on PGlite and, with
 * BENCH_DATABASE_URL, PostgreSQL. `npx tsx bench/members-export.ts` runs it alone.
 */
import { randomBytes } from 'node:crypto';
import { buildApp, type Database, eq, loadConfig, SecretBox, schema, seedDemo, sql } from '@portiere/server';
import { onEachDatabase } from './databases.ts';

const { customers } = schema;
const MEMBERS = Number(process.env.EXPORT_MEMBERS ?? 200_000);

export const EXPORT_ORDERINGS = ['-created_at', 'last_name', '-enrolled_at', 'username'] as const;

async function fill(database: Database, customerId: string): Promise<void> {
  // Three members share each creation minute and each last name, so ties cross batch edges;
  // a quarter are not enrolled (enrolled_at null).
  await database.db.execute(sql`
    insert into members (customer_id, username, first_name, last_name, email, enrolled, enrolled_at, created_at)
    select ${customerId}::uuid, 'user' || i, 'Niccolò', (array['Rossi','Bianchi','Verdi'])[1 + i % 3] || (i / 3),
      'user' || i || '@acme.example', i % 4 <> 0,
      case when i % 4 <> 0 then timestamptz '2025-06-01' + (i / 3 || ' minutes')::interval end,
      timestamptz '2025-01-01' + (i / 3 || ' minutes')::interval
    from generate_series(1, ${MEMBERS}) as i`);
  await database.db.execute(sql`analyze members`);
}

async function measure(database: Database) {
  const box = new SecretBox(randomBytes(32));
  await database.migrate();
  await seedDemo(database.db, box, { members: false });
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  const app = await buildApp({ config, database, box, logger: false });
  const [acme] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Acme'));
  await fill(database, acme?.id ?? '');
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin');
  const { access: token } = await app.services.tokens.issue(user);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: Record<string, { ms: number; rows: number; mb: number }> = {};
  for (const ordering of EXPORT_ORDERINGS) {
    const s = performance.now();
    const res = await fetch(`${base}/api/v1/users/export/?format=csv&file_name=all&ordering=${ordering}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export ${ordering}: ${res.status} ${await res.text()}`);
    const body = await res.text();
    const rows = body.split('\r\n').length - 2; // header and the final line break
    results[ordering] = { ms: performance.now() - s, rows, mb: Buffer.byteLength(body) / 1e6 };
    console.log(ordering, results[ordering]);
  }
  await app.close();
  return results;
}

export const membersExport = () => onEachDatabase(measure, { pglite: !process.env.EXPORT_POSTGRES_ONLY });

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await membersExport(), null, 1));
