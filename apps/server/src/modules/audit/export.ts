/** The audit export as a stream: CSV (with a byte order mark) or a JSON array, newest first. */
import { PassThrough, type Readable } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS, type AuditEvent } from '@portiere/contracts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';

const cellText = (e: AuditEvent, column: (typeof AUDIT_EXPORT_COLUMNS)[number]): string => {
  const v = e[column];
  if (v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** `done` hears the row count once the last row is written (the export's own audit event). */
export function auditExportStream(
  events: AsyncIterable<AuditEvent>,
  format: 'csv' | 'json',
  done: (rows: number) => Promise<void> = async () => {},
): Readable {
  const out = new PassThrough();
  const write = (chunk: string) =>
    out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
  const run = async () => {
    let rows = 0;
    if (format === 'csv') {
      await write(`${CSV_BOM}${csvLine(AUDIT_EXPORT_COLUMNS)}`);
      for await (const e of events) {
        await write(csvLine(AUDIT_EXPORT_COLUMNS.map((c) => cellText(e, c))));
        rows += 1;
      }
    } else {
      await write('[');
      for await (const e of events) {
        await write(`${rows ? ',' : ''}\n${JSON.stringify(e)}`);
        rows += 1;
      }
      await write('\n]\n');
    }
    await done(rows);
    out.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}
