/**
 * Apache httpd as a relying party nobody here wrote: Debian's apache2 with mod_auth_openidc
 * (installed by scripts/ensure-apache.mjs), run in the foreground by the test on a free port of
 * 127.0.0.1 with a configuration, document root and logs of its own in a temporary directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APACHE } from '../../scripts/ensure-apache.mjs';

/** A port nobody listens on now, as the OS hands it out. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Apache {
  url: string;
  /** The error log so far (mod_auth_openidc's complaints land there). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts apache2 on `port` with `directives` (the site's own part of httpd.conf, where
 * `@ROOT@` names the temporary directory) and `files` under its htdocs; resolves once it answers.
 */
export async function startApache(
  port: number,
  directives: string,
  files: Record<string, string>,
  /** Modules beyond mod_auth_openidc, as [name, file]: mod_auth_mellon for SAML. */
  extraModules: [string, string][] = [],
): Promise<Apache> {
  for (const file of [APACHE.httpd, APACHE.authOpenidc]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/ensure-apache.mjs\` (as root)`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-apache-'));
  // Apache started as root serves as www-data, which must read the document root.
  fs.chmodSync(root, 0o755);
  const htdocs = path.join(root, 'htdocs');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(htdocs, name)), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(htdocs, name), text, { mode: 0o644 });
  }
  const isRoot = process.getuid?.() === 0;
  const modules = ['mpm_event', 'authn_core', 'authz_core', 'authz_user', 'mime', 'dir', 'include'];
  const config = [
    `ServerRoot ${root}`,
    `Listen 127.0.0.1:${port}`,
    `ServerName 127.0.0.1:${port}`,
    `PidFile ${root}/httpd.pid`,
    `DefaultRuntimeDir ${root}`,
    `ErrorLog ${root}/error.log`,
    // A LogLevel for a module that is not loaded is a syntax error, so only the loaded ones.
    `LogLevel warn ${['auth_openidc', ...extraModules.map(([name]) => name)].map((m) => `${m}:info`).join(' ')}`,
    ...modules.map((m) => `LoadModule ${m}_module ${APACHE.modules}/mod_${m}.so`),
    `LoadModule auth_openidc_module ${APACHE.authOpenidc}`,
    ...extraModules.map(([name, file]) => `LoadModule ${name}_module ${file}`),
    ...(isRoot ? ['User www-data', 'Group www-data'] : []),
    'TypesConfig /etc/mime.types',
    `DocumentRoot ${htdocs}`,
    directives.replaceAll('@ROOT@', root),
  ].join('\n');
  fs.writeFileSync(path.join(root, 'httpd.conf'), `${config}\n`);

  const httpd: ChildProcess = spawn(APACHE.httpd, ['-f', path.join(root, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // Configuration errors go to stderr before the error log opens: keep them for the failure.
  let stderr = '';
  httpd.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => httpd.once('exit', () => resolve()));
  // A worker that dies without afterAll leaves no Apache behind.
  const killOnExit = () => httpd.kill('SIGTERM');
  process.once('exit', killOnExit);
  const errorLog = () => fs.readFileSync(path.join(root, 'error.log'), 'utf8');
  const apache: Apache = {
    url: `http://127.0.0.1:${port}`,
    errorLog: () => (fs.existsSync(path.join(root, 'error.log')) ? errorLog() : ''),
    stop: async () => {
      process.off('exit', killOnExit);
      if (httpd.exitCode === null) {
        httpd.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 15_000;
  while (true) {
    if (httpd.exitCode !== null) {
      const log = apache.errorLog();
      await apache.stop();
      throw new Error(`apache2 exited with ${httpd.exitCode}:\n${stderr}${log}`);
    }
    try {
      await fetch(apache.url, { redirect: 'manual' });
      return apache;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await apache.stop();
      throw new Error('apache2 did not answer within 15 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
