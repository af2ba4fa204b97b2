/** CSV for spreadsheets: RFC 4180 cells, a byte order mark so Excel reads UTF-8. */

/** Starts every CSV file: without it Excel shows "Niccolò" as "NiccolÃ²". */
export const CSV_BOM = '\uFEFF';

/** RFC 4180 quoting; a leading = + - @ is prefixed so spreadsheets do not run it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
