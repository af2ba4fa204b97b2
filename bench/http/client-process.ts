/**
 * The parent's side of a sign-in bench: the console's API for its set-up, and its client run in
 * a process of its own (`tsx <script>`, its settings as JSON on stdin, flow-loop.ts's JSON on
 * stdout), with the server's CPU time per flow over the run when its pid is given.
 */
import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { cpuMsOf } from './server.ts';

/** A console API call as the bench's operator; anything but a 2xx throws. */
export async function consoleApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * What the members' sign-in benches share: a configuration group whose members sign in with a
 * password alone (a one-stage flow), and `count` members of it with `password`; their usernames.
 */
export async function passwordMembers(baseUrl: string, token: string, label: string, password: string, count: number) {
  const tag = `${label}.${Date.now().toString(36)}`;
  const group = await consoleApi<{ id: string }>(baseUrl, token, 'POST', 'groups/', {
    name: `Bench ${tag}`,
    allowed: ['password'],
  });
  const flow = await consoleApi<{ id: string }>(baseUrl, token, 'POST', 'flows/', {
    name: `Bench password ${tag}`,
    stages: [['password']],
    terminatingCredentials: [],
  });
  const usernames: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench.${tag}.${i}`;
    const member = await consoleApi<{ id: string }>(baseUrl, token, 'POST', 'users/', {
      username,
      email: `${username}@acme.example`,
      group_id: group.id,
    });
    await consoleApi(baseUrl, token, 'POST', `users/${member.id}/credentials/`, { type: 'password', value: password });
    usernames.push(username);
  }
  return { tag: tag.replace(/\W/g, '_'), groupId: group.id, flowId: flow.id, usernames };
}

export interface FlowsRun {
  flowsPerSecond: number;
  p50: number;
  p95: number;
  /** CPU time of the client process per flow, ms: its share of the machine's two cores. */
  clientCpuMsPerFlow: number;
  /** CPU time of the server process per flow, ms, over the same run. */
  serverCpuMsPerFlow?: number;
}

/** Runs the client `script` with `settings` (plus the loop's, from BENCH_* as the other benches). */
export async function runClient(script: string, settings: object, pid?: number): Promise<FlowsRun> {
  const serverCpuFrom = pid ? cpuMsOf(pid) : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(
    JSON.stringify({
      ...settings,
      parallel: Number(process.env.BENCH_PARALLEL ?? 8),
      seconds: Number(process.env.BENCH_SECONDS ?? 3) * 2,
      warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
    }),
  );
  const [out, code] = await Promise.all([
    text(child.stdout),
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ]);
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  const { flows, ...result } = JSON.parse(out) as FlowsRun & { flows: number };
  // Over every flow of the run (warm-up included): the server's CPU is read before and after it.
  return pid ? { ...result, serverCpuMsPerFlow: (cpuMsOf(pid) - serverCpuFrom) / Math.max(1, flows) } : result;
}
