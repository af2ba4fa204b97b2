/**
 * The members list's search over HTTP: the first page of a surname ("rossi") and of two letters
 * ("ma"), as the console asks for them (users/?search=..., newest first, 25 a page), timed by a
 * client in this process against a server listening in another, each request beside the plain
 * SQL of the same answer on the same database in the same run: the page through the members'
 * trigram index (member_search_text) and the count of the narrow search rows (member_search),
 * one after the other. The two are timed alternately, so that both see the same load.
 *
 * `npx tsx bench/http/search.ts` runs it alone against an already seeded database (see the end
 * of this file).
 */
import postgres from 'postgres';
import { percentiles, timed } from '../measure.ts';

export interface SearchTiming {
  p50: number;
  p95: number;
}
export interface SearchMeasure {
  app: SearchTiming;
  raw: SearchTiming;
  /** The count the first answer gave, and whether it was marked as an estimate. */
  count: number;
  estimated: boolean;
  /** The exact count (users/count/), when the list answer was an estimate. */
  exact?: number;
  /** users/count/, when the list answer was an estimate: what the console asks next ... */
  exactCount?: SearchTiming;
  /** ... beside the plain SQL count alone, timed alternately with it. */
  rawCount?: SearchTiming;
}

const SEARCHES = { rossi: 'rossi', ma: 'ma' } as const;
const PAGE_SIZE = 25;

interface ListAnswer {
  count: number;
  count_estimated?: boolean;
  results: { id: string }[];
}

export async function search(opts: {
  baseUrl: string;
  token: string;
  databaseUrl: string;
}): Promise<Record<string, SearchMeasure>> {
  const runs = Number(process.env.BENCH_RUNS ?? 30);
  const warm = 3;
  const headers = { authorization: `Bearer ${opts.token}`, 'accept-encoding': 'gzip, deflate, br' };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${opts.baseUrl}/api/v1/${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  // One connection, the simple protocol with the values in the text: each query planned with
  // its pattern, as the server plans its searches.
  const sql = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} });
  const out: Record<string, SearchMeasure> = {};
  try {
    for (const [name, text] of Object.entries(SEARCHES)) {
      const path = `users/?search=${encodeURIComponent(text)}&page=1&page_size=${PAGE_SIZE}`;
      const first = await get<ListAnswer>(path);
      const someone = first.results[0]?.id;
      if (!someone) throw new Error(`${name}: no member found`);
      // The caller's customer, from a member it found.
      const [row] = await sql.unsafe<{ customer_id: string }[]>(
        `select customer_id from members where id = '${someone}'`,
      );
      const customer = row?.customer_id ?? '';
      const like = `'%${text}%'`;
      const rawQueries = [
        `select m.*, g.name as group_name from members m left join configurations g on g.id = m.group_id
         where m.customer_id = '${customer}'
           and member_search_text(m.username, m.first_name, m.last_name, m.email) like ${like}
         order by m.created_at desc, m.id desc limit ${PAGE_SIZE}`,
        `select count(*) from member_search where customer_id = '${customer}' and search like ${like}`,
      ];
      const raw = async () => {
        for (const q of rawQueries) await sql.unsafe(q);
      };
      const appTimes: number[] = [];
      const rawTimes: number[] = [];
      for (let i = 0; i < runs + warm; i++) {
        const a = await timed(() => get(path));
        const r = await timed(raw);
        if (i >= warm) {
          appTimes.push(a);
          rawTimes.push(r);
        }
      }
      const estimated = first.count_estimated === true;
      const measure: SearchMeasure = {
        app: percentiles(appTimes),
        raw: percentiles(rawTimes),
        count: first.count,
        estimated,
      };
      if (estimated) {
        const countPath = `users/count/?search=${encodeURIComponent(text)}`;
        measure.exact = (await get<{ count: number }>(countPath)).count;
        const countTimes: number[] = [];
        const rawCountTimes: number[] = [];
        for (let i = 0; i < runs; i++) {
          countTimes.push(await timed(() => get(countPath)));
          rawCountTimes.push(await timed(() => sql.unsafe(rawQueries[1] ?? '')));
        }
        measure.exactCount = percentiles(countTimes);
        measure.rawCount = percentiles(rawCountTimes);
      }
      out[name] = measure;
    }
  } finally {
    await sql.end();
  }
  return out;
}

/**
 * Alone: `BENCH_DATABASE_URL=postgres://... DATA_DIR=... npx tsx bench/http/search.ts`, over a
 * database already seeded (`portiere seed --members 1000000` with the same DATA_DIR and
 * DATABASE_URL). Starts the server in a process of its own on BENCH_PORT (default 18280), signs
 * its demo admin in by issuing a session directly, measures, and stops the server.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawn } = await import('node:child_process');
  const path = await import('node:path');
  const { buildApp, loadConfig, openPostgres, SecretBox } = await import('@portiere/server');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const port = Number(process.env.BENCH_PORT ?? 18280);
  if (!databaseUrl || !process.env.DATA_DIR) throw new Error('set BENCH_DATABASE_URL and DATA_DIR');
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
  const config = loadConfig(env);
  const database = await openPostgres(databaseUrl);
  const app = await buildApp({ config, database, box: SecretBox.fromFile(config.secretKeyFile), logger: false });
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin@acme.example: seed the demo data first');
  const { access: token } = await app.services.tokens.issue(user);
  await app.close();
  const main = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');
  const server = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 50) {
      if (waited > 60_000) throw new Error('the server did not start');
      if (
        await fetch(`${baseUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(JSON.stringify(await search({ baseUrl, token, databaseUrl }), null, 1));
  } finally {
    server.kill('SIGTERM');
  }
}
