/**
 * Streams the filtered members as CSV, XLSX or JSON in pages of 1,000 by keyset, so a large
 * customer exports in constant memory whatever its size.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { MemberListQuery } from '@portiere/contracts';
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { memberWhere } from './list-query.ts';

const BATCH = 1000;
export const EXPORT_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'group',
  'blocked',
  'enrolled',
  'enrolled_at',
  'created_at',
  'credential_types',
] as const;
type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string>;

async function* exportRows(db: Db, customerId: string, q: Partial<MemberListQuery>): AsyncGenerator<ExportRow> {
  const where = memberWhere(customerId, q);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          gt(members.createdAt, after.createdAt),
          and(eq(members.createdAt, after.createdAt), gt(members.id, after.id)),
        )
      : undefined;
    const rows = await db
      .select({ m: members, group: configurations.name })
      .from(members)
      .leftJoin(configurations, eq(configurations.id, members.groupId))
      .where(cursor ? and(where, cursor) : where)
      .orderBy(asc(members.createdAt), asc(members.id))
      .limit(BATCH);
    for (const { m, group } of rows) {
      yield {
        username: m.username,
        first_name: m.firstName,
        last_name: m.lastName,
        email: m.email,
        phone_number: m.phoneNumber,
        group: group ?? '',
        blocked: String(m.blocked),
        enrolled: String(m.enrolled),
        enrolled_at: m.enrolledAt?.toISOString() ?? '',
        created_at: m.createdAt.toISOString(),
        credential_types: [...m.credentialTypes].sort().join(' '),
      };
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { createdAt: last.m.createdAt, id: last.m.id };
  }
}

/** RFC 4180 quoting; a leading = + - @ is prefixed so spreadsheets do not run it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function exportStream(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  format: 'csv' | 'xlsx' | 'json',
): Readable {
  const out = new PassThrough();
  const rows = exportRows(db, customerId, q);
  const run = async () => {
    if (format === 'xlsx') {
      // Loaded at the first XLSX export, not at every start (it costs about 0.3 s of CPU).
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        useStyles: false,
      });
      const sheet = workbook.addWorksheet('Users');
      sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key }));
      for await (const row of rows) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
      return;
    }
    const write = (chunk: string) =>
      out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
    if (format === 'csv') {
      await write(`${EXPORT_COLUMNS.join(',')}\r\n`);
      for await (const row of rows) await write(`${EXPORT_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`);
    } else {
      await write('[');
      let first = true;
      for await (const row of rows) {
        await write(`${first ? '' : ','}\n${JSON.stringify(row)}`);
        first = false;
      }
      await write('\n]\n');
    }
    out.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}
