/**
 * The real server for the client's tests: the server's own test harness (real app, database and
 * SMTP sink), listening on a free port of 127.0.0.1 so that the client reaches it over HTTP, with
 * Acme's workstation flow set, a machine key issued, and members made through the console's API
 * with credentials usable for Windows login.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestDatabase } from '../../../server/src/test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../../server/src/test/harness.ts';
import { createFlow, createGroup, createWebMember, type WebMember } from '../../../server/src/test/web-login.ts';
import { issueKey } from '../../../server/src/test/workstation.ts';

export { PASSWORD, totpCode, type WebMember } from '../../../server/src/test/web-login.ts';

export interface Portiere {
  h: Harness;
  /** Where the client reaches the server. */
  url: string;
  /** Acme's and Globex's operators' access tokens. */
  acme: string;
  globex: string;
  customerId: string;
  groupId: string;
  /** Acme's key for the machine WS-TEST. */
  machineKey: string;
  /** A folder for this file's configurations, keys and state folders. */
  dir: string;
  close(): Promise<void>;
}

export async function startPortiere(
  database: TestDatabase,
  flow: { stages: string[][]; terminating?: string[] },
  workstation: Record<string, unknown> = {},
): Promise<Portiere> {
  const h = await startHarness(database);
  try {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as net.AddressInfo;
    const acme = (await signIn(h, 'admin@acme.example')).access;
    const globex = (await signIn(h, 'admin@globex.example')).access;
    const customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const groupId = (await createGroup(h, acme)).id;
    const { id: flowId } = await createFlow(h, acme, flow.stages, flow.terminating ?? []);
    const set = await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      workstation: { flow_id: flowId, ...workstation },
    });
    if (set.status !== 200) throw new Error(`workstation settings: ${set.status} ${JSON.stringify(set.body)}`);
    const machineKey = (await issueKey(h, acme, 'WS-TEST')).key;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-ws-'));
    return {
      h,
      url: `http://127.0.0.1:${port}`,
      acme,
      globex,
      customerId,
      groupId,
      machineKey,
      dir,
      close: async () => {
        fs.rmSync(dir, { recursive: true, force: true });
        await h.close();
      },
    };
  } catch (err) {
    await h.close();
    throw err;
  }
}

/** A member of the group whose password and TOTP (and whatever `fields` add) are usable for Windows login. */
export async function member(p: Portiere, fields: Record<string, unknown> = {}): Promise<WebMember> {
  const m = await createWebMember(p.h, p.acme, p.groupId, fields);
  const creds = (await call(p.h.app, 'GET', `users/${m.id}/credentials/`, p.acme)).body;
  for (const c of creds.results ?? creds) {
    const res = await call(p.h.app, 'PATCH', `users/${m.id}/credentials/${c.id}/`, p.acme, { windows_login: true });
    if (res.status !== 200) throw new Error(`windows_login: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return m;
}

/** A credential for the member, usable for Windows login: its answer (with `enrollment` for codes). */
export async function credential(p: Portiere, m: { id: string }, body: Record<string, unknown>) {
  const res = await post(p.h.app, `users/${m.id}/credentials/`, { windows_login: true, ...body }, p.acme);
  if (res.status !== 201) throw new Error(`credential: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let configs = 0;

/**
 * A configuration file for the client (mode 0600, as it holds the key): Acme's machine key, this
 * server, a state folder of its own unless given, and `extra` over it. Answers its path and the
 * state folder.
 */
export function writeConfig(p: Portiere, extra: Record<string, unknown> = {}): { file: string; stateDir: string } {
  const n = ++configs;
  const stateDir = (extra.state_dir as string | undefined) ?? path.join(p.dir, `state-${n}`);
  const file = path.join(p.dir, `config-${n}.json`);
  const config = { server: p.url, key: p.machineKey, machine: 'WS-TEST', state_dir: stateDir, ...extra };
  fs.writeFileSync(file, JSON.stringify(config, null, 2), { mode: 0o600 });
  return { file, stateDir };
}

/** A URL where nothing listens: the server as the client sees it when it is down. */
export async function deadServer(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return `http://127.0.0.1:${port}`;
}

/** The offline file the client keeps for `name` in `stateDir` (parsed), or null. */
export function offlineFile(stateDir: string, name: string) {
  const file = path.join(stateDir, `${name.toLowerCase()}.json`);
  if (!fs.existsSync(file)) return null;
  return { file, mode: fs.statSync(file).mode & 0o777, json: JSON.parse(fs.readFileSync(file, 'utf8')) };
}
