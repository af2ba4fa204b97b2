/**
 * The figures of issue 35, over HTTP as users meet them: the built server in its own process
 * (server.ts), each client in another (wrk, the web sign-in client, the search and export
 * clients), every figure beside the raw limit of the same run.
 *
 * - Embedded database, demo data: start from an empty data folder and again on it, 200
 *   operators at once, members' web sign-in.
 * - PostgreSQL (BENCH_DATABASE_URL) with BENCH_SCALE members in Acme, seeded by
 *   `portiere seed --members N`: 200 operators at once, members' web sign-in, search.
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
import { type LoadResult, load } from './load.ts';
import { type SearchMeasure, search } from './search.ts';
import { MAIN_JS, type ServerProcess, startServer } from './server.ts';
import { type WebSignInResult, webSignIn } from './web-sign-in.ts';

const CLI_JS = path.join(path.dirname(MAIN_JS), 'cli.js');
const OPERATOR = 'admin@acme.example';

export interface HttpDatabaseResult {
  load: LoadResult;
  webSignIn: WebSignInResult;
  search?: Record<string, SearchMeasure>;
  members: number;
}

export interface HttpResult {
  coldStart: { emptyMs: number; existingMs: number };
  databases: Record<string, HttpDatabaseResult>;
}

/** The demo customer's operator signs in; then the load, the web sign-in and (at scale) the search. */
async function measure(server: ServerProcess, members: number, databaseUrl?: string): Promise<HttpDatabaseResult> {
  const token = await server.signIn(OPERATOR, DEMO_PASSWORD);
  const result: HttpDatabaseResult = {
    members,
    load: await load({ baseUrl: server.baseUrl, token }),
    webSignIn: await webSignIn({ baseUrl: server.baseUrl, token }),
  };
  if (databaseUrl) result.search = await search({ baseUrl: server.baseUrl, token, databaseUrl });
  return result;
}

async function embedded(): Promise<{ coldStart: HttpResult['coldStart']; result: HttpDatabaseResult }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-bench-'));
  try {
    const first = await startServer({ dataDir });
    const emptyMs = first.readyMs;
    await first.stop();
    const server = await startServer({ dataDir });
    try {
      return { coldStart: { emptyMs, existingMs: server.readyMs }, result: await measure(server, 200) };
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
  const { coldStart, result } = await embedded();
  const databases: Record<string, HttpDatabaseResult> = { pglite: result };
  const url = process.env.BENCH_DATABASE_URL;
  if (url) databases.postgres = await onPostgres(url);
  return { coldStart, databases };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await httpBench(), null, 1));
