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
    const empty = (await startOnce(dataDir, 18181)).ms;
    const warm = [];
    for (let i = 0; i < 3; i++) warm.push((await startOnce(dataDir, 18181)).ms);
    // The demo dataset, left alone for 15 s (the server settles its heap 10 s after it listens):
    // what a small install holds.
    const idle = await startOnce(dataDir, 18181, 15_000);
    return { emptyMs: empty, existingMs: warm.sort((a, b) => a - b)[1] ?? 0, idleRssMb: idle.idleRssMb ?? Number.NaN };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
