// Finds oathtool, the independent OATH implementation the hardware tokens' codes are proven with
// (apps/server/src/modules/hardwareTokens/hardwareTokens.test.ts), installed with apt-get when
// missing and we run as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const OATHTOOL = { oathtool: '/usr/bin/oathtool' };

const PACKAGES = 'oathtool';

export function ensureOathtool() {
  if (fs.existsSync(OATHTOOL.oathtool)) return OATHTOOL;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;
  if (!isRoot) {
    throw new Error(`oathtool is missing. Install it with:\n  sudo sh -c '${command}'`);
  }
  console.log(`oathtool is missing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!fs.existsSync(OATHTOOL.oathtool)) throw new Error(`apt-get did not install ${PACKAGES}`);
  return OATHTOOL;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureOathtool().oathtool);
