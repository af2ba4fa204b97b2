// `npm test`: lint, type-check, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests in Debian's Chromium. Ends with one
// "N passed, N failed" line over every test that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebAppsIfNeeded } from './build-console.mjs';
import { ensureApache } from './ensure-apache.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();

function step(title, command, args, env = {}) {
  console.log(`\n== ${title}: ${command} ${args.join(' ')}`);
  const t = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

const npx = 'npx';
const failures = [];
if (!step('lint', npx, ['biome', 'check', '.'])) failures.push('lint');
// The console's and the portal's import boundaries (a feature or flow imports no other one;
// shared code none; the portal nothing of the console).
if (!step('lint: import boundaries', 'node', ['scripts/check-boundaries.mjs'])) failures.push('boundaries');
if (!step('type-check', 'npm', ['run', '--silent', 'typecheck'])) failures.push('type-check');

const vitestJsons = [];
function vitest(title, projects) {
  const json = path.join(root, `test-results/vitest-${projects.join('-')}.json`);
  fs.mkdirSync(path.dirname(json), { recursive: true });
  fs.rmSync(json, { force: true });
  vitestJsons.push(json);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  if (!step(title, npx, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`])) {
    failures.push(title);
  }
}
// First and alone, so that its 2 s start-up bound is measured on an otherwise idle machine.
vitest('start-up tests', ['startup']);
vitest('unit and API tests', ['contracts', 'server', 'console', 'portal']);

let chromium;
try {
  chromium = ensureChromium();
} catch (err) {
  console.error(err.message);
  failures.push('chromium');
}
// The relying party the web sign-in's sign-out and form_post are proven with (oidc-apache.spec.ts).
try {
  ensureApache();
} catch (err) {
  console.error(err.message);
  failures.push('apache');
}
buildWebAppsIfNeeded();
const pwJson = path.join(root, 'e2e/test-results/results.json');
fs.rmSync(pwJson, { force: true });
if (
  chromium &&
  !step('browser tests', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium })
) {
  failures.push('playwright');
}

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const json of vitestJsons.filter((j) => fs.existsSync(j))) {
  const v = JSON.parse(fs.readFileSync(json, 'utf8'));
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests;
  counts.skipped += v.numPendingTests + v.numTodoTests;
}
if (fs.existsSync(pwJson)) {
  const p = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
  counts.passed += p.stats.expected;
  counts.failed += p.stats.unexpected + p.stats.flaky;
  counts.skipped += p.stats.skipped;
}
console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failures.length || counts.failed ? 1 : 0);
