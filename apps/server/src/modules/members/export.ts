/**
 * Streams the filtered members as CSV, XLSX or JSON in the list's ordering, in batches read by
 * keyset: each batch starts after the last (sort key, id) seen, on the (customer_id, key, id)
 * index, so the millionth row costs what the first does and memory stays flat whatever the size.
 */
import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_COLUMNS, type MemberExportRow, type MemberListQuery } from '@portiere/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { memberSort, memberWhere } from './list-query.ts';

export const EXPORT_BATCH_ROWS = 1000;

/** An export row before formatting: timestamps still dates, for typed spreadsheet cells. */
type ExportRow = Omit<MemberExportRow, 'enrolled_at' | 'created_at'> & { enrolled_at: Date | null; created_at: Date };

/** Where a batch starts: the sort key (as text) and id of the previous batch's last row. */
export interface ExportCursor {
  key: string;
  id: string;
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
  // A row comparison, which PostgreSQL reads as a start position on the (customer_id, key, id)
  // index, in either direction. The key travels as text: a JS Date would drop microseconds.
  const cursor = last
    ? sql`(${sort.key}, ${members.id}) ${sql.raw(sort.descending ? '<' : '>')} (${last.key}::${sql.raw(sort.type)}, ${last.id}::uuid)`
    : undefined;
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

function memberCsvLine(r: ExportRow): string {
  const text = (v: ExportRow[keyof ExportRow]) =>
    v === null ? '' : v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.join(' ') : String(v);
  return csvLine(EXPORT_COLUMNS.map((c) => text(r[c])));
}

const DATE_COLUMNS: ReadonlySet<string> = new Set(['enrolled_at', 'created_at']);

export function exportStream(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  format: 'csv' | 'xlsx' | 'json',
  batchRows = EXPORT_BATCH_ROWS,
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
      for await (const row of rows) await write(memberCsvLine(row));
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
