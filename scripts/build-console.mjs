// Builds the console and the members' pages (apps/portal) when a build is missing or older than
// its sources or the contracts.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each web app: its workspace, the file its build writes last, and what it is built from. */
const APPS = {
  console: { workspace: 'apps/console', name: 'the console', env: 'CONSOLE_DIR' },
  portal: { workspace: 'apps/portal', name: "the members' pages", env: 'PORTAL_DIR' },
};

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

function buildIfNeeded({ workspace, name }) {
  const index = path.join(root, workspace, 'dist/index.html');
  const sources = [
    `${workspace}/src`,
    `${workspace}/public`,
    `${workspace}/index.html`,
    `${workspace}/vite.config.ts`,
    'packages/contracts/src',
  ];
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built >= newest) return false;
  console.log(`Building ${name}...`);
  execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  return true;
}

/**
 * Builds the console and the portal where needed; one served from elsewhere (CONSOLE_DIR,
 * PORTAL_DIR set) is left alone. True when anything was built.
 */
export function buildWebAppsIfNeeded(env = process.env) {
  let built = false;
  for (const app of Object.values(APPS)) if (!env[app.env] && buildIfNeeded(app)) built = true;
  return built;
}

/** The console alone (kept for callers that need only it). */
export function buildConsoleIfNeeded() {
  return buildIfNeeded(APPS.console);
}

export function buildPortalIfNeeded() {
  return buildIfNeeded(APPS.portal);
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebAppsIfNeeded();
