/**
 * Streams the filtered members as CSV, XLSX or JSON in the list's ordering, in batches read by
 * keyset (export-batches.ts), so memory stays flat whatever the size. Each batch is written
 * before the one after next is read: a slow client slows the reads instead of filling memory,
 * and a client that goes away stops them. CSV lines come from the database (export-csv.ts),
 * the workbook from exceljs's streaming writer (export-xlsx.ts).
 */
import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_COLUMNS, type MemberExportRow, type MemberListQuery } from '@portiere/contracts';
import type { Database } from '../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { written } from '../../lib/drained.ts';
import { type ExportRow, rowBatches } from './export-batches.ts';
import { csvBatches } from './export-csv.ts';
import { writeXlsx, xlsxBatches } from './export-xlsx.ts';

const jsonRow = (r: ExportRow): MemberExportRow => ({
  ...r,
  enrolled_at: r.enrolled_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/**
 * Members in a batch at most for the JSON export, where each is an object until written, and
 * for the workbook, which its worker thread holds parsed within its heap limit (export-xlsx.ts).
 * The CSV's batches are one text value each, and fewer, larger queries cost them less
 * (1,000,000 members over HTTP: 2.8 s in batches of 10,000 against 3.1 s in batches of 5,000).
 */
const TYPED_BATCH_ROWS = 5000;

export function exportStream(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  format: 'csv' | 'xlsx' | 'json',
  batchRows: number,
  /** Called with the row count once every row is written, before the end (the audit record). */
  onDone?: (rows: number) => Promise<void>,
): Readable {
  const out = new PassThrough();
  const run = async () => {
    if (format === 'xlsx') {
      await writeXlsx(out, xlsxBatches(database, customerId, q, Math.min(batchRows, TYPED_BATCH_ROWS)), onDone);
      return;
    }
    let count = 0;
    if (format === 'csv') {
      // The header at once: the download starts before the first batch is read.
      await written(out, `${CSV_BOM}${csvLine(EXPORT_COLUMNS)}`);
      for await (const batch of csvBatches(database, customerId, q, batchRows)) {
        count += batch.rows;
        if (batch.text.length) await written(out, batch.text);
      }
    } else {
      await written(out, '[');
      for await (const { items } of rowBatches(database.db, customerId, q, Math.min(batchRows, TYPED_BATCH_ROWS))) {
        // One write a batch: each row after the first starts with its separator.
        const text = items.map((row, i) => `${count + i === 0 ? '' : ','}\n${JSON.stringify(jsonRow(row))}`).join('');
        count += items.length;
        if (text) await written(out, text);
      }
      await written(out, '\n]\n');
    }
    await onDone?.(count);
    out.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}
