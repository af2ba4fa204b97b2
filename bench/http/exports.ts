/**
 * The members' CSV and XLSX exports over HTTP, at the scale of the PostgreSQL run: the console's
 * download (users/export/?format=...) read by a client in this process from the server in its
 * own, beside psql's COPY of the same columns in the same order (the raw limit: the database
 * writing the rows to a client), the two timed one after the other. The server's resident memory
 * is sampled while each download runs: an export that streams stays flat.
 */
import { spawn } from 'node:child_process';
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
  csv: ExportMeasure;
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

/** Downloads one export, counting its bytes and lines, with the server's memory sampled meanwhile. */
async function download(baseUrl: string, token: string, format: 'csv' | 'xlsx', pid: number): Promise<ExportMeasure> {
  const rssBeforeMb = rssMbOf(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMbOf(pid));
  }, 50);
  try {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/users/export/?format=${format}&file_name=members`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status}`);
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
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
  // Warm both sides once, then time each: copy, CSV, copy again (the better copy is the limit).
  await psqlCopy(opts.databaseUrl, customerId);
  const copyFirst = await psqlCopy(opts.databaseUrl, customerId);
  const csv = await download(opts.baseUrl, opts.token, 'csv', opts.pid);
  const copyMs = Math.min(copyFirst, await psqlCopy(opts.databaseUrl, customerId));
  const xlsx = await download(opts.baseUrl, opts.token, 'xlsx', opts.pid);
  return { copyMs, csv, xlsx };
}
