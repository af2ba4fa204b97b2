/**
 * SCIM over HTTP as a directory meets it (issue 41), on PostgreSQL at scale: creates (POST /Users,
 * 8 at once) and the two reads a directory makes before each change, a filter by userName and by
 * externalId, each from a client in this process against the server in its own, beside the raw
 * limit of the same run: plain SQL inserts of a member row, 8 at once, for the creates; the plain
 * SQL of the same answer (the row and the count), timed alternately, for the reads.
 *
 * Every member of the customer gets an external id first (one UPDATE, timed), so that externalId
 * eq searches the whole table's index. Which index answered is read from PostgreSQL's own
 * counters (pg_stat_user_indexes) around the reads: one index scan per request, no sequential scan.
 *
 * `npx tsx bench/http/scim.ts` runs it alone against an already seeded database (see the end).
 */
import { SCIM_CONTENT_TYPE, SCIM_PATH, SCIM_SCHEMAS } from '@portiere/contracts';
import postgres from 'postgres';
import { percentiles, rate, type Timing, timed } from '../measure.ts';
import { consoleApi } from './client-process.ts';
import { cpuMsOf } from './server.ts';

export interface ScimReadMeasure {
  app: Timing;
  raw: Timing;
  /** Index scans of the index that should answer, per request, and sequential scans of members, over the reads. */
  indexScansPerRequest: number;
  seqScans: number;
}

export interface ScimBenchResult {
  members: number;
  /** Setting every member's external id (set-up, one UPDATE). */
  externalIdsMs: number;
  createPerSecond: number;
  rawInsertPerSecond: number;
  /** Server CPU time per create, ms. */
  serverCpuMsPerCreate?: number;
  userName: ScimReadMeasure;
  externalId: ScimReadMeasure;
}

const INDEXES = { userName: 'members_customer_username_idx', externalId: 'members_customer_external_id_idx' };

/** A manager user of the customer with a key of the scope scim, made by its reseller as in the console. */
async function scimKey(baseUrl: string, customerToken: string, resellerToken: string) {
  const me = await consoleApi<{ customer: { id: string } }>(baseUrl, customerToken, 'GET', 'me/');
  const base = `customers/${me.customer.id}/manager-users/`;
  const user = await consoleApi<{ id: string }>(baseUrl, resellerToken, 'POST', base, {
    email: `scim-bench-${Date.now().toString(36)}@acme.example`,
    scopes: ['scim'],
  });
  const { api_key } = await consoleApi<{ api_key: string }>(
    baseUrl,
    resellerToken,
    'POST',
    `${base}${user.id}/reset-api-key/`,
    {},
  );
  return { customerId: me.customer.id, key: api_key };
}

export async function scimBench(opts: {
  baseUrl: string;
  customerToken: string;
  resellerToken: string;
  databaseUrl: string;
  pid?: number;
}): Promise<ScimBenchResult> {
  const runs = Number(process.env.BENCH_RUNS ?? 30);
  const { customerId, key } = await scimKey(opts.baseUrl, opts.customerToken, opts.resellerToken);
  const headers = { authorization: `Bearer ${key}`, 'content-type': SCIM_CONTENT_TYPE };
  const scim = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${opts.baseUrl}${SCIM_PATH}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { totalResults?: number; id?: string };
  };
  const sql = postgres(opts.databaseUrl, { max: 8, onnotice: () => {} });
  try {
    const startedAt = performance.now();
    await sql`update members set external_id = 'ext-' || id::text where customer_id = ${customerId} and external_id is null`;
    const externalIdsMs = performance.now() - startedAt;
    await sql`analyze members`;
    const [{ n: members } = { n: 0 }] = await sql<{ n: number }[]>`
      select count(*)::int as n from members where customer_id = ${customerId}`;

    // Creates, 8 at once, beside plain inserts of a member row.
    const run = Date.now().toString(36);
    const cpuBefore = opts.pid ? cpuMsOf(opts.pid) : 0;
    let created = 0;
    const createPerSecond = await rate(async (i) => {
      await scim('POST', '/Users', {
        schemas: [SCIM_SCHEMAS.user],
        userName: `scim.${run}.${i}@acme.example`,
        externalId: `bench-${run}-${i}`,
        name: { givenName: 'Bench', familyName: `Directory ${i}` },
        emails: [{ value: `scim.${run}.${i}@acme.example`, type: 'work', primary: true }],
      });
      created++;
    });
    const serverCpuMsPerCreate = opts.pid ? (cpuMsOf(opts.pid) - cpuBefore) / Math.max(1, created) : undefined;
    const rawInsertPerSecond = await rate(
      (i) =>
        sql`insert into members (customer_id, username, first_name, last_name, email, external_id)
            values (${customerId}, ${`raw.${run}.${i}`}, 'Bench', 'Raw', 'raw@acme.example', ${`raw-${run}-${i}`})`,
    );

    // Members anywhere in the table, as a directory looks them up.
    const sample = await sql<{ username: string; external_id: string }[]>`
      select username, external_id from members
      where customer_id = ${customerId} and external_id like 'ext-%' order by random() limit ${runs + 3}`;
    if (sample.length < runs + 3) throw new Error(`only ${sample.length} members to look up`);
    const indexScans = async () => {
      const rows = await sql<{ name: string; n: string }[]>`
        select indexrelname as name, idx_scan::text as n from pg_stat_user_indexes where relname = 'members'
        union all select 'seq', seq_scan::text from pg_stat_user_tables where relname = 'members'`;
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
    };
    // PostgreSQL publishes a backend's counters when it has been idle a while (at most 10 s).
    const settled = () => new Promise((r) => setTimeout(r, 11_000));
    const reads = async (which: 'userName' | 'externalId'): Promise<ScimReadMeasure> => {
      const appTimes: number[] = [];
      const rawTimes: number[] = [];
      await settled();
      const before = await indexScans();
      for (const [i, m] of sample.entries()) {
        const value = which === 'userName' ? m.username : m.external_id;
        const a = await timed(async () => {
          const found = await scim('GET', `/Users?filter=${encodeURIComponent(`${which} eq "${value}"`)}`);
          if (found.totalResults !== 1) throw new Error(`${which} eq ${value}: ${found.totalResults} results`);
        });
        const condition =
          which === 'userName' ? sql`lower(m.username) = lower(${value})` : sql`m.external_id = ${value}`;
        const r = await timed(async () => {
          await sql`select count(*) from members m where m.customer_id = ${customerId} and ${condition}`;
          await sql`select m.*, g.name from members m left join configurations g on g.id = m.group_id
                    where m.customer_id = ${customerId} and ${condition} order by m.created_at, m.id limit 200`;
        });
        if (i >= 3) {
          appTimes.push(a);
          rawTimes.push(r);
        }
      }
      await settled();
      const after = await indexScans();
      // The raw SQL above reads the same index twice a request: what is left is the app's.
      const index = INDEXES[which];
      const appScans = (after[index] ?? 0) - (before[index] ?? 0) - 2 * sample.length;
      return {
        app: percentiles(appTimes),
        raw: percentiles(rawTimes),
        indexScansPerRequest: appScans / sample.length,
        seqScans: (after.seq ?? 0) - (before.seq ?? 0),
      };
    };
    return {
      members,
      externalIdsMs,
      createPerSecond,
      rawInsertPerSecond,
      ...(serverCpuMsPerCreate === undefined ? {} : { serverCpuMsPerCreate }),
      userName: await reads('userName'),
      externalId: await reads('externalId'),
    };
  } finally {
    await sql.end();
  }
}

/**
 * Alone: `BENCH_DATABASE_URL=postgres://... DATA_DIR=... npx tsx bench/http/scim.ts`, over a
 * database already seeded (`portiere seed --members 1000000` with the same DATA_DIR and
 * DATABASE_URL): starts the built server in a process of its own, signs the demo operators in,
 * measures, and stops the server.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer } = await import('./server.ts');
  const { DEMO_PASSWORD } = await import('@portiere/server');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dataDir = process.env.DATA_DIR ?? '';
  if (!databaseUrl || !dataDir) throw new Error('set BENCH_DATABASE_URL and DATA_DIR');
  const server = await startServer({ dataDir, databaseUrl, env: { SEED_DEMO: 'false' } });
  try {
    const customerToken = await server.signIn('admin@acme.example', DEMO_PASSWORD);
    const resellerToken = await server.signIn('partner@northwind.example', DEMO_PASSWORD);
    console.log(
      JSON.stringify(
        await scimBench({ baseUrl: server.baseUrl, customerToken, resellerToken, databaseUrl, pid: server.pid }),
        null,
        1,
      ),
    );
  } finally {
    await server.stop();
  }
}
