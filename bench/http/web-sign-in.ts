/**
 * Members' web sign-in over HTTP, end to end, beside raw argon2id: a web application whose app
 * role gives its members a one-stage password flow is set up through the console's API, then a
 * client in its own process (web-sign-in-client.ts) runs OpenID Connect code flows with 8
 * browsers at once. Each flow verifies one password, so its ideal is the machine's raw argon2id
 * verifications per second at the same parameters and concurrency, measured here just before.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { rawArgon2id } from '../measure.ts';
import { cpuMsOf } from './server.ts';

const PASSWORD = 'Bench-web-sign-in-1!';
const MEMBERS = 64;

export interface WebSignInResult {
  flowsPerSecond: number;
  p50: number;
  p95: number;
  /** CPU time of the client process per flow, ms: its share of the machine's two cores. */
  clientCpuMsPerFlow: number;
  /** CPU time of the server process per flow, ms, over the same window. */
  serverCpuMsPerFlow?: number;
  rawArgonPerSecond: number;
}

async function api<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A web application, its flow and app role, and MEMBERS members with the password: what the client needs. */
async function setUp(baseUrl: string, token: string) {
  const tag = Date.now().toString(36);
  const group = await api<{ id: string }>(baseUrl, token, 'POST', 'groups/', {
    name: `Bench web ${tag}`,
    allowed: ['password'],
  });
  const flow = await api<{ id: string }>(baseUrl, token, 'POST', 'flows/', {
    name: `Bench password ${tag}`,
    stages: [['password']],
    terminatingCredentials: [],
  });
  const redirectUri = 'http://bench-rp.invalid/cb';
  const app = await api<{ id: string; clientId: string; clientSecret: string }>(
    baseUrl,
    token,
    'POST',
    'applications/',
    { name: `Bench_web_${tag}`, type: 'web', redirectUri },
  );
  await api(baseUrl, token, 'POST', 'app-roles/', {
    displayName: `Bench ${tag}`,
    applicationId: app.id,
    groupId: group.id,
    flowId: flow.id,
  });
  const usernames: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `bench.web.${tag}.${i}`;
    const member = await api<{ id: string }>(baseUrl, token, 'POST', 'users/', {
      username,
      email: `${username}@acme.example`,
      group_id: group.id,
    });
    await api(baseUrl, token, 'POST', `users/${member.id}/credentials/`, { type: 'password', value: PASSWORD });
    usernames.push(username);
  }
  return { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri, usernames };
}

/** `pid`: the server's, whose CPU time per flow is then measured too. */
export async function webSignIn(opts: { baseUrl: string; token: string; pid?: number }): Promise<WebSignInResult> {
  const setup = await setUp(opts.baseUrl, opts.token);
  const rawArgonPerSecond = await rawArgon2id(8);
  const serverCpuFrom = opts.pid ? cpuMsOf(opts.pid) : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'web-sign-in-client.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(
    JSON.stringify({
      ...setup,
      baseUrl: opts.baseUrl,
      password: PASSWORD,
      parallel: Number(process.env.BENCH_PARALLEL ?? 8),
      seconds: Number(process.env.BENCH_SECONDS ?? 3) * 2,
      warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
    }),
  );
  const [out, code] = await Promise.all([
    text(child.stdout),
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ]);
  if (code !== 0) throw new Error(`the web sign-in client exited with ${code}`);
  const { flows, ...result } = JSON.parse(out) as Omit<WebSignInResult, 'rawArgonPerSecond'> & { flows: number };
  // Over every flow of the run (warm-up included): the server's CPU is read before and after it.
  const serverCpuMsPerFlow = opts.pid ? (cpuMsOf(opts.pid) - serverCpuFrom) / Math.max(1, flows) : undefined;
  return { ...result, ...(serverCpuMsPerFlow === undefined ? {} : { serverCpuMsPerFlow }), rawArgonPerSecond };
}
