// Finds pamtester, the independent PAM application the workstation client's Linux PAM step
// (pam_exec, from libpam-modules) is proven with (apps/workstation/test/pam.test.ts), installed
// with apt-get when missing and we run as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PAM = { pamtester: '/usr/bin/pamtester' };

const PACKAGES = 'pamtester libpam-modules';

/** pam_exec.so in this machine's PAM module folder (/usr/lib/<arch>/security on Debian), or null. */
export function pamExecPath() {
  const dirs = ['/usr/lib/security', '/lib/security'];
  for (const lib of ['/usr/lib', '/lib']) {
    if (!fs.existsSync(lib)) continue;
    for (const d of fs.readdirSync(lib)) dirs.push(path.join(lib, d, 'security'));
  }
  return dirs.map((d) => path.join(d, 'pam_exec.so')).find((f) => fs.existsSync(f)) ?? null;
}

export function ensurePam() {
  const missing = () => [
    ...(fs.existsSync(PAM.pamtester) ? [] : [PAM.pamtester]),
    ...(pamExecPath() ? [] : ['pam_exec.so']),
  ];
  if (!missing().length) return PAM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;
  if (!isRoot) {
    throw new Error(`pamtester or pam_exec is missing. Install them with:\n  sudo sh -c '${command}'`);
  }
  console.log(`pamtester or pam_exec is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (missing().length) throw new Error(`apt-get did not install ${missing().join(', ')}`);
  return PAM;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensurePam().pamtester);
