// `npm test`: lint, type-check, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests in Debian's Chromium (and, in CI, the server's
// API tests under the newest Node.js LTS beside them). Ends with one
// "N passed, N failed" line over every test that ran.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildWebAppsIfNeeded } from './build-console.mjs';
import { ensureApache } from './ensure-apache.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureOathtool } from './ensure-oathtool.mjs';
import { ensurePam } from './ensure-pam.mjs';
import { ensureRadius } from './ensure-radius.mjs';
import { ensureSaml } from './ensure-saml.mjs';

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
// Import boundaries: the console's and the portal's (a feature or flow imports no other one;
// shared code none; the portal nothing of the console), the server's (a module gets another's
// service from services.ts), and no folder cycle in any of them or the contracts.
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
// The PAM application the workstation client's Linux sign-in is proven with (apps/workstation/test/pam.test.ts),
// before the unit and API tests that run it.
try {
  ensurePam();
} catch (err) {
  console.error(err.message);
  failures.push('pam');
}
// The OATH implementation the hardware tokens' codes are proven with (hardwareTokens.test.ts).
try {
  ensureOathtool();
} catch (err) {
  console.error(err.message);
  failures.push('oathtool');
}
// The RADIUS clients the RADIUS server is proven with (apps/server/src/radius/radius.test.ts).
try {
  ensureRadius();
} catch (err) {
  console.error(err.message);
  failures.push('radius');
}
// The service providers and signature checker the SAML identity provider is proven with
// (apps/server/src/saml/saml.test.ts): pysaml2, xmlsec1, and Apache's mod_auth_mellon.
try {
  ensureSaml();
} catch (err) {
  console.error(err.message);
  failures.push('saml');
}
// First and alone, so that its 2 s start-up bound is measured on an otherwise idle machine; the
// gigabyte `npm install` just wrote is flushed first, so its write-back does not slow the reads.
spawnSync('sync', { stdio: 'inherit' });
vitest('start-up tests', ['startup']);
vitest('unit and API tests', ['scripts', 'contracts', 'server', 'console', 'portal', 'workstation']);

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

// CI (.ci/run sets NODE_LTS_TESTS=1): the server's API tests again under the newest Node.js LTS
// (scripts/test-node-lts.mjs), on the embedded database, with one worker beside the browser
// tests, which keep about one core busy; its output is shown after theirs. Not all of them: the
// ones that meet what differs between runtimes (native and WebAssembly modules: argon2id, PGlite;
// node:crypto and WebCrypto: keys, sealing, WebAuthn, the app's signatures; HTTP and streams:
// Fastify, fetch, compression; worker threads and child processes: exports, backups, the CLI;
// oidc-provider's runtime check) and every sign-in channel. The generated tenancy and fuzz suites,
// the same JavaScript over every route, run once, under the Node that runs npm test: on two cores
// their second run doubled the browser tests' time beside it.
const LTS_SUITES = [
  'src/runtime.test.ts',
  'src/app.test.ts',
  'src/config.test.ts',
  'src/compression.test.ts',
  'src/request-hygiene.test.ts',
  'src/openapi.test.ts',
  'src/cli-errors.test.ts',
  'src/auth/',
  'src/lib/',
  'src/db/',
  'src/mail/',
  'src/backup/',
  'src/plugins/',
  'src/oidc/',
  'src/signIn/',
  'src/modules/webLogin/',
  'src/modules/device/',
  'src/modules/workstation/',
  'src/radius/',
  'src/saml/',
  'src/modules/credentials/',
  'src/modules/assistant/',
  'src/modules/downloads/',
  'src/modules/members/export-xlsx.test.ts',
];
let lts;
if (process.env.NODE_LTS_TESTS) {
  const json = path.join(root, 'test-results/vitest-server-lts.json');
  const log = path.join(root, 'test-results/node-lts.log');
  fs.rmSync(json, { force: true });
  vitestJsons.push(json);
  const { TEST_DATABASE_URL: _db, TEST_REDIS_URL: _redis, ...env } = process.env;
  const out = fs.openSync(log, 'w');
  const t = Date.now();
  console.log('\n== server API tests under the newest Node.js LTS: started beside the browser tests');
  const child = spawn(
    'node',
    [
      'scripts/test-node-lts.mjs',
      ...LTS_SUITES,
      '--maxWorkers=1',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    { cwd: root, stdio: ['ignore', out, out], env },
  );
  lts = new Promise((resolve) => child.on('exit', (code) => resolve({ code, log, seconds: (Date.now() - t) / 1000 })));
}

const pwJson = path.join(root, 'e2e/test-results/results.json');
fs.rmSync(pwJson, { force: true });
if (
  chromium &&
  !step('browser tests', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium })
) {
  failures.push('playwright');
}

if (lts) {
  const { code, log, seconds } = await lts;
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  console.log(
    `== server API tests under the newest Node.js LTS: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`,
  );
  if (code !== 0) failures.push('server API tests under the newest Node.js LTS');
}

const counts = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests by name, repeated at the very end: a log read from its tail names them. */
const failedNames = [];
for (const json of vitestJsons.filter((j) => fs.existsSync(j))) {
  const v = JSON.parse(fs.readFileSync(json, 'utf8'));
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests;
  counts.skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failedNames.push(`${path.relative(root, file.name)} › ${t.fullName}`);
    }
  }
}
/** Playwright's report nests suites (files, describe blocks) around specs. */
function failedSpecs(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
      // The first lines of the first error and where it struck: CI keeps only the end of the output.
      const error = t.results?.flatMap((r) => r.errors ?? [])[0];
      const where = error?.location ? ` at ${path.basename(error.location.file)}:${error.location.line}` : '';
      const why = stripVTControlCharacters(error?.message ?? '')
        .split('\n')
        .slice(0, 8);
      failedNames.push([`${file} › ${spec.title} (${t.status})${where}`, ...why.map((l) => `    ${l}`)].join('\n'));
    }
  }
  for (const inner of suite.suites ?? []) failedSpecs(inner, file || inner.file || inner.title);
}
if (fs.existsSync(pwJson)) {
  const p = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
  counts.passed += p.stats.expected;
  counts.failed += p.stats.unexpected + p.stats.flaky;
  counts.skipped += p.stats.skipped;
  for (const suite of p.suites ?? []) failedSpecs(suite, suite.file ?? suite.title);
}
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failures.length || counts.failed ? 1 : 0);
