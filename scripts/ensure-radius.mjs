// Finds the independent RADIUS clients the RADIUS server is proven with
// (apps/server/src/radius/radius.test.ts): radclient (freeradius-utils) and pam_radius_auth
// (libpam-radius-auth) driven by pamtester, installed with apt-get when missing and we run as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const RADIUS = { radclient: '/usr/bin/radclient', pamtester: '/usr/bin/pamtester' };

const PACKAGES = 'freeradius-utils libpam-radius-auth pamtester';

/** pam_radius_auth.so in this machine's PAM module folders (/lib/<arch>/security on Debian), or null. */
export function pamRadiusPath() {
  const dirs = ['/usr/lib/security', '/lib/security'];
  for (const lib of ['/usr/lib', '/lib']) {
    if (!fs.existsSync(lib)) continue;
    for (const d of fs.readdirSync(lib)) dirs.push(path.join(lib, d, 'security'));
  }
  return dirs.map((d) => path.join(d, 'pam_radius_auth.so')).find((f) => fs.existsSync(f)) ?? null;
}

export function ensureRadius() {
  const missing = () => [
    ...Object.values(RADIUS).filter((f) => !fs.existsSync(f)),
    ...(pamRadiusPath() ? [] : ['pam_radius_auth.so']),
  ];
  if (!missing().length) return RADIUS;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;
  if (!isRoot) {
    throw new Error(
      `radclient, pamtester or pam_radius_auth is missing. Install them with:\n  sudo sh -c '${command}'`,
    );
  }
  console.log(`radclient, pamtester or pam_radius_auth is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (missing().length) throw new Error(`apt-get did not install ${missing().join(', ')}`);
  return RADIUS;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureRadius().radclient);
