/**
 * The pysaml2 service provider web site (pysaml2_web_sp.py) as a browser test starts it: a key
 * pair of its own, the customer's IdP metadata as Portiere serves it, on a free port of localhost
 * (the same site as Portiere's localhost origin, so its Lax session cookie comes back).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../../apps/server/src/test/certificates.ts';
import { freePort } from './apache.ts';

export interface PysamlSite {
  /** http://localhost:<port> */
  url: string;
  /** Where it publishes its metadata, which is also its entity ID. */
  metadataUrl: string;
  stop(): Promise<void>;
}

export async function startPysamlSite(idpMetadata: string): Promise<PysamlSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-pysaml2-site-'));
  const { key, cert } = selfSignedCertificate(dir, 'library');
  fs.writeFileSync(path.join(dir, 'idp.xml'), idpMetadata);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const config = {
    port,
    entityid: `${url}/saml/metadata`,
    acs: `${url}/saml/acs`,
    slo: `${url}/saml/slo`,
    key,
    cert,
    idp_metadata: path.join(dir, 'idp.xml'),
    subject_data: path.join(dir, 'subjects'),
    sign_requests: true,
  };
  const child: ChildProcess = spawn(
    '/usr/bin/python3',
    [path.join(import.meta.dirname, 'pysaml2_web_sp.py'), JSON.stringify(config)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      if (text.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the pysaml2 site exited with ${code}`)));
  });
  return { url, metadataUrl: config.entityid, stop };
}
