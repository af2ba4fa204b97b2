// `npm run build -w apps/workstation`: one ES module for Node (dist/portiere-workstation.mjs) with
// its API client inside; @node-rs/argon2 stays outside, as its native binary cannot be bundled.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const CLIENT = path.join(root, 'dist/portiere-workstation.mjs');

export async function buildClient() {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'src/main.ts')],
    outfile: CLIENT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@node-rs/argon2'],
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  // Written aside and renamed over: a client another test run is starting never reads half a file.
  const tmp = `${CLIENT}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(CLIENT), { recursive: true });
  fs.writeFileSync(tmp, outputFiles[0].contents, { mode: 0o755 });
  fs.renameSync(tmp, CLIENT);
  return CLIENT;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(path.relative(process.cwd(), await buildClient()));
