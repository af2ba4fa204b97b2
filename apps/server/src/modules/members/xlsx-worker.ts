/**
 * The XLSX export's worker thread (started by export-xlsx.ts): exceljs builds the workbook here,
 * not on the server's event loop. Its per-row objects outlive the young generation's scavenges
 * and pile up in the old one until a full collection (1,000,000 rows: +216 MB of RSS with a live
 * heap of about 45 MB); in a thread with a small heap limit of its own they are collected as they
 * go, and the 25 s of CPU the workbook costs no longer delay the server's other answers.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { type FromWorker, Mailbox, type ToWorker } from './xlsx-messages.ts';
import { writeWorkbook } from './xlsx-workbook.ts';

const port = parentPort;
if (!port) throw new Error('xlsx-worker runs as a worker thread');
const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

const inbox = new Mailbox<ToWorker>();
let acked: (() => void) | null = null;
port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') acked?.();
  else inbox.put(message);
});

/** The host's batches, each asked for once the one before has left the zip. */
const utf8 = new TextDecoder();
async function* batches(): AsyncGenerator<string> {
  for (;;) {
    const message = await inbox.take();
    if (message.type !== 'rows') return;
    yield typeof message.text === 'string' ? message.text : utf8.decode(message.text);
    post({ type: 'written' });
  }
}

/** The file's bytes go to the host a chunk at a time: a slow client holds the zip back here. */
const out = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    // A copy: the chunk may share its memory with others, which a transfer would take away.
    const data = new Uint8Array(chunk);
    acked = () => {
      acked = null;
      callback();
    };
    post({ type: 'chunk', data }, [data.buffer]);
  },
  final(callback) {
    post({ type: 'end' });
    callback();
  },
});

await writeWorkbook(out, batches(), async () => {
  post({ type: 'sheet-ended' });
  await inbox.take();
});
