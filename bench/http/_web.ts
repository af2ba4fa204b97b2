import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.ts';
import { webSignIn } from './web-sign-in.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-'));
const s = await startServer({
  dataDir,
  databaseUrl: process.env.DBURL,
  nodeArgs: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2'] : [],
});
const token = await s.signIn('admin@acme.example', 'Portiere!demo1');
const r = await webSignIn({ baseUrl: s.baseUrl, token });
console.log(JSON.stringify(r), 'ratio', (r.flowsPerSecond / r.rawArgonPerSecond).toFixed(2));
await s.stop();
