/**
 * The XLSX export, streamed by exceljs's WorkbookWriter: each batch's rows go into the sheet's
 * zip entry as they arrive and the file leaves as it is zipped, so neither the workbook nor the
 * file is ever whole in memory. Cells keep their types: booleans, dates, empty for null.
 */
import type { Writable } from 'node:stream';
import { EXPORT_COLUMNS } from '@portiere/contracts';
import type { Worksheet } from 'exceljs';
import { drained } from '../../lib/drained.ts';
import type { ExportRow } from './export-batches.ts';

/** A spreadsheet cell keeps its type: booleans, dates, empty for null; credential kinds space-separated. */
function sheetCell(value: ExportRow[keyof ExportRow]): string | boolean | Date | null {
  return Array.isArray(value) ? value.join(' ') : value;
}

const DATE_COLUMNS: ReadonlySet<string> = new Set(['enrolled_at', 'created_at']);
const DATE_STYLE = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss' });

/**
 * Each column's cell style, one object for all its cells. exceljs gives every new cell a style
 * object of its own (its column's, copied) and renders a style it has not seen before looking it
 * up (a WeakMap on the object): shared, the lookup hits, and a row costs 40 % less.
 */
const CELL_STYLES = EXPORT_COLUMNS.map((key) => (DATE_COLUMNS.has(key) ? DATE_STYLE : Object.freeze({})));

/**
 * Waits until the rows written so far have left the sheet's zip entry and `out` has room.
 * exceljs writes committed rows into the entry without waiting: its stream (a StreamBuf) hands
 * each 64 KB to the PassThrough archiver wraps it in whatever that answers. Wherever the zip or
 * the client is slower than the rows, the sheet's XML piled up there (1,000,000 rows: RSS from
 * 255 to 716 MB, 580 MB kept after). The entry is reached through exceljs's internals
 * (`stream.pipes`); export-xlsx.test.ts fails if they change.
 */
export async function sheetDrained(sheet: Worksheet, out: Writable): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (entry) await drained(entry);
  await drained(out);
}

/**
 * Writes the workbook of `batches` to `out`, waiting after each batch for the zip and the client
 * (sheetDrained): memory holds about one batch's XML whatever the size and however slow the
 * client. `onDone` gets the row count before the zip ends (the audit record).
 */
export async function writeXlsx(
  out: Writable,
  batches: AsyncIterable<{ items: ExportRow[] }>,
  onDone?: (rows: number) => Promise<void>,
): Promise<void> {
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
    DATE_COLUMNS.has(key) ? { header: key, key, width: 20, style: DATE_STYLE } : { header: key, key },
  );
  let count = 0;
  for await (const { items } of batches) {
    for (const item of items) {
      const row = sheet.addRow(EXPORT_COLUMNS.map((c) => sheetCell(item[c])));
      CELL_STYLES.forEach((style, i) => {
        row.getCell(i + 1).style = style;
      });
      row.commit();
    }
    count += items.length;
    await sheetDrained(sheet, out);
  }
  sheet.commit();
  await onDone?.(count);
  await workbook.commit();
}
