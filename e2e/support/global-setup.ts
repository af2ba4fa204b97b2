/**
 * Starts a real SMTP sink (readable over HTTP by the test workers) and the real server on a
 * fresh embedded database with the demo data; stops both when the run ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SmtpSink } from '../../apps/server/src/test/smtp-sink.ts';
import { E2E_ORIGIN, E2E_PORT, MAILBOX_PORT, RADIUS_PORT } from './ports.ts';

const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const mailbox = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    const mails = sink.mails.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(MAILBOX_PORT, '127.0.0.1', resolve));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-e2e-'));
  // The way operators start it: `npm start`'s script builds the server if needed and runs the
  // JavaScript build, so the browser tests exercise what ships.
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      // The address browsers and the tests use: the OpenID issuer and the mailed links are named after it.
      PUBLIC_URL: E2E_ORIGIN,
      // Every interface, so a test can reach the console at the machine's own address.
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtpUrl,
      LOGIN_RATE_LIMIT: '1000',
      RADIUS_PORT: String(RADIUS_PORT),
      // The SAML specs' service providers publish their metadata on localhost, as an intranet's do.
      SAML_METADATA_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      // The customer users' Downloads page links to the clients of the deployment.
      WORKSTATION_CLIENT_URL: 'https://downloads.portiere.example/workstation/portiere-workstation.msi',
      LA_CLIENT_URL: 'https://downloads.portiere.example/login-assistant/portiere-login-assistant.exe',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`http://127.0.0.1:${E2E_PORT}/readyz`, server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    mailbox.close();
    await sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready within 60 s');
}
