// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// installed with apt-get when missing and we run as root. Never downloads a browser build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(wanted)) return wanted;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${wanted} does not exist`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = 'apt-get update && apt-get install -y --no-install-recommends chromium';
  if (!isRoot) {
    throw new Error(`Chromium is missing. Install it with:\n  sudo sh -c '${command}'\nor set CHROMIUM_PATH.`);
  }
  console.log(`Chromium is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!fs.existsSync(wanted)) throw new Error('apt-get did not install /usr/bin/chromium');
  return wanted;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
