/**
 * Cold start: spawn the real server (`npm start`'s script) on a fresh data folder, time until
 * /readyz answers; then its resident memory once idle on the embedded database.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What `npm start` runs: builds the server if needed, then serves from the JavaScript build. */
const START = path.resolve(import.meta.dirname, '../scripts/start.mjs');

const IDLE_MS = 30_000;

/** Resident memory of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** Starts the server; answers the time to /readyz, and with `idleMs` its RSS after that long idle. */
async function startOnce(dataDir: string, port: number, idleMs = 0): Promise<{ ms: number; idleRssMb?: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error('server did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
          const ms = performance.now() - t0;
          if (!idleMs || !child.pid) return { ms };
          await new Promise((r) => setTimeout(r, idleMs));
          return { ms, idleRssMb: rssMb(child.pid) };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function coldStart() {
  // Built beforehand, so the first start measures the start and not the builds.
  for (const script of ['../scripts/build-console.mjs', '../apps/server/scripts/build.mjs']) {
    spawnSync(process.execPath, [path.resolve(import.meta.dirname, script)], { stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-bench-'));
  try {
    // Each idle figure 30 s after ready: V8 gives back the young generation the start grew
    // (32 MB) once it sees the heap idle, 15 to 20 s after the start; what a small install then
    // holds, on its first start (which also created the database) and on a later one.
    const first = await startOnce(dataDir, 18181, IDLE_MS);
    const warm = [];
    for (let i = 0; i < 3; i++) warm.push((await startOnce(dataDir, 18181)).ms);
    const idle = await startOnce(dataDir, 18181, IDLE_MS);
    return {
      emptyMs: first.ms,
      existingMs: warm.sort((a, b) => a - b)[1] ?? 0,
      firstIdleRssMb: first.idleRssMb ?? Number.NaN,
      idleRssMb: idle.idleRssMb ?? Number.NaN,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
