/**
 * An export's batches as text written by the database: each member's line (CSV in
 * export-csv.ts, JSON for the workbook in export-xlsx.ts) joined into one value per batch, so no
 * row object is built in the server. Read by keyset, two ranges at once where the database has
 * connections to spare.
 */
import type { MemberListQuery } from '@portiere/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { batchWhere, cursorBound, cursorOf, type ExportCursor } from './export-batches.ts';
import { memberSort } from './list-query.ts';

export interface TextBatch {
  /** The lines as the database sent them (textRows). */
  text: Buffer | string;
  rows: number;
  /** The last member's sort key and id. */
  last: ExportCursor | null;
}

/**
 * Where the batch after `last` ends: the sort key and id of the `batchRows`-th member after it,
 * read from the (customer_id, key, id) index alone; null when fewer are left (the last batch).
 */
export async function batchEnd(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  last: ExportCursor | null,
  batchRows: number,
): Promise<ExportCursor | null> {
  const sort = memberSort(q.ordering);
  const dir = sql.raw(sort.descending ? 'desc' : 'asc');
  const [r] = await database.textRows(sql`
    select (${sort.key})::text, ${members.id} from ${members}
    where ${batchWhere(customerId, q, last)}
    order by ${sort.key} ${dir}, ${members.id} ${dir}
    offset ${batchRows - 1} limit 1`);
  const [key, id] = r ?? [];
  return cursorOf(key, id);
}

/**
 * One batch: the lines of at most `batchRows` members after `from` up to and including `to`
 * (to the end when null), joined by the database, with their count and the last one's cursor.
 * The limit keeps PostgreSQL from splitting the read among parallel workers (two batches are
 * already read at once). The aggregates read the subquery in its order (one plain aggregate
 * over a sorted, limited subquery: PostgreSQL neither sorts nor splits it again), which spares
 * sorting each batch a second time; the tests check the order across batches on both databases.
 */
export async function textBatch(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  from: ExportCursor | null,
  to: ExportCursor | null,
  batchRows: number,
  line: SQL,
): Promise<TextBatch> {
  const sort = memberSort(q.ordering);
  const dir = sql.raw(sort.descending ? 'desc' : 'asc');
  const where = batchWhere(customerId, q, from);
  const [r] = await database.textRows(sql`
    select string_agg(line, '') as text, count(*) as rows,
      ((array_agg(key))[count(*)])::text as k, (array_agg(id))[count(*)] as id
    from (
      select ${sort.key} as key, ${members.id} as id, ${line} as line
      from ${members} left join ${configurations} on ${configurations.id} = ${members.groupId}
      where ${to ? sql`${where} and ${cursorBound(sort, to, false)}` : where}
      order by ${sort.key} ${dir}, ${members.id} ${dir}
      limit ${batchRows}
    ) p`);
  const [text, rows, key, id] = r ?? [];
  return {
    text: text ?? '',
    rows: Number(rows?.toString() ?? 0),
    last: cursorOf(key, id),
  };
}

/** A batch that filled its limit before the end of its range: members were added to it since its end was found. */
const cutShort = (batch: TextBatch, to: ExportCursor | null, batchRows: number) =>
  batch.rows === batchRows && batch.last !== null && !(to && batch.last.key === to.key && batch.last.id === to.id);

/**
 * Every batch in order, each member's `line` (an SQL expression over members and
 * configurations) joined by the database. Where the database has connections to spare (PostgreSQL), two
 * batches are written by it at once: each batch's end is found first (an index-only read of
 * its rows' keys, about 2 ms for 5,000), so the next batch need not wait for this one's lines.
 * Building the lines is most of an export's cost (about 16 ms a batch of 5,000 against 2 ms
 * for reading the rows), and one backend works on one core. The embedded database has one
 * connection and reads one batch at a time, each after the last row of the one before.
 */
export async function* textBatches(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  batchRows: number,
  line: SQL,
): AsyncGenerator<TextBatch> {
  const width = database.maxConnections > 2 ? 2 : 1;
  const reading: { to: ExportCursor | null; batch: Promise<TextBatch> }[] = [];
  let from: ExportCursor | null = null;
  let ended = false;
  try {
    for (;;) {
      while (!ended && reading.length < width) {
        // One connection (the embedded database): no range ends to find; each batch continues
        // from the last row of the one before (below).
        const to: ExportCursor | null = width > 1 ? await batchEnd(database, customerId, q, from, batchRows) : null;
        const batch = textBatch(database, customerId, q, from, to, batchRows, line);
        batch.catch(() => {}); // awaited in its turn; meanwhile (or if the caller stops) not unhandled
        reading.push({ to, batch });
        if (to) from = to;
        else ended = true;
      }
      const next = reading.shift();
      if (!next) return;
      let batch = await next.batch;
      yield batch;
      // The rest of an open range (one connection), or rarely of a range that grew while it was
      // read, before the next range.
      while (cutShort(batch, next.to, batchRows)) {
        batch = await textBatch(database, customerId, q, batch.last, next.to, batchRows, line);
        yield batch;
      }
    }
  } finally {
    // A caller that stops (the client went away) leaves no batch running unawaited.
    await Promise.allSettled(reading.map((r) => r.batch));
  }
}
