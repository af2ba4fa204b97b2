/** `npm run bench`: measures and rewrites bench/RESULTS.md. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coldStart } from './cold-start.ts';
import { signInThroughput } from './sign-in.ts';

const cold = await coldStart();
console.log('cold start', cold);
const signIn = await signInThroughput();
console.log('sign-in', signIn);

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
`;
fs.writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), md);
console.log(md);
