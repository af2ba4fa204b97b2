/** A self-signed certificate and its key, made with openssl as a provider's operator would. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function selfSignedCertificate(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-')), cn = 'sp.example') {
  const key = path.join(dir, 'sp.key');
  const cert = path.join(dir, 'sp.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${cn}`,
      '-days',
      '30',
    ],
    { stdio: 'ignore' },
  );
  return { key, cert, pem: fs.readFileSync(cert, 'utf8').trim() };
}
