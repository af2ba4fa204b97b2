/** The audit export as a stream: CSV (with a byte order mark) or a JSON array, newest first. */
import { PassThrough, type Readable } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS, type AuditEvent } from '@portiere/contracts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';

const cellText = (e: AuditEvent, column: (typeof AUDIT_EXPORT_COLUMNS)[number]): string => {
  const v = e[column];
  if (v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

export function auditExportStream(events: AsyncIterable<AuditEvent>, format: 'csv' | 'json'): Readable {
  const out = new PassThrough();
  const write = (chunk: string) =>
    out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
  const run = async () => {
    if (format === 'csv') {
      await write(`${CSV_BOM}${csvLine(AUDIT_EXPORT_COLUMNS)}`);
      for await (const e of events) await write(csvLine(AUDIT_EXPORT_COLUMNS.map((c) => cellText(e, c))));
    } else {
      await write('[');
      let first = true;
      for await (const e of events) {
        await write(`${first ? '' : ','}\n${JSON.stringify(e)}`);
        first = false;
      }
      await write('\n]\n');
    }
    out.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}
