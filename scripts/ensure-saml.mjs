// Finds the independent SAML service providers and signature checker the SAML identity provider
// is proven with (apps/server/src/saml/*.test.ts, e2e/specs/saml*.spec.ts): pysaml2
// (python3-pysaml2), xmlsec1, and Apache's mod_auth_mellon (libapache2-mod-auth-mellon), installed
// with apt-get when missing and we run as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const SAML = {
  python: '/usr/bin/python3',
  pysaml2: '/usr/lib/python3/dist-packages/saml2/__init__.py',
  xmlsec1: '/usr/bin/xmlsec1',
  mellon: '/usr/lib/apache2/modules/mod_auth_mellon.so',
};

const PACKAGES = 'python3-pysaml2 xmlsec1 libapache2-mod-auth-mellon';

export function ensureSaml() {
  const missing = () => Object.values(SAML).filter((f) => !fs.existsSync(f));
  if (!missing().length) return SAML;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;
  if (!isRoot) {
    throw new Error(`pysaml2, xmlsec1 or mod_auth_mellon is missing. Install them with:\n  sudo sh -c '${command}'`);
  }
  console.log(`pysaml2, xmlsec1 or mod_auth_mellon is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (missing().length) throw new Error(`apt-get did not install ${missing().join(', ')}`);
  return SAML;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureSaml().xmlsec1);
