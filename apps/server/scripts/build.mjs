// Builds the server to plain JavaScript in apps/server/dist (main.js, cli.js, the XLSX export's
// worker xlsx-worker.js and the SQL migrations), so production starts with `node` and no TypeScript loader. npm packages stay
// external (loaded from node_modules as usual); the workspace's @portiere/contracts, which
// ships TypeScript, is bundled in. `node apps/server/scripts/build.mjs` builds unconditionally.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(server, 'dist');
export const MAIN_JS = path.join(DIST, 'main.js');
export const CLI_JS = path.join(DIST, 'cli.js');
// The XLSX export's worker thread, which the server starts from beside itself.
const XLSX_WORKER_JS = path.join(DIST, 'xlsx-worker.js');
const outputs = [MAIN_JS, CLI_JS, XLSX_WORKER_JS];
const sources = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(server, '../../packages/contracts/src'),
  import.meta.filename,
];

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** True when an output is missing or older than a source (git checkouts touch what they change). */
export function serverBuildIsStale() {
  if (!outputs.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  return built < Math.max(...sources.map(newestMtime));
}

/** Every bare import except the workspace contracts is left to node's own resolution. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@portiere/contracts' || args.path.startsWith('@portiere/contracts/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Writes through a temporary name and renames, so a server starting meanwhile never reads half a file. */
function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: server,
    entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', 'xlsx-worker': 'src/modules/members/xlsx-worker.ts' },
    outdir: DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
    write: false,
  });
  // src/db/client.ts finds the migrations next to itself: in the bundle that is dist/.
  const migrations = path.join(server, 'src/db/migrations');
  for (const entry of fs.readdirSync(migrations, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    writeAtomically(path.join(DIST, 'migrations', path.relative(migrations, from)), fs.readFileSync(from));
  }
  // The entries last: their times are what serverBuildIsStale compares.
  for (const out of result.outputFiles) writeAtomically(out.path, out.contents);
  makePgliteTemplate();
}

/**
 * The migrated empty embedded database that a first start loads instead of running initdb and
 * every migration (src/db/template.ts): made by migrating a scratch data folder with the CLI just
 * built, which dumps it beside the bundle. Templates of older builds go first.
 */
function makePgliteTemplate() {
  for (const f of fs.readdirSync(DIST)) {
    if (/^portiere-pglite-/.test(f)) fs.rmSync(path.join(DIST, f), { recursive: true, force: true });
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-template-'));
  const env = { ...process.env, DATA_DIR: scratch, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  try {
    execFileSync(process.execPath, [CLI_JS, 'migrate'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // The migrated data folder itself, closed cleanly by the CLI, is the template folder a first
    // start copies (src/db/template.ts): named as the tarball the migration dumped, without `.tar`.
    const tarball = fs.readdirSync(DIST).find((f) => /^portiere-pglite-.*\.tar$/.test(f));
    if (tarball) {
      fs.cpSync(path.join(scratch, 'pglite'), path.join(DIST, tarball.replace(/\.tar$/, '')), { recursive: true });
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Builds when stale; returns whether it built. */
export async function buildServerIfNeeded() {
  if (!serverBuildIsStale()) return false;
  console.error('Building the server...');
  await buildServer();
  return true;
}

if (import.meta.filename === process.argv[1]) await buildServer();
