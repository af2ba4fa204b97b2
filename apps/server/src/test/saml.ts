/**
 * SAML tests' service provider: pysaml2 (pysaml2_sp.py, Debian's python3-pysaml2 with xmlsec1)
 * set up with the identity provider's metadata as Portiere serves it, and a key pair of its own
 * made with openssl.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfSignedCertificate } from './certificates.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pysaml2_sp.py');
const PYTHON = '/usr/bin/python3';

export interface PySp {
  entityid: string;
  acs: string;
  slo: string;
  key: string;
  cert: string;
  /** The certificate's PEM, for the application's form. */
  certificate: string;
  idp_metadata: string;
  /** pysaml2's record of who is signed in (a shelve file), for its single logout. */
  subject_data: string;
  sign_requests: boolean;
}

/** A key pair and a folder for a provider; its metadata file is written by `useMetadata`. */
export function pysamlSp(entityid: string, options: { signRequests?: boolean } = {}): PySp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pysaml2-'));
  const { key, cert, pem } = selfSignedCertificate(dir, 'pysaml2 sp');
  return {
    entityid,
    acs: `${entityid}/acs`,
    slo: `${entityid}/slo`,
    key,
    cert,
    certificate: pem,
    idp_metadata: path.join(dir, 'idp.xml'),
    subject_data: path.join(dir, 'subjects'),
    sign_requests: options.signRequests ?? false,
  };
}

export function useMetadata(sp: PySp, xml: string): void {
  fs.writeFileSync(sp.idp_metadata, xml);
}

/** Runs a command of the provider: its JSON answer, or { error, message } when it refused. */
// biome-ignore lint/suspicious/noExplicitAny: pysaml2's JSON, read by each test as its command answers
export function pysaml(command: string, sp: PySp | Record<string, unknown>, ...args: string[]): Record<string, any> {
  try {
    return JSON.parse(execFileSync(PYTHON, [SCRIPT, command, JSON.stringify(sp), ...args], { encoding: 'utf8' }));
  } catch (e) {
    const out = (e as { stdout?: string }).stdout ?? '';
    try {
      return JSON.parse(out);
    } catch {
      throw e;
    }
  }
}
