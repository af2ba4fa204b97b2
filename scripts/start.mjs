// `npm start`: build the console if needed, then migrate, seed the demo data on an empty
// embedded database and serve console and API (apps/server/src/main.ts does the rest).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildConsoleIfNeeded } from './build-console.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildConsoleIfNeeded();
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const child = spawn(process.execPath, [tsx, path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
