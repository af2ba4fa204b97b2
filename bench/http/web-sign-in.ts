/**
 * Members' web sign-in over HTTP, end to end, beside raw argon2id: a web application whose app
 * role gives its members a one-stage password flow is set up through the console's API, then a
 * client in its own process (web-sign-in-client.ts) runs OpenID Connect code flows with 8
 * browsers at once. Each flow verifies one password, so its ideal is the machine's raw argon2id
 * verifications per second at the same parameters and concurrency, measured here just before.
 */
import path from 'node:path';
import { rawArgon2id } from '../measure.ts';
import { consoleApi as api, type FlowsRun, passwordMembers, runClient } from './client-process.ts';

const PASSWORD = 'Bench-web-sign-in-1!';
const MEMBERS = 64;

export interface WebSignInResult extends FlowsRun {
  rawArgonPerSecond: number;
}

/** A web application, its flow and app role, and MEMBERS members with the password: what the client needs. */
async function setUp(baseUrl: string, token: string) {
  const { tag, groupId, flowId, usernames } = await passwordMembers(baseUrl, token, 'web', PASSWORD, MEMBERS);
  const redirectUri = 'http://bench-rp.invalid/cb';
  const app = await api<{ id: string; clientId: string; clientSecret: string }>(
    baseUrl,
    token,
    'POST',
    'applications/',
    { name: `Bench_${tag}`, type: 'web', redirectUri },
  );
  await api(baseUrl, token, 'POST', 'app-roles/', {
    displayName: `Bench ${tag}`,
    applicationId: app.id,
    groupId,
    flowId,
  });
  return { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri, usernames };
}

/** `pid`: the server's, whose CPU time per flow is then measured too. */
export async function webSignIn(opts: { baseUrl: string; token: string; pid?: number }): Promise<WebSignInResult> {
  const setup = await setUp(opts.baseUrl, opts.token);
  const rawArgonPerSecond = await rawArgon2id(8);
  const script = path.join(import.meta.dirname, 'web-sign-in-client.ts');
  const run = await runClient(script, { ...setup, baseUrl: opts.baseUrl, password: PASSWORD }, opts.pid);
  return { ...run, rawArgonPerSecond };
}
