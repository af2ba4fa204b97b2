/**
 * The members export through the real app with 3-row batches, so a dozen members cross several
 * batch edges: byte order mark, the list's ordering with ties, typed JSON and XLSX cells, and
 * that each batch reads its index.
 */
import { EXPORT_COLUMNS, type MemberExportRow, memberExportRowSchema } from '@portiere/contracts';
import { parse } from 'csv-parse/sync';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { configurations, credentialKindMask, members } from '../../db/schema/index.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { createThirtyMembers } from '../../test/thirty-members.ts';
import { exportBatch } from './export-batches.ts';
import { csvBatches } from './export-csv.ts';

const BATCH = 3;
const COUNT = 13;

/** What each test member sorts by, kept to compare with: timestamps in microseconds, null as never. */
interface Seeded {
  id: string;
  username: string;
  last_name: string;
  email: string;
  created: number;
  enrolled: number | null;
}

const ts = (micros: number): SQL =>
  sql`${`2026-03-01 10:00:00+00`}::timestamptz + ${`${micros} microseconds`}::interval`;

describe.each(testDatabases())('members export on $name', (database) => {
  let h: Harness;
  let acme: string;
  let seeded: Seeded[];

  beforeAll(async () => {
    h = await startHarness(database, { EXPORT_BATCH_ROWS: String(BATCH) });
    acme = (await signIn(h, 'admin@acme.example')).access;
    const acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const globexId = (await call(h.app, 'GET', 'me/', (await signIn(h, 'admin@globex.example')).access)).body.customer
      .id;
    const db = h.app.services.db;
    const [office] = await db
      .insert(configurations)
      .values({ customerId: acmeId, name: 'Office', allowed: [] })
      .returning();
    seeded = [];
    for (let i = 0; i < COUNT; i++) {
      // Creation times: groups of four equal, and some a few microseconds apart within one
      // millisecond; every third never enrolled (null); last names repeat.
      const created = Math.floor(i / 4) * 1000 + (i % 4 === 3 ? 7 : 0);
      const enrolled = i % 3 === 0 ? null : 5_000_000 + (i % 2) * 1000;
      const username = `exp${String(i).padStart(2, '0')}`;
      const last_name = ['bianchi', 'rossi', 'verdi'][i % 3] ?? '';
      const email = `${username}@acme.example`;
      const [row] = await db
        .insert(members)
        .values({
          customerId: acmeId,
          username,
          firstName: i === 0 ? 'Niccolò' : 'Anna',
          lastName: last_name,
          email,
          phoneNumber: i === 1 ? '+393331234567' : '',
          groupId: i === 2 ? (office?.id ?? null) : null,
          blocked: i === 4,
          enrolled: enrolled !== null,
          enrolledAt: enrolled === null ? null : ts(enrolled),
          credentialTypes: i === 5 ? ['totp', 'mail'] : [],
          credentialKinds: i === 5 ? credentialKindMask(['totp', 'mail']) : 0,
          createdAt: ts(created),
        })
        .returning({ id: members.id });
      seeded.push({ id: row?.id ?? '', username, last_name, email, created, enrolled });
    }
    // Another customer's member the search also matches: never exported to Acme.
    await db.insert(members).values({ customerId: globexId, username: 'exp99', lastName: 'rossi' });
  });
  afterAll(() => h.close());

  /** The usernames of a CSV export, parsed by a real CSV reader. */
  const csvUsernames = (payload: Buffer) =>
    (parse(payload, { bom: true, columns: true }) as { username: string }[]).map((r) => r.username);

  const exportOf = (format: string, query = '') =>
    h.app.inject({
      url: `/api/v1/users/export/?format=${format}&file_name=x&search=exp${query}`,
      headers: { authorization: `Bearer ${acme}` },
    });

  /** Usernames in the order the list answers and the order expected from the seeded keys. */
  async function expectedOrder(ordering: string): Promise<string[]> {
    const field = ordering.replace(/^-/, '') as 'username' | 'last_name' | 'email' | 'created_at' | 'enrolled_at';
    const sign = ordering.startsWith('-') ? -1 : 1;
    const key = (s: Seeded) =>
      field === 'created_at'
        ? s.created
        : field === 'enrolled_at'
          ? (s.enrolled ?? Number.POSITIVE_INFINITY)
          : s[field];
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = [...seeded].sort((a, b) => sign * (cmp(key(a), key(b)) || cmp(a.id, b.id))).map((s) => s.username);
    const list = await call(h.app, 'GET', `users/?search=exp&page_size=100&ordering=${ordering}`, acme);
    expect(list.body.results.map((m: { username: string }) => m.username)).toEqual(expected);
    return expected;
  }

  it('starts the CSV with a UTF-8 byte order mark and parses to every member once', async () => {
    const res = await exportOf('csv');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: Record<string, string>[] = parse(res.rawPayload, { bom: true, columns: true });
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.username)).size).toBe(COUNT);
    expect(rows.find((r) => r.username === 'exp00')).toMatchObject({ first_name: 'Niccolò', enrolled_at: '' });
    expect(rows.find((r) => r.username === 'exp01')).toMatchObject({
      phone_number: "'+393331234567",
      enrolled: 'true',
    });
    expect(rows.find((r) => r.username === 'exp02')?.group).toBe('Office');
    expect(rows.map((r) => r.username)).not.toContain('exp99');
  });

  it.each([
    'username',
    '-username',
    'last_name',
    '-last_name',
    'email',
    'created_at',
    '-created_at',
    'enrolled_at',
    '-enrolled_at',
  ])('exports in the list ordering %s across batches, ties broken by id', async (ordering) => {
    const expected = await expectedOrder(ordering);
    expect(csvUsernames((await exportOf('csv', `&ordering=${ordering}`)).rawPayload)).toEqual(expected);
    const json = JSON.parse((await exportOf('json', `&ordering=${ordering}`)).body);
    expect(json.map((r: { username: string }) => r.username)).toEqual(expected);
  });

  it('exports newest first, like the list, when no ordering is given', async () => {
    expect(csvUsernames((await exportOf('csv')).rawPayload)).toEqual(await expectedOrder('-created_at'));
  });

  it('writes each CSV line as csvLine writes the same member: formula prefixes, quotes, commas, line breaks, accents', async () => {
    const acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const db = h.app.services.db;
    const tricky = [
      { username: 'exp-q1', firstName: 'Anna "Nan", Jr.', lastName: '=SUM(A1)', email: '@mail' },
      { username: 'exp-q2', firstName: 'Zoë\nsecond line', lastName: '-minus', email: 'tab\there' },
      { username: 'exp-q3', firstName: '\tlead tab', lastName: 'Ünal, Çelik', email: '"quoted"@x.example' },
    ];
    const rows = await db
      .insert(members)
      .values(
        tricky.map((t) => ({
          customerId: acmeId,
          ...t,
          credentialTypes: ['app' as const, 'totp' as const],
          credentialKinds: credentialKindMask(['app', 'totp']),
        })),
      )
      .returning({ id: members.id });
    try {
      const csv = (await exportOf('csv', '&ordering=username')).rawPayload.toString('utf8');
      const json = JSON.parse((await exportOf('json', '&ordering=username')).body) as MemberExportRow[];
      const text = (v: MemberExportRow[keyof MemberExportRow]) =>
        v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v);
      const expected = `${CSV_BOM}${csvLine(EXPORT_COLUMNS)}${json.map((r) => csvLine(EXPORT_COLUMNS.map((c) => text(r[c])))).join('')}`;
      expect(csv).toBe(expected);
      expect(csv).toContain(`"Anna ""Nan"", Jr.",'=SUM(A1),'@mail`);
    } finally {
      await db.delete(members).where(
        inArray(
          members.id,
          rows.map((r) => r.id),
        ),
      );
    }
  });

  it('reads to its end a batch range that grew after its end was found, each member once and in order', async () => {
    const acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const expected = await expectedOrder('username');
    const real = h.app.services.database;
    let added = false;
    // Between finding the first range's end (exp00..exp02) and reading its lines, a member
    // that sorts inside it arrives.
    const racing: Database = {
      ...real,
      textRows: async (query) => {
        if (!added && new PgDialect().sqlToQuery(query).sql.includes('string_agg')) {
          added = true;
          await real.db.insert(members).values({ customerId: acmeId, username: 'exp01a' });
        }
        return real.textRows(query);
      },
    };
    try {
      const text = [];
      for await (const batch of csvBatches(racing, acmeId, { search: 'exp', ordering: 'username' }, BATCH)) {
        text.push(batch.text.toString());
      }
      const usernames = text
        .join('')
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(',')[0]);
      expect(usernames).toEqual([...expected.slice(0, 2), 'exp01a', ...expected.slice(2)]);
    } finally {
      await real.db.delete(members).where(sql`${members.username} = 'exp01a'`);
    }
  });

  it('keeps JSON values typed: booleans, nulls, arrays', async () => {
    const rows = JSON.parse((await exportOf('json', '&ordering=username')).body);
    for (const row of rows) memberExportRowSchema.strict().parse(row);
    expect(rows[0]).toMatchObject({
      username: 'exp00',
      blocked: false,
      enrolled: false,
      enrolled_at: null,
      group: null,
    });
    expect(rows[2].group).toBe('Office');
    expect(rows[4].blocked).toBe(true);
    expect(rows[5].credential_types).toEqual(['mail', 'totp']);
    expect(rows[1].enrolled).toBe(true);
    expect(rows[1].enrolled_at).toBe('2026-03-01T10:00:05.001Z');
  });

  it('writes XLSX cells typed: booleans, dates, empty for null', async () => {
    const res = await exportOf('xlsx', '&ordering=-username');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Users');
    if (!sheet) throw new Error('no Users sheet');
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = Array.from({ length: COUNT }, (_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(col('username')).value)).toEqual(await expectedOrder('-username'));
    const exp01 = rows.find((r) => r.getCell(col('username')).value === 'exp01');
    expect(exp01?.getCell(col('enrolled')).value).toBe(true);
    expect(exp01?.getCell(col('blocked')).value).toBe(false);
    expect(exp01?.getCell(col('enrolled_at')).value).toEqual(new Date('2026-03-01T10:00:05.001Z'));
    expect(exp01?.getCell(col('created_at')).type).toBe(ExcelJS.ValueType.Date);
    const exp00 = rows.find((r) => r.getCell(col('username')).value === 'exp00');
    expect(exp00?.getCell(col('enrolled_at')).value).toBeNull();
    expect(exp00?.getCell(col('group')).value).toBeNull();
  });

  it.each([
    ['username', 'exp05'],
    ['-last_name', 'rossi'],
    ['email', 'exp05@acme.example'],
    ['-created_at', '2026-03-01 10:00:01+00'],
    ['enrolled_at', '2026-03-01 10:00:05+00'],
    ['-enrolled_at', 'infinity'],
  ])('reads a %s batch from its index after a row comparison, with no sort', async (ordering, key) => {
    const acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const batch = exportBatch(h.app.services.db, acmeId, { ordering }, { key, id: seeded[0]?.id ?? '' }, 1000);
    // The test table is tiny, where a sequential scan wins: forbidding it shows the index fits.
    const result = await h.app.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${batch}`);
    });
    // postgres-js answers the rows, PGlite an object holding them.
    const rows: { 'QUERY PLAN': string }[] = Array.isArray(result) ? result : result.rows;
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan( Backward)? using members_customer_\w+_idx on members/);
    expect(plan).toMatch(/Index Cond: .*ROW\(/);
    expect(plan).not.toMatch(/Sort/);
  });
});

/** The export at its own batch size (1,000 rows), of thirty members and of more than two batches. */
describe.each(testDatabases())('members export in 1,000-row batches on $name', (database) => {
  const s = acmeAndGlobex(database);
  beforeAll(() => createThirtyMembers(s.h, s.acme));

  it('exports the filtered members as CSV, JSON and XLSX', async () => {
    const csv = await s.h.app.inject({
      url: '/api/v1/users/export/?format=csv&file_name=acme-users&search=verdi&ordering=username',
      headers: { authorization: `Bearer ${s.acme}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="acme-users.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'username,first_name,last_name,email,phone_number,group,blocked,enrolled,enrolled_at,created_at,credential_types',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['member00', 'member01', 'member02']);
    const json = await s.h.app.inject({
      url: '/api/v1/users/export/?format=json&file_name=x&search=verdi',
      headers: { authorization: `Bearer ${s.acme}` },
    });
    expect(JSON.parse(json.body)).toHaveLength(3);
    const xlsx = await s.h.app.inject({
      url: '/api/v1/users/export/?format=xlsx&file_name=x&search=verdi',
      headers: { authorization: `Bearer ${s.acme}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Users');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(1).value).toBe('username');
    const bad = await s.h.app.inject({
      url: '/api/v1/users/export/?format=pdf&file_name=x',
      headers: { authorization: `Bearer ${s.acme}` },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports every member across the 1,000-row batches', async () => {
    const me = await call(s.h.app, 'GET', 'me/', s.acme);
    const { members } = await import('../../db/schema/index.ts');
    const rows = Array.from({ length: 2100 }, (_, i) => ({ customerId: me.body.customer.id, username: `bulk${i}` }));
    for (let i = 0; i < rows.length; i += 700) await s.h.app.services.db.insert(members).values(rows.slice(i, i + 700));
    const csv = await s.h.app.inject({
      url: '/api/v1/users/export/?format=csv&file_name=all&search=bulk',
      headers: { authorization: `Bearer ${s.acme}` },
    });
    const names = new Set(
      csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect(names.size).toBe(2100);
  });
});
