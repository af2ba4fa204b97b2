/**
 * A customer with BENCH_SCALE members (default 20,000) made by the seed command's code
 * (`portiere seed --members N`), then every list, the dashboard and the CSV export through the
 * real app, each beside the plain SQL of the same answer on the same database in the same run
 * (OFFSET/LIMIT plus count(*), the aggregates over members and credentials, a plain SELECT of
 * the exported columns). PostgreSQL with BENCH_DATABASE_URL; PGlite at BENCH_PGLITE_SCALE
 * (default: the same, at most 300,000). `npx tsx bench/scale.ts` runs it alone.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  buildApp,
  type Database,
  eq,
  loadConfig,
  SecretBox,
  schema,
  seedBulkMembers,
  seedDemo,
  sql,
} from '@portiere/server';
import { onEachDatabase } from './databases.ts';
import { type Timing, time } from './measure.ts';

const { customers, configurations } = schema;
export const SCALE = Number(process.env.BENCH_SCALE ?? 20_000);
export const PGLITE_SCALE = Number(process.env.BENCH_PGLITE_SCALE ?? Math.min(SCALE, 300_000));

export interface ListMeasure {
  count: number;
  app: Timing;
  raw: Timing;
}
export interface ScaleResult {
  members: number;
  credentials: number;
  seedMs: number;
  /** Plain set-based member inserts per second into a copy of the table with its indexes. */
  rawInsertsPerSecond: number;
  lists: Record<string, ListMeasure>;
  export: { rows: number; rowsPerSecond: number; rawRowsPerSecond: number; rssGrowthMb: number; rssBeforeMb: number };
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** The plain SQL of a members page: what the list did before (OFFSET over whole rows, count(*)). */
function offsetSql(acme: string, where: string, order: string, offset: number | 'MIDDLE_OFFSET') {
  return [
    `select m.*, g.name as group_name from members m left join configurations g on g.id = m.group_id
     where m.customer_id = '${acme}' ${where} order by ${order} limit 25 offset ${offset}`,
    `select count(*) from members m where m.customer_id = '${acme}' ${where}`,
  ];
}

/**
 * The plain SQL of a search's page (the first, or at `offset`): the rows whose search text holds
 * `s` (the members' trigram index over member_search_text) and, if given, whose `flag` (a boolean
 * column) is set, in the ordering, and the count straight from the narrow search rows
 * (member_search and its trigram index), which copy the flags.
 */
function searchSql(
  acme: string,
  s: string,
  order = 'm.created_at desc, m.id desc',
  flag = '',
  offset: number | 'MIDDLE_OFFSET' = 0,
) {
  const searched = `and member_search_text(m.username, m.first_name, m.last_name, m.email) like '%${s}%'`;
  return [
    offsetSql(acme, `${searched}${flag && ` and m.${flag}`}`, order, offset)[0] ?? '',
    `select count(*) from member_search where customer_id = '${acme}' and search like '%${s}%'${flag && ` and ${flag}`}`,
  ];
}

async function measure(database: Database, members: number): Promise<ScaleResult> {
  const box = new SecretBox(randomBytes(32));
  await database.migrate();
  await seedDemo(database.db, box, { members: false });
  // A few configuration groups, as a customer has, for the seed to spread members over.
  const [acmeRow] = await database.db.select().from(customers).where(eq(customers.name, 'Acme'));
  const acme = acmeRow?.id ?? '';
  await database.db
    .insert(configurations)
    .values(['Office', 'Field', 'Contractors', 'Admins'].map((name) => ({ customerId: acme, name, allowed: [] })));
  const seeded = await seedBulkMembers(database, box, { members });
  console.log(
    `${database.kind}: seeded ${seeded.members} members, ${seeded.credentials} credentials in ${seeded.ms.toFixed(0)} ms`,
  );
  const rawInsertsPerSecond = await rawInserts(database, acme, Math.min(members, 200_000));
  const [group] = await database.db.select().from(configurations).where(eq(configurations.name, 'Field'));
  const groupId = group?.id ?? '';

  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', LOGIN_RATE_LIMIT: '100000000' });
  const app = await buildApp({ config, database, box, logger: false });
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin');
  const { access: token } = await app.services.tokens.issue(user);
  const get = async (path: string) => {
    const res = await app.inject({ url: `/api/v1/${path}`, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const raw = async (queries: string[]) => {
    for (const q of queries) await database.db.execute(sql.raw(q));
  };
  // A member in the middle of the list, for a search that names one person.
  const [someone] = rowsOf<{ username: string }>(
    await database.db.execute(
      sql`select username from members where customer_id = ${acme}::uuid order by created_at offset ${Math.floor(members / 2)} limit 1`,
    ),
  );
  const person = someone?.username ?? 'nobody';
  const last = Math.ceil(members / 25);
  const mid = Math.ceil(last / 2);
  const newest = 'm.created_at desc, m.id desc';
  const cases: [string, string, string[]][] = [
    ['first page, newest first', 'users/', offsetSql(acme, '', newest, 0)],
    [
      `deepest page (page ${last.toLocaleString('en')})`,
      `users/?page=${last}`,
      offsetSql(acme, '', newest, (last - 1) * 25),
    ],
    [
      `middle page (page ${mid.toLocaleString('en')})`,
      `users/?page=${mid}`,
      offsetSql(acme, '', newest, (mid - 1) * 25),
    ],
    [
      `by last name, middle page`,
      `users/?ordering=last_name&page=${mid}`,
      offsetSql(acme, '', 'm.last_name, m.id', (mid - 1) * 25),
    ],
    [
      `by enrolment, deepest page`,
      `users/?ordering=-enrolled_at&page=${last}`,
      offsetSql(acme, '', "coalesce(m.enrolled_at, 'infinity') desc, m.id desc", (last - 1) * 25),
    ],
    [`search one person ("${person}")`, `users/?search=${encodeURIComponent(person)}`, searchSql(acme, person)],
    ['search a surname ("bianchi")', 'users/?search=bianchi', searchSql(acme, 'bianchi')],
    [
      'search a surname ("bianchi"), by last name',
      'users/?search=bianchi&ordering=last_name',
      searchSql(acme, 'bianchi', 'm.last_name, m.id'),
    ],
    ['search the commonest surname ("rossi")', 'users/?search=rossi', searchSql(acme, 'rossi')],
    [
      'search the commonest surname ("rossi"), middle page',
      'users/?search=rossi&page=MIDDLE',
      searchSql(acme, 'rossi', newest, '', 'MIDDLE_OFFSET'),
    ],
    [
      'search the commonest surname ("rossi") by enrolment, middle page',
      'users/?search=rossi&ordering=-enrolled_at&page=MIDDLE',
      searchSql(acme, 'rossi', "coalesce(m.enrolled_at, 'infinity') desc, m.id desc", '', 'MIDDLE_OFFSET'),
    ],
    // Two letters have no trigram to look up: the count reads every search row of the customer.
    ['search two letters ("ma")', 'users/?search=ma', searchSql(acme, 'ma')],
    [
      'search two letters ("ma"), middle page',
      'users/?search=ma&page=MIDDLE',
      searchSql(acme, 'ma', newest, '', 'MIDDLE_OFFSET'),
    ],
    [
      'search the commonest surname ("rossi"), enrolled = true',
      'users/?search=rossi&enrolled=true',
      searchSql(acme, 'rossi', newest, 'enrolled'),
    ],
    ['blocked = true', 'users/?blocked=true', offsetSql(acme, 'and m.blocked', newest, 0)],
    [
      'enrolled = false, one group',
      `users/?enrolled=false&group=${groupId}`,
      offsetSql(acme, `and not m.enrolled and m.group_id = '${groupId}'`, newest, 0),
    ],
    [
      'credential types totp,hotp',
      'users/?credential_types=totp,hotp',
      offsetSql(acme, `and m.credential_types ?| array['totp','hotp']`, newest, 0),
    ],
    [
      'credential type totp, middle page',
      `users/?credential_types=totp&page=${Math.ceil(mid * 0.25)}`,
      offsetSql(acme, `and m.credential_types ? 'totp'`, newest, (Math.ceil(mid * 0.25) - 1) * 25),
    ],
    [
      'credential type totp by last name, middle page',
      'users/?credential_types=totp&ordering=last_name&page=MIDDLE',
      offsetSql(acme, `and m.credential_types ? 'totp'`, 'm.last_name, m.id', 'MIDDLE_OFFSET'),
    ],
    [
      'blocked = true by username, middle page',
      'users/?blocked=true&ordering=username&page=MIDDLE',
      offsetSql(acme, 'and m.blocked', 'm.username, m.id', 'MIDDLE_OFFSET'),
    ],
    [
      'enrolled = false, one group, middle page',
      `users/?enrolled=false&group=${groupId}&page=MIDDLE`,
      offsetSql(acme, `and not m.enrolled and m.group_id = '${groupId}'`, newest, 'MIDDLE_OFFSET'),
    ],
    [
      'created in a 30-day range',
      'users/?created_after=2025-03-01&created_before=2025-03-30',
      offsetSql(acme, `and m.created_at >= '2025-03-01' and m.created_at < '2025-03-31'`, newest, 0),
    ],
    [
      'workstation users, first page',
      'workstation-users/',
      [
        `select m.* from members m where m.customer_id = '${acme}' and exists (select 1 from credentials c where c.member_id = m.id and c.windows_login) order by m.username, m.id limit 25`,
        `select count(*) from members m where m.customer_id = '${acme}' and exists (select 1 from credentials c where c.member_id = m.id and c.windows_login)`,
      ],
    ],
    [
      'workstation users, middle page',
      'workstation-users/?page=MIDDLE',
      [
        `select m.* from members m where m.customer_id = '${acme}' and exists (select 1 from credentials c where c.member_id = m.id and c.windows_login) order by m.username, m.id limit 25 offset MIDDLE_OFFSET`,
        `select count(*) from members m where m.customer_id = '${acme}' and exists (select 1 from credentials c where c.member_id = m.id and c.windows_login)`,
      ],
    ],
    [
      'dashboard',
      'dashboard/',
      [
        `select count(*), count(*) filter (where enrolled), count(*) filter (where blocked) from members where customer_id = '${acme}'`,
        `select type, count(*), count(*) filter (where is_web), count(*) filter (where windows_login) from credentials where customer_id = '${acme}' group by type`,
        `select count(*), count(*) filter (where deactivated_at is null) from recovery_modes where customer_id = '${acme}'`,
      ],
    ],
  ];
  const lists: Record<string, ListMeasure> = {};
  for (const [name, path0, rawQueries] of cases) {
    // A middle page: the page in the middle of what the filter matches.
    const middle = path0.includes('MIDDLE')
      ? Math.max(1, Math.ceil(((await get(path0.replace('MIDDLE', '1'))).count as number) / 50))
      : 1;
    const path = path0.replace('MIDDLE', String(middle));
    const queries = rawQueries.map((q) => q.replace('MIDDLE_OFFSET', String((middle - 1) * 25)));
    const answer = await get(path);
    const count = answer.count ?? answer.customers?.[0]?.users.total;
    const appTiming = await time(() => get(path));
    const rawTiming = await time(() => raw(queries));
    lists[name] = { count, app: appTiming, raw: rawTiming };
    console.log(database.kind, name, count, appTiming, rawTiming);
  }

  // The CSV export over HTTP, with the server's resident memory sampled while it streams.
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 20);
  const download = await downloadInChild(`${base}/api/v1/users/export/?format=csv&file_name=all`, token);
  clearInterval(sampler);
  const { lines, bytes, ms: exportMs } = download;
  const rows = lines - 1;
  const r0 = performance.now();
  const rawRows = rowsOf(
    await database.db.execute(
      sql`select m.username, m.first_name, m.last_name, m.email, m.phone_number, g.name, m.blocked, m.enrolled, m.enrolled_at, m.created_at, m.credential_types
        from members m left join configurations g on g.id = m.group_id where m.customer_id = ${acme}::uuid order by m.created_at desc, m.id desc`,
    ),
  ).length;
  const rawMs = performance.now() - r0;
  console.log(database.kind, 'export', rows, exportMs, bytes, download.encoding, rawRows, rawMs);
  await app.close();
  return {
    members: seeded.members,
    credentials: seeded.credentials,
    seedMs: seeded.ms,
    rawInsertsPerSecond,
    lists,
    export: {
      rows,
      rowsPerSecond: rows / (exportMs / 1000),
      rawRowsPerSecond: rawRows / (rawMs / 1000),
      rssGrowthMb: (rssPeak - rssBefore) / 1e6,
      rssBeforeMb: rssBefore / 1e6,
    },
  };
}

/**
 * The download in its own process, as a browser is (download.ts): a client reading 100 MB on
 * the server's event loop would be timed as the server.
 */
async function downloadInChild(url: string, token: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'download.ts', url, token], {
    cwd: import.meta.dirname,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as { lines: number; bytes: number; ms: number; encoding: string | null };
}

/** The raw limit for the seed: plain generated rows into a copy of members with all its indexes. */
async function rawInserts(database: Database, customerId: string, n: number): Promise<number> {
  await database.db.execute(sql`create table bench_raw_members (like members including all)`);
  const t0 = performance.now();
  await database.db.execute(sql`
    insert into bench_raw_members (customer_id, username, first_name, last_name, email, created_at)
    select ${customerId}::uuid, 'raw.member' || i, 'Giulia', 'Rossi', 'raw.member' || i || '@acme.example',
      now() - interval '1 minute' * (${n} - i)
    from generate_series(1, ${n}) as i`);
  const perSecond = n / ((performance.now() - t0) / 1000);
  await database.db.execute(sql`drop table bench_raw_members`);
  return perSecond;
}

export const scale = () =>
  onEachDatabase((database) => measure(database, database.kind === 'pglite' ? PGLITE_SCALE : SCALE), {
    pglite: PGLITE_SCALE > 0,
  });

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await scale(), null, 1));
