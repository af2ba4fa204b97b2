// Builds the console when its build is missing or older than its sources or the contracts.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/console/dist/index.html');
const sources = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'packages/contracts/src',
];

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

export function buildConsoleIfNeeded() {
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built >= newest) return false;
  console.log('Building the console...');
  execSync('npm run build -w apps/console', { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildConsoleIfNeeded();
