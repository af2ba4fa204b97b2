/**
 * The CSV export's lines, written by the database: one text value per batch crosses the wire
 * instead of a row of typed columns per member, and no row object is built in the server.
 * Each line is what csvLine writes for the same member (export.test.ts compares them).
 *
 * Cost, at 1,000,000 members on PostgreSQL (database CPU, beside 1.5 s for psql's COPY of the
 * raw columns): 7.3-8.2 s when every line took two regular expressions over its cells and most
 * (a phone number starts with +) took the escaping branch; about 3 s with the formula guard read
 * by ascii() and the quoting branch only for lines that hold a quote, comma or line break.
 */
import { CREDENTIAL_TYPES, EXPORT_COLUMNS, type MemberListQuery } from '@portiere/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { CREDENTIAL_KIND_BITS, configurations, members } from '../../db/schema/index.ts';
import { batchWhere, cursorBound, cursorOf, type ExportCursor } from './export-batches.ts';
import { memberSort } from './list-query.ts';

/** Characters that make a cell quoted (RFC 4180). */
const QUOTED = sql`('[",' || chr(13) || chr(10) || ']')`;

/**
 * A cell starting with = + - @ tab or CR is a formula to a spreadsheet (csvCell's guard).
 * ascii() reads the first character's code point: no substring, no regular expression.
 */
const FORMULA_CODES = sql.raw(`(${[...'=+-@\t\r'].map((c) => c.charCodeAt(0)).join(', ')})`);

/** A text cell with the formula guard: a quote mark before a leading = + - @ tab or CR. */
const guarded = (value: SQL) =>
  sql`(case when ascii(${value}) in ${FORMULA_CODES} then '''' || ${value} else ${value} end)`;

/** A guarded text cell in double quotes, its own doubled, when it holds a quote, comma or line break. */
const quoted = (safe: SQL) =>
  sql`(case when ${safe} ~ ${QUOTED} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;

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

/**
 * A member's CSV line (EXPORT_COLUMNS order, CRLF). Every text cell has the formula guard; the
 * quoting is only on lines where one pattern over all their text cells finds a quote, comma or
 * line break (the guard's quote mark needs none).
 */
function csvLineSql(): SQL {
  const line = (text: (value: SQL) => SQL) =>
    sql.join(
      EXPORT_COLUMNS.map((c) =>
        c in TEXT_COLUMNS
          ? text(TEXT_COLUMNS[c as keyof typeof TEXT_COLUMNS])
          : OTHER_COLUMNS[c as keyof typeof OTHER_COLUMNS],
      ),
      sql` || ',' || `,
    );
  const needsQuotes = sql`(${sql.join(Object.values(TEXT_COLUMNS), sql` || `)}) ~ ${QUOTED}`;
  const escaped = line((value) => quoted(guarded(value)));
  return sql`(case when ${needsQuotes} then ${escaped} else ${line(guarded)} end) || chr(13) || chr(10)`;
}
const CSV_LINE = csvLineSql();

export interface CsvBatch {
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
 * One CSV batch: the lines of at most `batchRows` members after `from` up to and including `to`
 * (to the end when null), joined by the database, with their count and the last one's cursor.
 * The limit keeps PostgreSQL from splitting the read among parallel workers (two batches are
 * already read at once). The aggregates read the subquery in its order (one plain aggregate
 * over a sorted, limited subquery: PostgreSQL neither sorts nor splits it again), which spares
 * sorting each batch a second time; the tests check the order across batches on both databases.
 */
export async function csvBatch(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  from: ExportCursor | null,
  to: ExportCursor | null,
  batchRows: number,
): Promise<CsvBatch> {
  const sort = memberSort(q.ordering);
  const dir = sql.raw(sort.descending ? 'desc' : 'asc');
  const where = batchWhere(customerId, q, from);
  const [r] = await database.textRows(sql`
    select string_agg(line, '') as text, count(*) as rows,
      ((array_agg(key))[count(*)])::text as k, (array_agg(id))[count(*)] as id
    from (
      select ${sort.key} as key, ${members.id} as id, ${CSV_LINE} as line
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
const cutShort = (batch: CsvBatch, to: ExportCursor | null, batchRows: number) =>
  batch.rows === batchRows && batch.last !== null && !(to && batch.last.key === to.key && batch.last.id === to.id);

/**
 * Every CSV batch in order. Where the database has connections to spare (PostgreSQL), two
 * batches are written by it at once: each batch's end is found first (an index-only read of
 * its rows' keys, about 2 ms for 5,000), so the next batch need not wait for this one's lines.
 * Building the lines is most of an export's cost (about 16 ms a batch of 5,000 against 2 ms
 * for reading the rows), and one backend works on one core. The embedded database has one
 * connection and reads one batch at a time, each after the last row of the one before.
 */
export async function* csvBatches(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  batchRows: number,
): AsyncGenerator<CsvBatch> {
  const width = database.maxConnections > 2 ? 2 : 1;
  const reading: { to: ExportCursor | null; batch: Promise<CsvBatch> }[] = [];
  let from: ExportCursor | null = null;
  let ended = false;
  try {
    for (;;) {
      while (!ended && reading.length < width) {
        // One connection (the embedded database): no range ends to find; each batch continues
        // from the last row of the one before (below).
        const to: ExportCursor | null = width > 1 ? await batchEnd(database, customerId, q, from, batchRows) : null;
        const batch = csvBatch(database, customerId, q, from, to, batchRows);
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
        batch = await csvBatch(database, customerId, q, batch.last, next.to, batchRows);
        yield batch;
      }
    }
  } finally {
    // A caller that stops (the client went away) leaves no batch running unawaited.
    await Promise.allSettled(reading.map((r) => r.batch));
  }
}
