/**
 * The XLSX export: the database writes each batch's members as JSON lines, one text value per
 * batch as for the CSV (export-text.ts), and a worker thread (xlsx-worker.ts) with a heap limit
 * of its own parses them into the workbook. Memory stays flat however many members: neither
 * thread keeps row objects that outlive the young generation's collections (with typed rows and
 * exceljs on the server's thread, 1,000,000 members took RSS up by 216 MB), and the server's
 * event loop keeps answering meanwhile. Each batch goes to the worker after the one before has
 * left the zip, and each chunk of the file after the client has taken the one before.
 */
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { EXPORT_COLUMNS, type MemberListQuery } from '@portiere/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { configurations, members } from '../../db/schema/index.ts';
import { drained } from '../../lib/drained.ts';
import { isoTime, kindNames } from './export-csv.ts';
import { type TextBatch, textBatches } from './export-text.ts';
import { type FromWorker, Mailbox, type ToWorker } from './xlsx-messages.ts';

/** Each exported column's value for the workbook's JSON line; a date as ISO text, '' for null. */
const CELLS: Record<(typeof EXPORT_COLUMNS)[number], SQL> = {
  username: sql`${members.username}`,
  first_name: sql`${members.firstName}`,
  last_name: sql`${members.lastName}`,
  email: sql`${members.email}`,
  phone_number: sql`${members.phoneNumber}`,
  group: sql`${configurations.name}`,
  blocked: sql`${members.blocked}`,
  enrolled: sql`${members.enrolled}`,
  enrolled_at: isoTime(members.enrolledAt),
  created_at: isoTime(members.createdAt),
  credential_types: kindNames,
};
/** A member's cells as a JSON array in EXPORT_COLUMNS order, a line each (xlsx-workbook.ts reads it). */
const XLSX_LINE = sql`json_build_array(${sql.join(
  EXPORT_COLUMNS.map((c) => CELLS[c]),
  sql`, `,
)})::text || chr(10)`;

/** Every batch of the workbook's lines, up to `batchRows` members each. */
export function xlsxBatches(
  database: Database,
  customerId: string,
  q: Partial<MemberListQuery>,
  batchRows: number,
): AsyncGenerator<TextBatch> {
  return textBatches(database, customerId, q, batchRows, XLSX_LINE);
}

/**
 * The worker's heap. Small enough that V8 collects it as it goes; the young generation sized so
 * that a batch's rows die there rather than being promoted (1,000,000 members: RSS +81 MB at
 * 64/8 MB, +112 MB at 48/4, and the default young generation with a 32 MB old one ran out).
 * A batch of 5,000 members and its XML need about 20 MB.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** dist/xlsx-worker.js beside the built server, or the TypeScript source through tsx. */
function startWorker(): Worker {
  const bundled = path.extname(import.meta.filename) === '.js';
  const file = path.join(import.meta.dirname, bundled ? 'xlsx-worker.js' : 'xlsx-worker-source.mjs');
  // Not the parent's Node flags: a loader the parent runs under would load twice.
  return new Worker(file, { execArgv: [], resourceLimits: WORKER_HEAP });
}

/**
 * Writes the workbook of `batches` to `out` and ends it. `onDone` gets the row count after the
 * last row and before the file ends (the audit record). A client that goes away ends the worker.
 */
export async function writeXlsx(
  out: Writable,
  batches: AsyncIterable<TextBatch>,
  onDone?: (rows: number) => Promise<void>,
): Promise<void> {
  const worker = startWorker();
  const send = (message: ToWorker) => worker.postMessage(message);
  const inbox = new Mailbox<FromWorker>();
  const fail = (err: Error) => inbox.fail(err);
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'chunk') {
      if (out.destroyed) return; // the client went away: the worker is being ended
      out.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
      drained(out).then(() => send({ type: 'ack' }), fail);
      return;
    }
    inbox.put(message);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the XLSX worker stopped (exit code ${code})`)));
  const gone = () => fail(new Error('The stream was closed'));
  out.on('close', gone);
  /** The worker's next message, which must be `type`. */
  const next = async (type: FromWorker['type']) => {
    const message = await inbox.take();
    if (message.type !== type) throw new Error(`the XLSX worker sent ${message.type}, not ${type}`);
  };
  try {
    let count = 0;
    for await (const { text, rows } of batches) {
      // The driver's bytes may be a view of a larger buffer: a copy of this batch's alone travels.
      const bytes = typeof text === 'string' ? text : new Uint8Array(text);
      worker.postMessage(
        { type: 'rows', text: bytes } satisfies ToWorker,
        typeof bytes === 'string' ? [] : [bytes.buffer],
      );
      count += rows;
      await next('written');
    }
    send({ type: 'last' });
    await next('sheet-ended');
    await onDone?.(count);
    send({ type: 'recorded' });
    await next('end');
    out.end();
  } finally {
    out.off('close', gone);
    await worker.terminate();
  }
}
