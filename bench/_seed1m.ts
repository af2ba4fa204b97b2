import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MAIN_JS, startServer } from '/work/main/bench/http/server.ts';

const databaseUrl = 'postgres://postgres@127.0.0.1:5432/scimbench';
const dataDir = '/tmp/scimbench-data';
fs.mkdirSync(dataDir, { recursive: true });
const t0 = performance.now();
await (await startServer({ dataDir, databaseUrl })).stop();
execFileSync(process.execPath, [path.join(path.dirname(MAIN_JS), 'cli.js'), 'seed', '--members', '1000000'], {
  env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log('seeded in', Math.round(performance.now() - t0), 'ms');
