#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the server needs no separate build step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const cli = path.join(import.meta.dirname, '../src/cli.ts');
const r = spawnSync(process.execPath, [tsx, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
