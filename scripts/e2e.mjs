// `npm run e2e`: only the browser tests (builds the console and the members' pages, and finds
// Chromium and Apache with mod_auth_openidc, first).
import { spawnSync } from 'node:child_process';
import { buildWebAppsIfNeeded } from './build-console.mjs';
import { ensureApache } from './ensure-apache.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const chromium = ensureChromium();
try {
  ensureApache();
} catch (err) {
  // Only oidc-apache.spec.ts needs it, and fails saying so: the other specs still run.
  console.error(err.message);
}
buildWebAppsIfNeeded();
const r = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);
