/**
 * The figures of issue 35, over HTTP as users meet them: the built server in its own process
 * (server.ts), each client in another (wrk, the web sign-in client, the search and export
 * clients), every figure beside the raw limit of the same run.
 *
 * - Embedded database, demo data: start from an empty data folder and again on it, the console
 *   sign-in page's first paint in Chromium, 200 operators at once, members' web sign-in and
 *   workstation sign-in, RADIUS Access-Requests, staff sign-in with the mailed code.
 * - PostgreSQL (BENCH_DATABASE_URL) with BENCH_SCALE members in Acme, seeded by
 *   `portiere seed --members N`: the same load and sign-ins, search, CSV and XLSX exports, and
 *   SCIM's creates and filtered reads.
 *
 * `npx tsx bench/http/run.ts` runs it alone and prints the figures as JSON.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@portiere/server';
import postgres from 'postgres';
import { rawArgon2id } from '../measure.ts';
import { type ExportsResult, exportsBench } from './exports.ts';
import { appPaint, consolePaint, type PagePaint } from './first-paint.ts';
import { type LoadResult, load } from './load.ts';
import { type RadiusSignInResult, radiusSignIn } from './radius-sign-in.ts';
import { type ScimBenchResult, scimBench } from './scim.ts';
import { type SearchMeasure, search } from './search.ts';
import { cpuMsOf, MAIN_JS, type ServerProcess, startServer } from './server.ts';
import { staffSignIn } from './staff-sign-in.ts';
import { type WebSignInResult, webSignIn } from './web-sign-in.ts';
import { type WorkstationSignInResult, workstationSignIn } from './workstation-sign-in.ts';

const CLI_JS = path.join(path.dirname(MAIN_JS), 'cli.js');
const OPERATOR = 'admin@acme.example';
const RESELLER = 'partner@northwind.example';

export interface HttpDatabaseResult {
  load: LoadResult;
  webSignIn: WebSignInResult;
  workstationSignIn: WorkstationSignInResult;
  radiusSignIn: RadiusSignInResult;
  staffSignIn: {
    signInsPerSecond: number;
    p50: number;
    p95: number;
    rawArgonPerSecond: number;
    /** CPU time per sign-in, ms: the server's, and the bench process's (client and SMTP sink). */
    serverCpuMsPerSignIn?: number;
    clientCpuMsPerSignIn?: number;
  };
  search?: Record<string, SearchMeasure>;
  exports?: ExportsResult;
  scim?: ScimBenchResult;
  members: number;
}

export interface HttpResult {
  coldStart: { emptyMs: number; existingMs: number };
  consolePaint: PagePaint;
  appPaint: PagePaint;
  databases: Record<string, HttpDatabaseResult>;
}

/**
 * The demo customer's operator signs in; then the load, the members' and the staff's sign-ins
 * and (at scale) the search and the exports.
 */
async function measure(server: ServerProcess, members: number, databaseUrl?: string): Promise<HttpDatabaseResult> {
  const token = await server.signIn(OPERATOR, DEMO_PASSWORD);
  const loaded = await load({ baseUrl: server.baseUrl, token });
  const web = await webSignIn({ baseUrl: server.baseUrl, token, pid: server.pid });
  const workstation = await workstationSignIn({ baseUrl: server.baseUrl, token, pid: server.pid });
  const radius = await radiusSignIn({ baseUrl: server.baseUrl, radiusPort: server.radiusPort, token, pid: server.pid });
  const rawArgonPerSecond = await rawArgon2id(8);
  // CPU time over the counted window: the server's, and this process's (the client and the SMTP sink).
  const cpu = { at: 0, server: 0, client: process.cpuUsage(), ms: 0, clientMs: 0 };
  const staff = await staffSignIn({
    baseUrl: server.baseUrl,
    sink: server.sink,
    onWindow: (edge) => {
      if (edge === 'start') {
        Object.assign(cpu, { at: performance.now(), server: cpuMsOf(server.pid), client: process.cpuUsage() });
        return;
      }
      const used = process.cpuUsage(cpu.client);
      cpu.ms = performance.now() - cpu.at;
      cpu.server = cpuMsOf(server.pid) - cpu.server;
      cpu.clientMs = (used.user + used.system) / 1000;
    },
  });
  const signIns = Math.max(1, (staff.signInsPerSecond * cpu.ms) / 1000);
  const result: HttpDatabaseResult = {
    members,
    load: loaded,
    webSignIn: web,
    workstationSignIn: workstation,
    radiusSignIn: radius,
    staffSignIn: {
      ...staff,
      rawArgonPerSecond,
      serverCpuMsPerSignIn: cpu.server / signIns,
      clientCpuMsPerSignIn: cpu.clientMs / signIns,
    },
  };
  if (databaseUrl) {
    result.search = await search({ baseUrl: server.baseUrl, token, databaseUrl });
    result.exports = await exportsBench({ baseUrl: server.baseUrl, token, databaseUrl, pid: server.pid });
    // Last: it gives every member an external id and adds members.
    const resellerToken = await server.signIn(RESELLER, DEMO_PASSWORD);
    result.scim = await scimBench({
      baseUrl: server.baseUrl,
      customerToken: token,
      resellerToken,
      databaseUrl,
      pid: server.pid,
    });
  }
  return result;
}

async function embedded(): Promise<{
  coldStart: HttpResult['coldStart'];
  paint: PagePaint;
  app: PagePaint;
  result: HttpDatabaseResult;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-bench-'));
  try {
    const first = await startServer({ dataDir });
    const emptyMs = first.readyMs;
    await first.stop();
    const server = await startServer({ dataDir });
    try {
      // The console's first paint first, on a server nothing else is asking anything of.
      const paint = await consolePaint({ baseUrl: server.baseUrl });
      const app = await appPaint({ baseUrl: server.baseUrl });
      return { coldStart: { emptyMs, existingMs: server.readyMs }, paint, app, result: await measure(server, 200) };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<HttpDatabaseResult> {
  const name = `portiere_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-bench-'));
  try {
    // The first start migrates and seeds the demo customers; then the members at scale.
    await (await startServer({ dataDir, databaseUrl })).stop();
    const members = Number(process.env.BENCH_SCALE ?? 20_000);
    execFileSync(process.execPath, [CLI_JS, 'seed', '--members', String(members)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const server = await startServer({ dataDir, databaseUrl });
    try {
      return await measure(server, members, databaseUrl);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function httpBench(): Promise<HttpResult> {
  const { coldStart, paint, app, result } = await embedded();
  const databases: Record<string, HttpDatabaseResult> = { pglite: result };
  const url = process.env.BENCH_DATABASE_URL;
  if (url) databases.postgres = await onPostgres(url);
  return { coldStart, consolePaint: paint, appPaint: app, databases };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await httpBench(), null, 1));
