// Finds Apache httpd and mod_auth_openidc, the independent relying party the browser tests sign
// in with (Debian's apache2 and libapache2-mod-auth-openidc), installed with apt-get when missing
// and we run as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const APACHE = {
  httpd: '/usr/sbin/apache2',
  modules: '/usr/lib/apache2/modules',
  authOpenidc: '/usr/lib/apache2/modules/mod_auth_openidc.so',
};

const PACKAGES = 'apache2 libapache2-mod-auth-openidc';

export function ensureApache() {
  const missing = () => [APACHE.httpd, APACHE.authOpenidc].filter((f) => !fs.existsSync(f));
  if (!missing().length) return APACHE;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;
  if (!isRoot) {
    throw new Error(`Apache httpd or mod_auth_openidc is missing. Install them with:\n  sudo sh -c '${command}'`);
  }
  console.log(`Apache httpd or mod_auth_openidc is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (missing().length) throw new Error(`apt-get did not install ${missing().join(', ')}`);
  return APACHE;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureApache().httpd);
