/** The "Over HTTP" section of bench/RESULTS.md: each figure of issue 35 beside its raw limit and goal. */
import os from 'node:os';
import type { PagePaint } from './first-paint.ts';
import type { HttpDatabaseResult, HttpResult } from './run.ts';
import type { ScimBenchResult, ScimReadMeasure } from './scim.ts';

const f = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (n: number) => n.toFixed(2);
const met = (ok: boolean) => (ok ? 'yes' : '**no**');

/** With every core hashing, one argon2id verification costs (cores × 1,000 / verifications a second) ms of one core. */
const hashMs = (perSecond: number) => (os.availableParallelism() * 1000) / perSecond;

function rows(db: string, r: HttpDatabaseResult): string[] {
  const out: string[] = [];
  const w = r.webSignIn;
  const webRatio = w.flowsPerSecond / w.rawArgonPerSecond;
  out.push(
    `| members' web sign-in, OpenID code flow end to end, 8 browsers (p50 ${f(w.p50)} ms) | ${w.flowsPerSecond.toFixed(1)} flows/s | ${f(w.rawArgonPerSecond)} argon2id verifications/s | ${ratio(webRatio)} | ≥ 0.6 | ${met(webRatio >= 0.6)} |`,
  );
  if (w.serverCpuMsPerFlow !== undefined) {
    out.push(
      `| the same, CPU time per flow: server (the hash included) + client process | ${ms(w.serverCpuMsPerFlow)} + ${ms(w.clientCpuMsPerFlow)} | ${ms(hashMs(w.rawArgonPerSecond))} per argon2id verification | | | |`,
      `| the same: the ceiling of the ratio on this machine with a server that did nothing but the hash (the hash ÷ the hash and the client's CPU) | | | ${ratio(hashMs(w.rawArgonPerSecond) / (hashMs(w.rawArgonPerSecond) + w.clientCpuMsPerFlow))} | | |`,
    );
  }
  const ws = r.workstationSignIn;
  out.push(
    `| members' workstation sign-in, start and password, 8 workstations of a fleet key (p50 ${f(ws.p50)} ms) | ${ws.flowsPerSecond.toFixed(1)} sign-ins/s | ${f(ws.rawArgonPerSecond)} argon2id verifications/s | ${ratio(ws.flowsPerSecond / ws.rawArgonPerSecond)} | recorded (issue 36) | |`,
  );
  if (ws.serverCpuMsPerFlow !== undefined)
    out.push(
      `| the same, CPU time per sign-in: server (the hash included) + client process | ${ms(ws.serverCpuMsPerFlow)} + ${ms(ws.clientCpuMsPerFlow)} | ${ms(hashMs(ws.rawArgonPerSecond))} per argon2id verification | | | |`,
    );
  const rd = r.radiusSignIn;
  if (rd) {
    out.push(
      `| members' RADIUS sign-in, Access-Request with the password (PAP, Message-Authenticator) to Access-Accept, 8 devices (p50 ${f(rd.p50)} ms) | ${rd.flowsPerSecond.toFixed(1)} Access-Requests/s | ${f(rd.rawArgonPerSecond)} argon2id verifications/s | ${ratio(rd.flowsPerSecond / rd.rawArgonPerSecond)} | recorded (issue 39) | |`,
    );
    if (rd.serverCpuMsPerFlow !== undefined)
      out.push(
        `| the same, CPU time per request: server (the hash included) + client process | ${ms(rd.serverCpuMsPerFlow)} + ${ms(rd.clientCpuMsPerFlow)} | ${ms(hashMs(rd.rawArgonPerSecond))} per argon2id verification | | | |`,
      );
  }
  const st = r.staffSignIn;
  const staffRatio = st.signInsPerSecond / st.rawArgonPerSecond;
  out.push(
    `| staff sign-in with the mailed code, both steps, 8 accounts (p50 ${f(st.p50)} ms; two argon2id verifications each, ideal 0.5) | ${st.signInsPerSecond.toFixed(1)} sign-ins/s | ${f(st.rawArgonPerSecond)} argon2id verifications/s | ${ratio(staffRatio)} | ≥ 0.4 | ${met(staffRatio >= 0.4)} |`,
  );
  if (st.serverCpuMsPerSignIn !== undefined && st.clientCpuMsPerSignIn !== undefined)
    out.push(
      `| the same, CPU time per sign-in: server (both hashes included) + client process with the SMTP sink | ${ms(st.serverCpuMsPerSignIn)} + ${ms(st.clientCpuMsPerSignIn)} | ${ms(hashMs(st.rawArgonPerSecond))} per argon2id verification | | | |`,
      `| the same: the ceiling of the ratio on this machine with a server that did nothing but the two hashes | | | ${ratio(hashMs(st.rawArgonPerSecond) / (2 * hashMs(st.rawArgonPerSecond) + st.clientCpuMsPerSignIn))} | | |`,
    );
  const l = r.load;
  const answered = Object.values(l.statuses).reduce((a, b) => a + b, 0);
  const busy = (l.statuses['503'] ?? 0) / Math.max(1, answered);
  const others = Object.entries(l.statuses)
    .filter(([status]) => status !== '200' && status !== '503')
    .map(([status, n]) => `${f(n)} × ${status}`);
  out.push(
    `| ${l.connections} operators at once for ${l.seconds} s, ten read routes: ${f(l.requestsPerSecond)} answers/s, ${(100 * busy).toFixed(1)} % of them 503 serverBusy${others.length ? `, ${others.join(', ')}` : ''}, ${f(l.timeouts)} timed out | p99 ${ms(l.p99)} (p50 ${ms(l.p50)}, max ${ms(l.max)}) | | | p99 ≤ 1 s, 0 timeouts | ${met(l.p99 <= 1000 && l.timeouts === 0 && l.errors === 0 && !others.length)} |`,
  );
  for (const [word, s] of Object.entries(r.search ?? {})) {
    const goal = word === 'ma' ? s.app.p95 <= 100 : s.app.p95 <= 50 && s.app.p95 / s.raw.p95 <= 1.2;
    out.push(
      `| search "${word}", first page: p95 (${f(s.exact ?? s.count)} matches${s.estimated ? ', count estimated, exact count fetched after' : ''}) | ${ms(s.app.p95)} | ${ms(s.raw.p95)} plain trigram SQL (page + count) | ${ratio(s.app.p95 / s.raw.p95)} | ${word === 'ma' ? '≤ 100 ms' : '≤ 50 ms, ≤ 1.2 ×'} | ${met(goal)} |`,
    );
    if (s.exactCount && s.rawCount) {
      out.push(
        `| then its exact count (users/count/): p95 | ${ms(s.exactCount.p95)} | ${ms(s.rawCount.p95)} plain count | ${ratio(s.exactCount.p95 / s.rawCount.p95)} | | |`,
      );
    }
  }
  const e = r.exports;
  if (e) {
    const csvRatio = e.copyMs / e.csv.totalMs;
    const csvGrowth = e.csv.rssPeakMb - e.csv.rssBeforeMb;
    out.push(
      `| CSV export of ${f(e.csv.rows)} members (${f(e.csv.bytes / 1e6)} MB): time to the last byte | ${f(e.csv.totalMs)} ms | ${f(e.copyMs)} ms psql COPY of the same columns and order | ${ratio(csvRatio)} | ≥ 0.5 | ${met(csvRatio >= 0.5)} |`,
      `| the same, brotli-encoded as a browser asks for it (${f(e.csvBrotli.bytes / 1e6)} MB once decoded by the client) | ${f(e.csvBrotli.totalMs)} ms | | ${ratio(e.copyMs / e.csvBrotli.totalMs)} | | |`,
      `| the same: first byte; server memory ${f(e.csv.rssBeforeMb)} → ${f(e.csv.rssPeakMb)} MB at most | ${f(e.csv.firstByteMs)} ms, +${f(csvGrowth)} MB | | | < 1 s, flat | ${met(e.csv.firstByteMs < 1000 && csvGrowth <= 50)} |`,
    );
    const xlsxGrowth = e.xlsx.rssPeakMb - e.xlsx.rssBeforeMb;
    out.push(
      `| XLSX export of the same members (${f(e.xlsx.bytes / 1e6)} MB, ${f((r.members / e.xlsx.totalMs) * 1000)} rows/s); server memory ${f(e.xlsx.rssBeforeMb)} → ${f(e.xlsx.rssPeakMb)} MB at most | ${f(e.xlsx.totalMs)} ms, +${f(xlsxGrowth)} MB | | | streamed, +50 MB at most | ${met(xlsxGrowth <= 50)} |`,
    );
  }
  if (r.scim) out.push(...scimRows(r.scim));
  return [`### ${db}: ${f(r.members)} members`, '', ...TABLE_HEAD, ...out, ''];
}

/** SCIM (issue 41): creates beside plain inserts, filtered reads beside the same answer's SQL, and the index that answered. */
function scimRows(s: ScimBenchResult): string[] {
  const read = (name: string, m: ScimReadMeasure) =>
    `| SCIM ${name} eq, one member among ${f(s.members)}: p95 (p50 ${ms(m.app.p50)}); ${m.indexScansPerRequest.toFixed(1)} index scans a request, ${f(m.seqScans)} sequential scans | ${ms(m.app.p95)} | ${ms(m.raw.p95)} plain SQL (row + count; p50 ${ms(m.raw.p50)}) | ${ratio(m.app.p95 / m.raw.p95)} | from an index | ${met(m.seqScans === 0 && m.indexScansPerRequest >= 1)} |`;
  return [
    `| SCIM creates (POST /Users), 8 directories' requests at once${s.serverCpuMsPerCreate === undefined ? '' : `; server CPU ${ms(s.serverCpuMsPerCreate)} a create`} | ${f(s.createPerSecond)} creates/s | ${f(s.rawInsertPerSecond)} plain member inserts/s | ${ratio(s.createPerSecond / s.rawInsertPerSecond)} | recorded (issue 41) | |`,
    read('userName', s.userName),
    read('externalId', s.externalId),
  ];
}

const TABLE_HEAD = ['| figure | Portiere | raw limit of this run | ratio | goal | met |', '|---|---|---|---|---|---|'];

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function paintRows(p: PagePaint): string[] {
  return [
    "### The console's sign-in page, cold, headless Chromium (median of paired rounds)",
    '',
    '| figure | Portiere | raw limit of this run | ratio | goal | met |',
    '|---|---|---|---|---|---|',
    `| largest contentful paint of the login route | ${f(p.lcpMs)} ms | ${f(p.staticLcpMs)} ms a one-heading page with the console's headers | ${ratio(p.ratio)} | ≤ 4 × | ${met(p.ratio <= 4)} |`,
    `| the same beside a one-heading page without security headers | ${f(p.lcpMs)} ms | ${f(p.plainStaticLcpMs)} ms | ${ratio(p.plainRatio)} | | |`,
    `| JavaScript on the wire (parsed: ${kib(p.jsParsedBytes)}) | ${kib(p.jsWireBytes)} | | | ≤ 150 KB | ${met(p.jsWireBytes <= 150_000)} |`,
    '',
  ];
}

/** The members' smartphone app (issue 38): a phone, no account yet, the same goals as the console's. */
function appPaintRows(p: PagePaint): string[] {
  return [
    "### The members' smartphone app (/app/), cold, headless Chromium emulating a phone (median of paired rounds)",
    '',
    '| figure | Portiere | raw limit of this run | ratio | goal | met |',
    '|---|---|---|---|---|---|',
    `| largest contentful paint of the app | ${f(p.lcpMs)} ms | ${f(p.staticLcpMs)} ms a one-heading page with the app's headers | ${ratio(p.ratio)} | ≤ 4 × | ${met(p.ratio <= 4)} |`,
    `| JavaScript on the wire (parsed: ${kib(p.jsParsedBytes)}) | ${kib(p.jsWireBytes)} | | | ≤ 150 KB | ${met(p.jsWireBytes <= 150_000)} |`,
    '',
  ];
}

export function httpSection(h: HttpResult): string {
  const c = h.coldStart;
  return [
    '## Over HTTP (issue 35)',
    '',
    'The built server (`apps/server/dist/main.js`, what `npm start` runs) in a process of its own, each',
    'client in another: `wrk` for the load (Debian package, installed when missing), a Node client',
    'with openid-client for the web sign-in (bench/http/web-sign-in-client.ts), fetch for the staff',
    "sign-in, the search and the exports, psql for the COPY, Debian's Chromium for the first paint.",
    "Raw limits are measured in the same run just before: argon2id verifications at the members'",
    'parameters, 8 at once; the plain SQL of the same answer, timed alternately with it.',
    '',
    ...Object.entries(h.databases).flatMap(([db, r]) => rows(db, r)),
    ...paintRows(h.consolePaint),
    ...(h.appPaint ? appPaintRows(h.appPaint) : []),
    '### Start',
    '',
    '| case | time | goal | met |',
    '|---|---|---|---|',
    `| empty data folder, console built (spawn to /readyz answering: database from the migrated template, demo data, signing keys) | ${f(c.emptyMs)} ms | ≤ 5,000 ms | ${met(c.emptyMs <= 5000)} |`,
    `| the same data folder again | ${f(c.existingMs)} ms | | |`,
    '',
  ].join('\n');
}
