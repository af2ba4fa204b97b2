/** `npm run bench`: measures and rewrites bench/RESULTS.md. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditList } from './audit-list.ts';
import { authOverhead } from './auth-overhead.ts';
import { coldStart } from './cold-start.ts';
import { membersList } from './members-list.ts';
import { signInThroughput } from './sign-in.ts';
import { writes } from './writes.ts';

const cold = await coldStart();
console.log('cold start', cold);
const signIn = await signInThroughput();
console.log('sign-in', signIn);
const auth = await authOverhead();
console.log('auth overhead', auth);
const written = await writes();
console.log('writes', written);
const list = await membersList();
const audit = await auditList();
console.log('audit list', JSON.stringify(audit, null, 1));
console.log('members list', JSON.stringify(list, null, 1));

const f = (n: number) => n.toFixed(0);
const md = `# Benchmark results

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, embedded PGlite.

## Cold start (spawn to /readyz answering)

| case | time |
|---|---|
| empty data folder (create database, migrate, seed demo, signing key) | ${f(cold.emptyMs)} ms |
| existing data folder (median of 3) | ${f(cold.existingMs)} ms |

## Sign-in over HTTP (password + code mailed through a real SMTP sink + tokens)

${signIn.signIns} full sign-ins, 8 accounts in parallel; argon2id (19 MiB, t=2) dominates.

| measure | value |
|---|---|
| full sign-ins per second | ${signIn.signInsPerSecond.toFixed(1)} |
| latency p50 | ${f(signIn.p50)} ms |
| latency p95 | ${f(signIn.p95)} ms |
| refresh rotations per second (8 sessions in parallel) | ${f(signIn.refreshPerSecond)} |

## Authentication per request, beside the raw limits of the same run

Through the app (inject), 8 callers in parallel for 3 s. Every request checks its session and
account in the database (a revoked session or a deleted, blocked or expired account is refused
at once); sign-in step 1 does the same work for known and unknown usernames.
Measured against the code before the session check (issue 7), four alternating runs of this bench
on 2026-11-23: members list -3 % throughput (+6 % median latency, one prepared lookup of about
0.4 ms on PGlite), refresh rotations -8 %; known usernames answered 1.5 to 4.9 ms slower than
unknown ones before, and within 0.4 ms (either way) after.

| measure | value | raw limit of this run | ratio |
|---|---|---|---|
| members list, first page of 10,000, per second (median ${auth.readMs.toFixed(1)} ms alone) | ${f(auth.readsPerSecond)} | ${f(auth.rawVerifyPerSecond)} RS256 verifications/s | ${(auth.readsPerSecond / auth.rawVerifyPerSecond).toFixed(3)} |
| refresh rotations per second | ${f(auth.refreshPerSecond)} | ${f(auth.rawSignPerSecond)} RS256 signatures/s | ${(auth.refreshPerSecond / auth.rawSignPerSecond).toFixed(3)} |
| sign-in step 1, wrong password, known username (median) | ${auth.knownMs.toFixed(1)} ms | ${auth.rawArgonMs.toFixed(1)} ms per argon2id verification | ${(auth.rawArgonMs / auth.knownMs).toFixed(2)} |
| sign-in step 1, wrong password, unknown username (median) | ${auth.unknownMs.toFixed(1)} ms | | ${(auth.rawArgonMs / auth.unknownMs).toFixed(2)} |

## Writes through the app, beside raw SQL of the same run

8 callers for 3 s each: creating members (POST users/) and renaming them (PATCH), against plain
SQL inserts and updates of a member row on the same database. Every write also records its audit
event in its transaction (sealed into the chain moments later, audit/sealer.ts).

Against the code before the audit trail's write side (commit 871e509, same machine, alternating
runs on 2026-11-23, medians of 3 pairs, ratios to the raw SQL of each run): creations 1.06
(PGlite) and 1.08 (PostgreSQL) of before, sign-ins (bench/sign-in.ts) 0.96, refresh rotations
1.03; updates 0.91 (PGlite) and 0.59 (PostgreSQL). An update now takes six round trips (BEGIN,
select, update, event insert, COMMIT, beside the session check) instead of three autocommitted
ones; at 8 callers PostgreSQL is latency-bound, so the two extra round trips show in full. Holding
the chain head through each commit, as first built, had cost creations 0.78 on PostgreSQL and
0.74 on PGlite.

| measure | per second | raw SQL per second | ratio |
|---|---|---|---|
${Object.entries(written)
  .map(
    ([db, w]) =>
      `| ${db}: member creations | ${f(w.createPerSecond)} | ${f(w.rawInsertPerSecond)} inserts | ${(w.createPerSecond / w.rawInsertPerSecond).toFixed(3)} |
| ${db}: member updates | ${f(w.updatePerSecond)} | ${f(w.rawUpdatePerSecond)} updates | ${(w.updatePerSecond / w.rawUpdatePerSecond).toFixed(3)} |`,
  )
  .join('\n')}
`;
const listTables = Object.entries(list)
  .map(
    ([db, r]) => `### ${db} (100,000 members generated in ${f(r.fillMs)} ms)

| request | matches | p50 | p95 |
|---|---|---|---|
${Object.entries(r.results)
  .map(([name, x]) => `| ${name} | ${x.count} | ${x.p50.toFixed(1)} ms | ${x.p95.toFixed(1)} ms |`)
  .join('\n')}
`,
  )
  .join('\n');
const auditTables = Object.entries(audit)
  .map(
    ([db, r]) => `### ${db} (1,000,000 events generated in ${f(r.fillMs)} ms)

| request | matches | p50 | p95 |
|---|---|---|---|
${Object.entries(r.results)
  .map(([name, x]) => `| ${name} | ${x.count} | ${x.p50.toFixed(1)} ms | ${x.p95.toFixed(1)} ms |`)
  .join('\n')}
`,
  )
  .join('\n');
const full = `${md}
## Lists and dashboard at 100,000 members (through the app, 30 runs after 3 warm-up)

Each list answer carries one page of 25 and the total count; the members have about 120,000 credentials. Set BENCH_DATABASE_URL to also measure PostgreSQL.

${listTables}
## Audit trail at 1,000,000 events of one customer (through the app, 30 runs after 3 warm-up)

Each answer carries one page of 25 and the total count. Without filters the count is read from
the chain head (no scan); with filters it is an exact count over the matching index range.

${auditTables}
## Reading the figures

- Sign-in is bound by argon2id (two verifications per full sign-in: password, then password + code);
  that cost is the point of the hash.
- Deep offsets cost what PostgreSQL pays to skip rows; the console pages 25 at a time from the top,
  and the export walks by keyset, not offset.
- The workstation users list is the slowest: its count runs an EXISTS over the credentials for every
  member. A \`windows_login\` flag kept on the member row (as \`credential_types\` is) would make it an
  index lookup; left for when that list grows past this size.
`;
fs.writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), full);
console.log(full);
