/**
 * The server as users meet it: the built bundle (`node apps/server/dist/main.js`, what
 * `npm start` runs) in a process of its own, listening on a port, mail going to a real SMTP sink
 * in the bench's process. The HTTP benches measure it from clients in other processes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SmtpSink } from '@portiere/server';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const MAIN_JS = path.join(ROOT, 'apps/server/dist/main.js');

export interface ServerProcess {
  baseUrl: string;
  /** The RADIUS server's UDP port on 127.0.0.1. */
  radiusPort: number;
  pid: number;
  sink: SmtpSink;
  /** Milliseconds from spawn to /readyz answering 200. */
  readyMs: number;
  /** The process's resident memory now, in MB (Linux /proc). */
  rssMb(): number;
  /** Signs a staff user in (password, then the mailed code) and answers the access token. */
  signIn(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/** Builds the server (and the console it serves) when the sources are newer than the build, as `npm start` does. */
function ensureBuilt(): void {
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { buildServerIfNeeded } = await import('./apps/server/scripts/build.mjs');" +
        "const { buildWebAppsIfNeeded } = await import('./scripts/build-console.mjs');" +
        'buildWebAppsIfNeeded(); await buildServerIfNeeded();',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
let built = false;

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A UDP port free on 127.0.0.1 now (the RADIUS server's). */
export async function freeUdpPort(): Promise<number> {
  const probe = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => probe.bind(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise<void>((resolve) => probe.close(resolve));
  return port;
}

/** A process's CPU time so far, ms (Linux /proc: user and system clock ticks, 100 a second). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function untilReady(baseUrl: string, child: ChildProcess, started: number, limitMs = 120_000) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (performance.now() - started > limitMs) throw new Error('the server did not become ready');
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts the built server on PostgreSQL (`databaseUrl`) or the embedded database in `dataDir`,
 * with the demo data, and waits for /readyz. The per-address sign-in limit is lifted: the
 * benches measure the server, not its throttle.
 */
export async function startServer(opts: {
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  /** Node's own flags for the server (a profiler, say). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  if (!built) ensureBuilt();
  built = true;
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const port = await freePort();
  const radiusPort = await freeUdpPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: opts.dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
    NODE_ENV: 'production',
    RADIUS_PORT: String(radiusPort),
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), MAIN_JS], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A bench that fails leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const readyMs = await untilReady(baseUrl, child, started);
  const pid = child.pid ?? 0;

  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { access?: string } };
  };
  return {
    baseUrl,
    radiusPort,
    pid,
    sink,
    readyMs,
    rssMb: () => rssMbOf(pid),
    async signIn(username, password) {
      const since = sink.mails.length;
      const first = await post('login/', { username, password });
      if (first.status !== 200) throw new Error(`sign-in of ${username}: ${first.status}`);
      const otp = await sink.otpFor(username, since);
      const second = await post('login/', { username, password, otp });
      if (!second.body.access) throw new Error(`sign-in of ${username}: ${second.status}`);
      return second.body.access;
    },
    async stop() {
      process.off('exit', orphan);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await sink.stop();
    },
  };
}
