/**
 * Members' workstation sign-in over HTTP, beside raw argon2id: a one-stage password flow is the
 * customer's workstation flow, a workstation key is issued, and a client in its own process
 * (workstation-sign-in-client.ts) signs members in as 8 workstations at once. Each sign-in
 * verifies one password, so its ideal is the machine's raw argon2id verifications per second at
 * the same parameters and concurrency, measured here just before.
 */
import path from 'node:path';
import { rawArgon2id } from '../measure.ts';
import { consoleApi as api, type FlowsRun, runClient } from './client-process.ts';

const PASSWORD = 'Bench-workstation-1!';
const MEMBERS = 64;

export interface WorkstationSignInResult extends FlowsRun {
  rawArgonPerSecond: number;
}

/** The workstation flow, a key, and MEMBERS members whose password serves for Windows login. */
async function setUp(baseUrl: string, token: string) {
  const tag = Date.now().toString(36);
  const me = await api<{ customer: { id: string } }>(baseUrl, token, 'GET', 'me/');
  const flow = await api<{ id: string }>(baseUrl, token, 'POST', 'flows/', {
    name: `Bench workstation ${tag}`,
    stages: [['password']],
    terminatingCredentials: [],
  });
  await api(baseUrl, token, 'PATCH', `customers/${me.customer.id}/settings/`, { workstation: { flow_id: flow.id } });
  const { key } = await api<{ key: string }>(baseUrl, token, 'POST', 'workstation-keys/', {
    name: `Bench ${tag}`,
    machine: null,
  });
  const usernames: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `bench.ws.${tag}.${i}`;
    const member = await api<{ id: string }>(baseUrl, token, 'POST', 'users/', {
      username,
      email: `${username}@acme.example`,
    });
    await api(baseUrl, token, 'POST', `users/${member.id}/credentials/`, {
      type: 'password',
      value: PASSWORD,
      windows_login: true,
    });
    usernames.push(username);
  }
  return { key, usernames };
}

/** `pid`: the server's, whose CPU time per sign-in is then measured too. */
export async function workstationSignIn(opts: {
  baseUrl: string;
  token: string;
  pid?: number;
}): Promise<WorkstationSignInResult> {
  const setup = await setUp(opts.baseUrl, opts.token);
  const rawArgonPerSecond = await rawArgon2id(8);
  const script = path.join(import.meta.dirname, 'workstation-sign-in-client.ts');
  const run = await runClient(script, { ...setup, baseUrl: opts.baseUrl, password: PASSWORD }, opts.pid);
  return { ...run, rawArgonPerSecond };
}
