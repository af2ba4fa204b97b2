// Writes a new SQL migration from the drizzle schema: `npm run db:generate -w apps/server -- --name what`.
// npm installs drizzle-orm under apps/server while drizzle-kit lands at the root, where it cannot
// find it; a link for the duration of the command lets drizzle-kit load it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
const rootLink = path.resolve(server, '../../node_modules/drizzle-orm');
const local = path.join(server, 'node_modules/drizzle-orm');
const linked = !fs.existsSync(rootLink) && fs.existsSync(local);
if (linked) fs.symlinkSync(local, rootLink, 'dir');
try {
  const r = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: server, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  if (linked) fs.unlinkSync(rootLink);
}
