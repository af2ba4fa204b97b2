/**
 * `npm run bench`: measures and rewrites bench/RESULTS.md. Every figure stands beside the raw
 * limit of the same run on the same machine (raw SQL, raw argon2id, raw RS256), as a ratio.
 *
 * BENCH_SCALE members (default 20,000; BENCH_SCALE=1000000 for the scale goals of issue 17) on
 * PostgreSQL when BENCH_DATABASE_URL names a server (a scratch database is made and dropped),
 * and BENCH_PGLITE_SCALE (default the same, at most 300,000) on the embedded PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditList } from './audit-list.ts';
import { type AuthRates, authRates } from './auth-rates.ts';
import { coldStart } from './cold-start.ts';
import { httpSection } from './http/report.ts';
import { httpBench } from './http/run.ts';
import { type ScaleResult, scale } from './scale.ts';
import { signInThroughput } from './sign-in.ts';
import { writes } from './writes.ts';

const http = await httpBench();
console.log('over HTTP', JSON.stringify(http));
const cold = await coldStart();
console.log('cold start', cold);
const signIn = await signInThroughput();
console.log('sign-in', signIn);
const auth = await authRates();
console.log('auth rates', auth);
const written = await writes();
console.log('writes', written);
const scaled = await scale();
const audit = await auditList();

const f = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (n: number) => n.toFixed(2);
const met = (ok: boolean) => (ok ? 'yes' : '**no**');
/** 1.2 million, 300,000: how a count reads in a heading. */
const count = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toLocaleString('en')} million` : f(n));

/** One table per database: each goal of issue 17 beside the raw limit of the same run. */
function goals(db: string, s: ScaleResult | undefined, a: AuthRates | undefined): string {
  const rows: string[] = [];
  if (s) {
    for (const [name, m] of Object.entries(s.lists)) {
      rows.push(
        `| ${name}: p95 (${f(m.count)} matches) | ${ms(m.app.p95)} | ${ms(m.raw.p95)} | ${ratio(m.app.p95 / m.raw.p95)} | ≤ 50 ms | ${met(m.app.p95 <= 50)} |`,
      );
    }
    const e = s.export;
    rows.push(
      `| CSV export of ${f(e.rows)} members, server RSS +${e.rssGrowthMb.toFixed(0)} MB | ${f(e.rowsPerSecond)} rows/s | ${f(e.rawRowsPerSecond)} rows/s | ${ratio(e.rowsPerSecond / e.rawRowsPerSecond)} | ≥ 100,000 rows/s, flat memory | ${met(e.rowsPerSecond >= 100_000 && e.rssGrowthMb < 64)} |`,
    );
    const perMinute = (s.members / s.seedMs) * 60_000;
    rows.push(
      `| \`portiere seed --members ${f(s.members)}\` | ${(s.seedMs / 1000).toFixed(1)} s | ${f(s.rawInsertsPerSecond)} plain member inserts/s | ${ratio(s.members / (s.seedMs / 1000) / s.rawInsertsPerSecond)} | 1,000,000 in < 120 s | ${s.members >= 1_000_000 ? met(s.seedMs < 120_000) : `(${f(perMinute)} a minute)`} |`,
    );
  }
  if (a) {
    rows.push(
      `| refresh grants, 8 sessions at once | ${f(a.refreshPerSecond)}/s | ${f(a.rawSignPerCore)} RS256 signs/s per core | ${ratio(a.refreshPerSecond / a.rawSignPerCore)} | ≥ 0.7 | ${met(a.refreshPerSecond / a.rawSignPerCore >= 0.7)} |`,
      `| sign-in step 1, known usernames, wrong password | ${f(a.stepOneKnownPerSecond)}/s | ${f(a.rawArgonPerSecond)} argon2id verifications/s | ${ratio(a.stepOneKnownPerSecond / a.rawArgonPerSecond)} | ≥ 0.8 (issue 35) | ${met(a.stepOneKnownPerSecond / a.rawArgonPerSecond >= 0.8)} |`,
      `| sign-in step 1, unknown usernames | ${f(a.stepOneUnknownPerSecond)}/s | ${f(a.rawArgonPerSecond)} argon2id verifications/s | ${ratio(a.stepOneUnknownPerSecond / a.rawArgonPerSecond)} | ≥ 0.8 (issue 35) | ${met(a.stepOneUnknownPerSecond / a.rawArgonPerSecond >= 0.8)} |`,
    );
  }
  if (db === 'pglite') {
    rows.push(
      `| whole server idle, embedded database, demo dataset (\`npm start\`, 30 s after ready) | ${cold.idleRssMb.toFixed(0)} MB RSS | | | ≤ 150 MB | ${met(cold.idleRssMb <= 150)} |`,
      `| the same on its first start, which created the database | ${cold.firstIdleRssMb.toFixed(0)} MB RSS | | | ≤ 150 MB | ${met(cold.firstIdleRssMb <= 150)} |`,
    );
  }
  const heading = s
    ? `### ${db}: ${count(s.members)} members, ${count(s.credentials)} credentials (seeded in ${(s.seedMs / 1000).toFixed(1)} s)`
    : `### ${db}`;
  return `${heading}

| measure | Portiere | raw limit of this run | ratio | goal | met |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

const databases = [...new Set([...Object.keys(scaled), ...Object.keys(auth)])];
const md = `# Benchmark results

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
PostgreSQL ran on the same two cores as the server and the benchmark.

## Goals (issue 17), each beside the raw limit of the same run

Lists: p95 of 30 requests through the app (after 3 warm-ups), each answer one page of 25 with
its exact count, beside the plain SQL of the same answer (OFFSET/LIMIT over the rows plus
\`count(*)\`); ratio = Portiere / plain SQL, lower is faster. Export: rows per second of a CSV
export over HTTP, beside a plain SELECT of the same columns, with the server's resident memory
growth while it streams. Refresh grants and sign-in step 1: requests per second through the app,
8 at once, beside raw RS256 signatures per second and core (jose, 8 at once, divided by the
cores) and raw argon2id verifications per second (the same parameters, 8 at once); each rate
is counted over 3 s after 3 s of the same calls uncounted (JIT warm-up, measure.ts).

${httpSection(http)}
${databases.map((db) => goals(db, scaled[db], auth[db])).join('\n')}
## Cold start (spawn to /readyz answering)

| case | time |
|---|---|
| empty data folder (create database, migrate, seed demo, signing keys) | ${f(cold.emptyMs)} ms |
| existing data folder (median of 3) | ${f(cold.existingMs)} ms |

## Sign-in over HTTP (password + code mailed through a real SMTP sink + tokens), PGlite

${signIn.signIns} full sign-ins, 8 accounts in parallel; argon2id (19 MiB, t=2) dominates.

| measure | value |
|---|---|
| full sign-ins per second | ${signIn.signInsPerSecond.toFixed(1)} |
| latency p50 | ${f(signIn.p50)} ms |
| latency p95 | ${f(signIn.p95)} ms |
| refresh rotations per second (8 sessions in parallel) | ${f(signIn.refreshPerSecond)} |

## Writes through the app, beside raw SQL of the same run

8 callers for 3 s each (after 1 s uncounted): creating members (POST users/) and renaming them (PATCH), against plain
SQL inserts and updates of a member row on the same database. Every write also records its audit
event and keeps the member tallies in its transaction.

| measure | per second | raw SQL per second | ratio |
|---|---|---|---|
${Object.entries(written)
  .map(
    ([db, w]) =>
      `| ${db}: member creations | ${f(w.createPerSecond)} | ${f(w.rawInsertPerSecond)} inserts | ${ratio(w.createPerSecond / w.rawInsertPerSecond)} |
| ${db}: member updates | ${f(w.updatePerSecond)} | ${f(w.rawUpdatePerSecond)} updates | ${ratio(w.updatePerSecond / w.rawUpdatePerSecond)} |`,
  )
  .join('\n')}

## Audit trail of one customer (through the app, 30 runs after 3 warm-up)

Each answer carries one page of 25 and the total count. Without filters the count is read from
the chain head (no scan); with filters it is an exact count over the matching index range.

${Object.entries(audit)
  .map(
    ([db, r]) => `### ${db} (${f(r.events)} events generated in ${f(r.fillMs)} ms)

| request | matches | p50 | p95 |
|---|---|---|---|
${Object.entries(r.results)
  .map(([name, x]) => `| ${name} | ${x.count} | ${ms(x.p50)} | ${ms(x.p95)} |`)
  .join('\n')}
`,
  )
  .join('\n')}`;

fs.writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), md);
console.log(md);
