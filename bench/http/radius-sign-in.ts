/**
 * Members' RADIUS sign-in, beside raw argon2id: a RADIUS application whose app role gives its
 * members a one-stage password flow, a RADIUS client for 127.0.0.1, all set up through the
 * console's API; then a client in its own process (radius-sign-in-client.ts) sends
 * Access-Requests (PAP, with a Message-Authenticator) as 8 devices at once. Each request verifies
 * one password, so its ideal is the machine's raw argon2id verifications per second at the same
 * parameters and concurrency, measured here just before.
 */
import path from 'node:path';
import { rawArgon2id } from '../measure.ts';
import { consoleApi as api, type FlowsRun, passwordMembers, runClient } from './client-process.ts';

const PASSWORD = 'Bench-radius-1!';
const MEMBERS = 64;

export interface RadiusSignInResult extends FlowsRun {
  rawArgonPerSecond: number;
}

async function setUp(baseUrl: string, token: string) {
  const { tag, groupId, flowId, usernames } = await passwordMembers(baseUrl, token, 'radius', PASSWORD, MEMBERS);
  const app = await api<{ id: string }>(baseUrl, token, 'POST', 'applications/', {
    name: `Bench_${tag}`,
    type: 'radius',
  });
  await api(baseUrl, token, 'POST', 'app-roles/', {
    displayName: `Bench ${tag}`,
    applicationId: app.id,
    groupId,
    flowId,
    radiusAttributes: [{ name: 'Class', value: 'bench' }],
  });
  const { secret } = await api<{ secret: string }>(baseUrl, token, 'POST', 'radius-clients/', {
    name: `Bench ${tag}`,
    address: '127.0.0.1',
    applicationId: app.id,
  });
  return { secret, usernames };
}

/** `pid`: the server's, whose CPU time per request is then measured too. */
export async function radiusSignIn(opts: {
  baseUrl: string;
  radiusPort: number;
  token: string;
  pid?: number;
}): Promise<RadiusSignInResult> {
  const setup = await setUp(opts.baseUrl, opts.token);
  const rawArgonPerSecond = await rawArgon2id(8);
  const script = path.join(import.meta.dirname, 'radius-sign-in-client.ts');
  const run = await runClient(script, { ...setup, port: opts.radiusPort, password: PASSWORD }, opts.pid);
  return { ...run, rawArgonPerSecond };
}
