/**
 * The members list at 100,000 members: p50/p95 of paged, sorted, searched and filtered
 * requests through the real app (inject), on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { buildApp, type Database, eq, loadConfig, SecretBox, schema, seedDemo, sql } from '@portiere/server';
import { onEachDatabase } from './databases.ts';

const { configurations, customers } = schema;

const MEMBERS = 100_000;
const RUNS = 30;

export const LIST_QUERIES: Record<string, string> = {
  'first page, newest first': 'users/',
  'page 2,000 (offset 49,975)': 'users/?page=2000',
  'sorted by last name': 'users/?ordering=last_name',
  'search "rossi4" (trigram)': 'users/?search=rossi4',
  'blocked = true': 'users/?blocked=true',
  'enrolled = false, group': 'users/?enrolled=false&group=GROUP',
  'credential types totp,hotp': 'users/?credential_types=totp,hotp',
  'created in a 30-day range': 'users/?created_after=2026-01-01&created_before=2026-01-31',
  'workstation users (page 1)': 'workstation-users/',
  'dashboard (all aggregates)': 'dashboard/',
};

async function fill(database: Database, customerId: string, groupId: string): Promise<void> {
  // Generated in SQL: the bench measures reads, not 100k round trips.
  await database.db.execute(sql`
    insert into members (customer_id, username, first_name, last_name, email, group_id, blocked, enrolled, credential_types, created_at)
    select ${customerId}::uuid, 'user' || i, (array['Giulia','Marco','Sofia','Luca'])[1 + i % 4],
      (array['Rossi','Bianchi','Smith','Verdi','Brown'])[1 + i % 5] || (i % 1000),
      'user' || i || '@acme.example', case when i % 3 = 0 then ${groupId}::uuid end,
      i % 50 = 0, i % 4 <> 0,
      case i % 5 when 0 then '["mail","totp"]'::jsonb when 1 then '["mail"]'::jsonb when 2 then '["hotp"]'::jsonb when 3 then '["password","app"]'::jsonb else '[]'::jsonb end,
      timestamptz '2025-01-01' + (i || ' minutes')::interval * 7
    from generate_series(1, ${MEMBERS}) as i`);
  // One credential row per kind each member lists, for the dashboard's aggregates.
  await database.db.execute(sql`
    insert into credentials (customer_id, member_id, type, is_web, windows_login, is_enrolled)
    select m.customer_id, m.id, t.type, t.type <> 'password', t.type = 'password', true
    from members m, jsonb_array_elements_text(m.credential_types) as t(type)
    where m.customer_id = ${customerId}::uuid`);
  await database.db.execute(sql`analyze members`);
  await database.db.execute(sql`analyze credentials`);
}

async function measure(database: Database) {
  const box = new SecretBox(randomBytes(32));
  await database.migrate();
  await seedDemo(database.db, box, { members: false });
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '100000' });
  const app = await buildApp({ config, database, box, logger: false });
  const [acme] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Acme'));
  const [group] = await database.db
    .insert(configurations)
    .values({ customerId: acme?.id ?? '', name: 'Bench', allowed: [] })
    .returning({ id: configurations.id });
  const acmeId = acme?.id ?? '';
  const groupId = group?.id ?? '';
  const t0 = performance.now();
  await fill(database, acmeId, groupId);
  const fillMs = performance.now() - t0;
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin');
  const { access: token } = await app.services.tokens.issue(user);
  const results: Record<string, { p50: number; p95: number; count: number }> = {};
  for (const [name, path] of Object.entries(LIST_QUERIES)) {
    const url = `/api/v1/${path.replace('GROUP', groupId)}`;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(performance.now() - s); // the first runs warm caches
      count = res.json().count ?? res.json().customers?.[0]?.users.total;
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: times[Math.floor(RUNS * 0.5)] ?? 0, p95: times[Math.floor(RUNS * 0.95)] ?? 0, count };
  }
  await app.close();
  return { fillMs, results };
}

export const membersList = () => onEachDatabase(measure);
