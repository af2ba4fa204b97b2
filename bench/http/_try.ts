import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './load.ts';
import { startServer } from './server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-'));
const s = await startServer({ dataDir, databaseUrl: process.env.DBURL });
console.log('ready', s.readyMs, 'rss', s.rssMb());
const token = await s.signIn('admin@acme.example', 'Portiere!demo1');
for (const c of (process.env.CONNS ?? '1,200').split(',').map(Number)) {
  const r = await load({ baseUrl: s.baseUrl, token, connections: c, seconds: Number(process.env.SECS ?? 10) });
  console.log(c, JSON.stringify(r));
}
console.log('rss', s.rssMb());
await s.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
