/**
 * Many operators at once: `wrk` (Debian's, a client in its own process written in C, so the
 * client costs the two cores little) holds CONNECTIONS connections for SECONDS, each asking in
 * turn for ten read routes of the console with a customer user's token. Reports requests per
 * second, latency percentiles, the answers by status (a server past its capacity should answer
 * 503 with Retry-After at once) and the requests wrk gave up on after its timeout.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The console's everyday reads of a customer user: lists of each area, the dashboard, the detail of itself. */
export const READ_ROUTES = [
  '/api/v1/users/?page=1&page_size=25',
  '/api/v1/dashboard/',
  '/api/v1/groups/?page=1&page_size=25',
  '/api/v1/audit/?page=1&page_size=25',
  '/api/v1/applications/?page=1&page_size=25',
  '/api/v1/temporary-cards/?page=1&page_size=25',
  '/api/v1/profiles/?page=1&page_size=25',
  '/api/v1/flows/?page=1&page_size=25',
  '/api/v1/workstation-users/?page=1&page_size=25',
  '/api/v1/me/',
];

export interface LoadResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  timeouts: number;
  /** Answers that were neither 200 nor 503 with Retry-After, nor timeouts: connection errors. */
  errors: number;
}

const SCRIPT = `
local paths = {}
for p in string.gmatch(os.getenv("BENCH_ROUTES"), "[^ ]+") do table.insert(paths, p) end
local auth = "Bearer " .. os.getenv("BENCH_TOKEN")
local threads = {}
local n = 0
statuses = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) n = math.random(#paths) end
request = function()
  n = n % #paths + 1
  return wrk.format("GET", paths[n], { ["Authorization"] = auth })
end
response = function(status, headers, body)
  local key = tostring(status)
  if status == 503 and headers["Retry-After"] == nil and headers["retry-after"] == nil then key = "503-without-retry-after" end
  statuses[key] = (statuses[key] or 0) + 1
end
done = function(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    for k, v in pairs(s) do all[k] = (all[k] or 0) + v end
  end
  local parts = {}
  for k, v in pairs(all) do table.insert(parts, string.format('"%s":%d', k, v)) end
  io.write(string.format('RESULT {"requests":%d,"duration_us":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"timeouts":%d,"connect":%d,"read":%d,"write":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    summary.errors.timeout, summary.errors.connect, summary.errors.read, summary.errors.write, table.concat(parts, ",")))
end
`;

/** Installs Debian's wrk when missing, as the test scripts install Chromium. */
export function ensureWrk(): string {
  const found = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((f) => fs.existsSync(f));
  if (found) return found;
  console.error('Installing wrk from Debian for the load bench...');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  execFileSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'install', '-y', 'wrk'], {
    stdio: 'inherit',
  });
  return '/usr/bin/wrk';
}

export async function load(opts: {
  baseUrl: string;
  token: string;
  connections?: number;
  seconds?: number;
  timeoutSeconds?: number;
  routes?: string[];
}): Promise<LoadResult> {
  const wrk = ensureWrk();
  const connections = opts.connections ?? 200;
  const seconds = opts.seconds ?? Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-wrk-')), 'routes.lua');
  fs.writeFileSync(script, SCRIPT);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      wrk,
      [
        // wrk wants at least as many connections as threads.
        `-t${Math.min(2, connections)}`,
        `-c${connections}`,
        `-d${seconds}s`,
        `--timeout`,
        `${opts.timeoutSeconds ?? 10}s`,
        '-s',
        script,
        opts.baseUrl,
      ],
      {
        env: { ...process.env, BENCH_ROUTES: (opts.routes ?? READ_ROUTES).join(' '), BENCH_TOKEN: opts.token },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
  });
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line.slice('RESULT '.length)) as {
    requests: number;
    duration_us: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    timeouts: number;
    connect: number;
    read: number;
    write: number;
    statuses: Record<string, number>;
  };
  return {
    connections,
    seconds,
    requestsPerSecond: r.requests / (r.duration_us / 1e6),
    p50: r.p50 / 1000,
    p90: r.p90 / 1000,
    p99: r.p99 / 1000,
    max: r.max / 1000,
    statuses: r.statuses,
    timeouts: r.timeouts,
    errors: r.connect + r.read + r.write,
  };
}
