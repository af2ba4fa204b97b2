/**
 * The members' CSV and XLSX exports over HTTP, at the scale of the PostgreSQL run: the console's
 * download (users/export/?format=...) read by a client in this process from the server in its
 * own, beside psql's COPY of the same columns in the same order (the raw limit: the database
 * writing the rows to a client), the two timed one after the other. The CSV is compared
 * uncompressed, as the COPY travels, and measured again brotli-encoded as browsers ask for it.
 * The server's resident memory is sampled while each download runs: an export that streams
 * stays flat.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import zlib from 'node:zlib';
import { rssMbOf } from './server.ts';

export interface ExportMeasure {
  rows: number;
  bytes: number;
  /** Milliseconds to the first byte of the body, and to its end. */
  firstByteMs: number;
  totalMs: number;
  /** Resident memory of the server before the download and at most during it, MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ExportsResult {
  /** psql's COPY of the same columns and order, milliseconds. */
  copyMs: number;
  /** Uncompressed, as psql's COPY travels. */
  csv: ExportMeasure;
  /** Brotli-encoded, as a browser asks for it, decompressed by the client. */
  csvBrotli: ExportMeasure;
  xlsx: ExportMeasure;
}

/**
 * The export's columns and order as SQL (modules/members/export-csv.ts), the newest first as the
 * list shows them: what psql copies. The formula guard and the kinds' names cost the export, not
 * the copy; the copy writes the raw columns.
 */
const copyQuery = (customerId: string) =>
  `select m.username, m.first_name, m.last_name, m.email, m.phone_number, c.name, m.blocked, m.enrolled,
     m.enrolled_at, m.created_at, m.credential_kinds
   from members m left join configurations c on c.id = m.group_id
   where m.customer_id = '${customerId}' order by m.created_at desc, m.id desc`;

async function psqlCopy(databaseUrl: string, customerId: string): Promise<number> {
  const started = performance.now();
  const child = spawn(
    'psql',
    [databaseUrl, '-q', '-c', `\\copy (${copyQuery(customerId).replace(/\s+/g, ' ')}) to '/dev/null' csv`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`psql exited with ${code}`);
  return performance.now() - started;
}

/**
 * The line feeds in `chunk`, found by Buffer's native search: a loop over each byte in
 * JavaScript cost the client about 2 s of a 147 MB file, on the two cores the server shares.
 */
function lineEnds(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count++;
  return count;
}

/** Downloads one export, counting its bytes and lines, with the server's memory sampled meanwhile. */
async function download(
  baseUrl: string,
  token: string,
  format: 'csv' | 'xlsx',
  pid: number,
  encoding: 'identity' | 'br' = 'identity',
): Promise<ExportMeasure> {
  const rssBeforeMb = rssMbOf(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMbOf(pid));
  }, 50);
  try {
    const started = performance.now();
    // node:http, as lean as a browser's native download: fetch's web streams cost the client
    // about half a second of the two cores per 150 MB.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${baseUrl}/api/v1/users/export/?format=${format}&file_name=members`,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
          resolve,
        )
        .on('error', reject);
    });
    if (res.statusCode !== 200) throw new Error(`export ${format}: ${res.statusCode}`);
    const body = res.headers['content-encoding'] === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      if (format === 'csv') lines += lineEnds(chunk);
    }
    return {
      rows: format === 'csv' ? lines - 1 : 0,
      bytes,
      firstByteMs,
      totalMs: performance.now() - started,
      rssBeforeMb,
      rssPeakMb: Math.max(rssPeakMb, rssMbOf(pid)),
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function exportsBench(opts: {
  baseUrl: string;
  token: string;
  databaseUrl: string;
  pid: number;
}): Promise<ExportsResult> {
  // The operator's customer, from the access token's claims (spec section 7).
  const claims = JSON.parse(Buffer.from(opts.token.split('.')[1] ?? '', 'base64url').toString()) as {
    customer_id?: string;
  };
  const customerId = claims.customer_id;
  if (!customerId || !/^[0-9a-f-]{36}$/.test(customerId)) throw new Error('the operator has no customer');
  // Warm both sides once, then time each twice in turn: copy, CSV, copy, CSV. The better of
  // each counts: one download alone was seen 35 % slower than the next on a quiet machine.
  await psqlCopy(opts.databaseUrl, customerId);
  const copyFirst = await psqlCopy(opts.databaseUrl, customerId);
  const csvFirst = await download(opts.baseUrl, opts.token, 'csv', opts.pid);
  const copyMs = Math.min(copyFirst, await psqlCopy(opts.databaseUrl, customerId));
  const csvSecond = await download(opts.baseUrl, opts.token, 'csv', opts.pid);
  const csv = csvSecond.totalMs < csvFirst.totalMs ? csvSecond : csvFirst;
  const csvBrotli = await download(opts.baseUrl, opts.token, 'csv', opts.pid, 'br');
  const xlsx = await download(opts.baseUrl, opts.token, 'xlsx', opts.pid);
  return { copyMs, csv, csvBrotli, xlsx };
}
