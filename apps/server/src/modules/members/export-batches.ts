/**
 * The export's batches, read by keyset: each starts after the last (sort key, id) of the one
 * before, on the (customer_id, key, id) index, so the millionth row costs what the first does.
 * A batch is one short query: no connection or snapshot is held while the client reads.
 */
import type { MemberExportRow, MemberListQuery } from '@portiere/contracts';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { type MemberSort, memberSort, memberWhere } from './list-query.ts';

/** An export row before formatting: timestamps still dates, for typed spreadsheet cells. */
export type ExportRow = Omit<MemberExportRow, 'enrolled_at' | 'created_at'> & {
  enrolled_at: Date | null;
  created_at: Date;
};

/** Where a batch starts: the sort key (as text) and id of the previous batch's last row. */
export interface ExportCursor {
  key: string;
  id: string;
}

/**
 * The row (sort key, id) compared with `cursor`: PostgreSQL reads it as a position on the
 * (customer_id, key, id) index, in either direction. `after` is strictly past the cursor in the
 * ordering; otherwise up to and including it. The key travels as text: a JS Date would drop
 * microseconds.
 */
export function cursorBound(sort: MemberSort, cursor: ExportCursor, after: boolean): SQL {
  const op = after ? (sort.descending ? '<' : '>') : sort.descending ? '>=' : '<=';
  return sql`(${sort.key}, ${members.id}) ${sql.raw(op)} (${cursor.key}::${sql.raw(sort.type)}, ${cursor.id}::uuid)`;
}

/** After `last` in the ordering (a batch's start). */
export function afterCursor(sort: MemberSort, last: ExportCursor | null): SQL | undefined {
  return last ? cursorBound(sort, last, true) : undefined;
}

/** A cursor from the text of a sort key and id as the database answers them; null when absent. */
export function cursorOf(key: Buffer | string | null | undefined, id: Buffer | string | null | undefined) {
  return key != null && id != null ? { key: key.toString(), id: id.toString() } : null;
}

/** The filters and the keyset position of a batch, as one WHERE. */
export function batchWhere(customerId: string, q: Partial<MemberListQuery>, last: ExportCursor | null): SQL {
  const where = memberWhere(customerId, q);
  const cursor = afterCursor(memberSort(q.ordering), last);
  return cursor ? sql`${where} and ${cursor}` : where;
}

/** One batch of typed rows: the next `batchRows` members after `last` in the list's ordering. */
export function exportBatch(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  last: ExportCursor | null,
  batchRows: number,
) {
  const sort = memberSort(q.ordering);
  const dir = sort.descending ? desc : asc;
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
    .where(batchWhere(customerId, q, last))
    .orderBy(dir(sort.key), dir(members.id))
    .limit(batchRows);
}

/** What a batch reader answers: how many rows it held, and where the next one starts. */
export interface Batch {
  rows: number;
  last: ExportCursor | null;
}

/**
 * Every batch in order, the next one read while the caller sends this one: the database works
 * while the client reads, and at most two batches are in memory. A short batch is the last.
 */
export async function* readAhead<B extends Batch>(
  read: (last: ExportCursor | null) => Promise<B>,
  batchRows: number,
): AsyncGenerator<B> {
  let next = read(null);
  for (;;) {
    const batch = await next;
    const more = batch.rows === batchRows && batch.last !== null;
    if (more) {
      next = read(batch.last);
      next.catch(() => {}); // awaited on the next turn; meanwhile (or if the caller stops) not unhandled
    }
    yield batch;
    if (!more) return;
  }
}

/** The typed rows of every batch (JSON and XLSX), a batch at a time. */
export function rowBatches(
  db: Db,
  customerId: string,
  q: Partial<MemberListQuery>,
  batchRows: number,
): AsyncGenerator<Batch & { items: ExportRow[] }> {
  return readAhead(async (last) => {
    const rows = await exportBatch(db, customerId, q, last, batchRows);
    const end = rows.at(-1);
    return {
      rows: rows.length,
      last: end ? { key: end.key, id: end.m.id } : null,
      items: rows.map(({ m, group }) => ({
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
      })),
    };
  }, batchRows);
}
