/**
 * Streams the filtered members as CSV, XLSX or JSON in the list's ordering, in batches read by
 * keyset: each batch starts after the last (sort key, id) seen, on the (customer_id, key, id)
 * index, so the millionth row costs what the first does and memory stays flat whatever the size.
 * CSV lines are written by the database itself (csvBatch): one text value per batch crosses
 * the wire instead of a row of typed columns per member, and no row object is built.
 */
import { PassThrough, type Readable } from 'node:stream';
import { CREDENTIAL_TYPES, EXPORT_COLUMNS, type MemberExportRow, type MemberListQuery } from '@portiere/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client.ts';
import { CREDENTIAL_KIND_BITS, configurations, members } from '../../db/schema/index.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { type MemberSort, memberSort, memberWhere } from './list-query.ts';

/** An export row before formatting: timestamps still dates, for typed spreadsheet cells. */
type ExportRow = Omit<MemberExportRow, 'enrolled_at' | 'created_at'> & { enrolled_at: Date | null; created_at: Date };

/** Where a batch starts: the sort key (as text) and id of the previous batch's last row. */
export interface ExportCursor {
  key: string;
  id: string;
}

/**
 * After `last` in the ordering: a row comparison, which PostgreSQL reads as a start position on
 * the (customer_id, key, id) index, in either direction. The key travels as text: a JS Date
 * would drop microseconds.
 */
function afterCursor(sort: MemberSort, last: ExportCursor | null): SQL | undefined {
  return last
    ? sql`(${sort.key}, ${members.id}) ${sql.raw(sort.descending ? '<' : '>')} (${last.key}::${sql.raw(sort.type)}, ${last.id}::uuid)`
    : undefined;
}

/** One batch: the next `batchRows` members after `last` in the list's ordering. */
export function exportBatch(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  last: ExportCursor | null,
  batchRows: number,
) {
  const sort = memberSort(q.ordering);
  const dir = sort.descending ? desc : asc;
  const cursor = afterCursor(sort, last);
  const where = memberWhere(customerId, q);
  return db
    .select({
      // Only the exported columns: parsing whole rows costs more than the indexed read.
      m: {
        id: members.id,
        username: members.username,
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
        phoneNumber: members.phoneNumber,
        blocked: members.blocked,
        enrolled: members.enrolled,
        enrolledAt: members.enrolledAt,
        createdAt: members.createdAt,
        credentialTypes: members.credentialTypes,
      },
      group: configurations.name,
      key: sql<string>`(${sort.key})::text`,
    })
    .from(members)
    .leftJoin(configurations, eq(configurations.id, members.groupId))
    .where(cursor ? and(where, cursor) : where)
    .orderBy(dir(sort.key), dir(members.id))
    .limit(batchRows);
}

/** Characters that make a cell quoted (RFC 4180), and those that make it a formula when leading. */
const QUOTED = sql`('[",' || chr(13) || chr(10) || ']')`;
const FORMULA = sql`('[-=+@' || chr(9) || chr(13) || ']')`;

/**
 * A CSV cell of a text column, as csvCell writes it: a leading = + - @ tab or CR prefixed with
 * a quote mark, then RFC 4180 quoting when it holds a quote, comma or line break.
 */
function csvText(value: SQL): SQL {
  const safe = sql`(case when left(${value}, 1) ~ ${FORMULA} then '''' || ${value} else ${value} end)`;
  return sql`(case when ${safe} ~ ${QUOTED} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds); empty for null. */
const isoTime = (value: SQL | PgColumn) =>
  sql`coalesce(to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

/** The member's credential kinds from their bit set (members.credential_kinds), in sorted order. */
const kindNames = sql.raw(
  `concat_ws(' ', ${[...CREDENTIAL_TYPES]
    .sort()
    .map((t) => `case when "members"."credential_kinds" & ${CREDENTIAL_KIND_BITS[t]} <> 0 then '${t}' end`)
    .join(', ')})`,
);

const TEXT_COLUMNS = {
  username: sql`${members.username}`,
  first_name: sql`${members.firstName}`,
  last_name: sql`${members.lastName}`,
  email: sql`${members.email}`,
  phone_number: sql`${members.phoneNumber}`,
  group: sql`coalesce(${configurations.name}, '')`,
};
const OTHER_COLUMNS = {
  blocked: sql`${members.blocked}::text`,
  enrolled: sql`${members.enrolled}::text`,
  enrolled_at: isoTime(members.enrolledAt),
  created_at: isoTime(members.createdAt),
  credential_types: kindNames,
};

/** A member's CSV line (EXPORT_COLUMNS order): its text cells escaped only when one needs it. */
function csvLineSql(): SQL {
  const texts = Object.values(TEXT_COLUMNS);
  const line = (cell: (c: keyof MemberExportRow) => SQL) =>
    sql.join(
      EXPORT_COLUMNS.map((c) => cell(c)),
      sql` || ',' || `,
    );
  const plain = line((c) =>
    c in TEXT_COLUMNS ? TEXT_COLUMNS[c as keyof typeof TEXT_COLUMNS] : OTHER_COLUMNS[c as keyof typeof OTHER_COLUMNS],
  );
  const escaped = line((c) =>
    c in TEXT_COLUMNS
      ? csvText(TEXT_COLUMNS[c as keyof typeof TEXT_COLUMNS])
      : OTHER_COLUMNS[c as keyof typeof OTHER_COLUMNS],
  );
  // One test over all text cells (their concatenation, their first characters) instead of one per cell.
  const care = sql`(${sql.join(texts, sql` || `)}) ~ ${QUOTED} or (${sql.join(
    texts.map((t) => sql`left(${t}, 1)`),
    sql` || `,
  )}) ~ ${FORMULA}`;
  return sql`(case when ${care} then ${escaped} else ${plain} end) || chr(13) || chr(10)`;
}
const CSV_LINE = csvLineSql();

/**
 * One CSV batch: the lines of the next `batchRows` members after `last`, joined by the database,
 * with their count and the last one's cursor.
 */
export async function csvBatch(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  last: ExportCursor | null,
  batchRows: number,
): Promise<{ text: string; rows: number; last: ExportCursor | null }> {
  const sort = memberSort(q.ordering);
  const dir = sql.raw(sort.descending ? 'desc' : 'asc');
  const back = sql.raw(sort.descending ? 'asc' : 'desc');
  const cursor = afterCursor(sort, last);
  const where = memberWhere(customerId, q);
  const result = await db.execute(sql`
    with p as (
      select ${sort.key} as key, (${sort.key})::text as k, ${members.id} as id, ${CSV_LINE} as line
      from ${members} left join ${configurations} on ${configurations.id} = ${members.groupId}
      where ${cursor ? sql`${where} and ${cursor}` : where}
      order by ${sort.key} ${dir}, ${members.id} ${dir}
      limit ${batchRows}
    )
    select (select string_agg(line, '' order by key ${dir}, id ${dir}) from p) as text,
      (select count(*)::int from p) as rows,
      (select k from p order by key ${back}, id ${back} limit 1) as k,
      (select id from p order by key ${back}, id ${back} limit 1) as id`);
  const [r] = rowsOf<{ text: string | null; rows: number; k: string | null; id: string | null }>(result);
  return {
    text: r?.text ?? '',
    rows: Number(r?.rows ?? 0),
    last: r?.k != null && r.id != null ? { key: r.k, id: r.id } : null,
  };
}

async function* exportRows(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  batchRows: number,
): AsyncGenerator<ExportRow> {
  let last: ExportCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, customerId, q, last, batchRows);
    for (const { m, group } of rows) {
      yield {
        username: m.username,
        first_name: m.firstName,
        last_name: m.lastName,
        email: m.email,
        phone_number: m.phoneNumber,
        group,
        blocked: m.blocked,
        enrolled: m.enrolled,
        enrolled_at: m.enrolledAt,
        created_at: m.createdAt,
        credential_types: [...m.credentialTypes].sort(),
      };
    }
    const end = rows.at(-1);
    if (!end || rows.length < batchRows) return;
    last = { key: end.key, id: end.m.id };
  }
}

const jsonRow = (r: ExportRow): MemberExportRow => ({
  ...r,
  enrolled_at: r.enrolled_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** A spreadsheet cell keeps its type: booleans, dates, empty for null; credential kinds space-separated. */
function sheetCell(value: ExportRow[keyof ExportRow]): string | boolean | Date | null {
  return Array.isArray(value) ? value.join(' ') : value;
}

const DATE_COLUMNS: ReadonlySet<string> = new Set(['enrolled_at', 'created_at']);

export function exportStream(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  format: 'csv' | 'xlsx' | 'json',
  batchRows: number,
  /** Called with the row count once every row is written, before the end (the audit record). */
  onDone?: (rows: number) => Promise<void>,
): Readable {
  const out = new PassThrough();
  let count = 0;
  const rows = (async function* counted() {
    for await (const row of exportRows(db, customerId, q, batchRows)) {
      count++;
      yield row;
    }
  })();
  const run = async () => {
    if (format === 'xlsx') {
      // Loaded at the first XLSX export, not at every start (it costs about 0.3 s of CPU).
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        // Styles carry the date format: without one a date cell shows as a bare serial number.
        useStyles: true,
      });
      const sheet = workbook.addWorksheet('Users');
      sheet.columns = EXPORT_COLUMNS.map((key) =>
        DATE_COLUMNS.has(key)
          ? { header: key, key, width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } }
          : { header: key, key },
      );
      for await (const row of rows) sheet.addRow(EXPORT_COLUMNS.map((c) => sheetCell(row[c]))).commit();
      sheet.commit();
      await onDone?.(count);
      await workbook.commit();
      return;
    }
    const write = (chunk: string) =>
      out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
    if (format === 'csv') {
      await write(`${CSV_BOM}${csvLine(EXPORT_COLUMNS)}`);
      // The next batch is read while this one is sent: the database works while the client reads.
      let next = csvBatch(db, customerId, q, null, batchRows);
      for (;;) {
        const batch = await next;
        count += batch.rows;
        const more = batch.rows === batchRows && batch.last !== null;
        if (more) {
          next = csvBatch(db, customerId, q, batch.last, batchRows);
          next.catch(() => {}); // awaited above on the next turn; meanwhile not an unhandled rejection
        }
        if (batch.text) await write(batch.text);
        if (!more) break;
      }
    } else {
      await write('[');
      let first = true;
      for await (const row of rows) {
        await write(`${first ? '' : ','}\n${JSON.stringify(jsonRow(row))}`);
        first = false;
      }
      await write('\n]\n');
    }
    await onDone?.(count);
    out.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}
