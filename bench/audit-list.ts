/**
 * The audit trail at 1,000,000 events (BENCH_AUDIT_EVENTS) of one customer: p50/p95 of the Audit page's requests
 * through the real app (inject), on PGlite and, with BENCH_DATABASE_URL, PostgreSQL. Compare with
 * the members list at 100,000 members (members-list.ts): the issue asks for the same speed.
 */
import { randomBytes } from 'node:crypto';
import { buildApp, type Database, eq, loadConfig, SecretBox, schema, seedDemo, sql } from '@portiere/server';
import { onEachDatabase } from './databases.ts';

const { customers } = schema;

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const RUNS = 30;

export const AUDIT_QUERIES: Record<string, string> = {
  'first page, newest first': 'audit/',
  'page 2,000 (offset 49,975)': 'audit/?page=2000',
  'one action': 'audit/?action=credential.reset',
  'actions of a target type (prefix)': 'audit/?action=role.',
  "one member's activity": 'audit/?target_type=member&target_id=member-4242',
  'one actor': 'audit/?actor=operator7@acme.example',
  failures: 'audit/?outcome=failure',
  '30-day range': 'audit/?from=2026-03-01&to=2026-03-30',
};

async function fill(database: Database, customerId: string): Promise<void> {
  // Generated in SQL (listing does not read the hashes; audit.test.ts checks the chain).
  await database.db.execute(sql`
    insert into audit_events (tenant_id, tenant_type, seq, at, actor_type, actor_name, source_ip, action,
      target_type, target_id, target_name, outcome, details, prev_hash, hash)
    select ${customerId}::uuid, 'customer', i, timestamptz '2026-01-01' + (i * 30 || ' seconds')::interval,
      'staff', 'operator' || (i % 20) || '@acme.example', '192.0.2.' || (i % 200),
      (array['member.update','member.create','credential.reset','role.add_user','settings.update'])[1 + i % 5],
      'member', 'member-' || (i % 50000), 'user' || (i % 50000),
      case when i % 40 = 0 then 'failure' else 'success' end,
      '{"before":{"last_name":"Rossi"},"after":{"last_name":"Bianchi"}}'::jsonb,
      md5(i::text), md5((i + 1)::text)
    from generate_series(1, ${EVENTS}) as i`);
  await database.db.execute(sql`
    insert into audit_chains (tenant_id, tenant_type, seq, hash, anchor_hash)
    values (${customerId}::uuid, 'customer', ${EVENTS}, md5('x'), md5('y'))
    on conflict (tenant_id) do update set seq = excluded.seq`);
  // As autovacuum leaves an append-only table: visibility map set, so counts read the index only.
  await database.db.execute(sql`vacuum analyze audit_events`);
}

async function measure(database: Database) {
  const box = new SecretBox(randomBytes(32));
  await database.migrate();
  await seedDemo(database.db, box, { members: false });
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '100000' });
  const app = await buildApp({ config, database, box, logger: false });
  const [acme] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Acme'));
  const t0 = performance.now();
  await fill(database, acme?.id ?? '');
  const fillMs = performance.now() - t0;
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin');
  const { access: token } = await app.services.tokens.issue(user);
  const results: Record<string, { p50: number; p95: number; count: number }> = {};
  for (const [name, path] of Object.entries(AUDIT_QUERIES)) {
    const url = `/api/v1/${path}`;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(performance.now() - s);
      count = res.json().count;
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: times[Math.floor(RUNS * 0.5)] ?? 0, p95: times[Math.floor(RUNS * 0.95)] ?? 0, count };
  }
  await app.close();
  return { events: EVENTS, fillMs, results };
}

export const auditList = () => onEachDatabase(measure);
export const auditListOn = (opts: { pglite?: boolean }) => onEachDatabase(measure, opts);

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await auditList(), null, 1));
