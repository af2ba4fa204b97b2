/**
 * Staff sign-ins per second over real HTTP (issue 35): 8 accounts in parallel, each signing in
 * again and again with its password (step 1, which mails a one-time code), the code read from
 * the SMTP sink the server mails to, then password and code (step 2). Each sign-in verifies
 * the password twice (argon2id, one per step), so half the raw argon2id verifications per
 * second of the machine is its ceiling: the ratio is against those, ideal 0.5.
 *
 * `staffSignIn` takes a server that is already listening (`baseUrl`), seeded with the demo
 * data (SEED_DEMO) and mailing to `sink`, with LOGIN_RATE_LIMIT high enough for one address to
 * make every call (1,000,000 below). It creates its 8 accounts through the API, as a reseller
 * does (demo reseller `partner@northwind.example`: new manager users of the first customer,
 * whose temporary passwords are mailed and changed at the first sign-in), with names of their
 * own, so it can run several times against one server.
 *
 * `npx tsx bench/http/staff-sign-in.ts` runs it alone: the server in a process of its own
 * (embedded database in a scratch folder, or a scratch database on BENCH_DATABASE_URL), and
 * raw argon2id verifications per second in this process, before and after, at the server's
 * parameters and 8 at once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, type SmtpSink, startNode } from '@portiere/server';
import postgres from 'postgres';
import { rawArgon2id } from '../measure.ts';

const ACCOUNTS = 8;
const PASSWORD = 'Bench-password-1';
const RESELLER = 'partner@northwind.example';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
  body: any;
}

function client(baseUrl: string) {
  return async (method: string, url: string, body?: object, token?: string): Promise<Answer> => {
    const res = await fetch(`${baseUrl}/api/v1/${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

const expectOk = (what: string, res: Answer, status = 200) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export async function staffSignIn(opts: {
  baseUrl: string;
  sink: SmtpSink;
  /** Seconds measured, after as many uncounted (the JIT, pools and caches warm up). */
  seconds?: number;
  warmupSeconds?: number;
  /** Told when the counted window starts and ends (a caller that measures CPU time over it). */
  onWindow?: (edge: 'start' | 'end') => void;
}): Promise<{ signInsPerSecond: number; p50: number; p95: number }> {
  const { sink } = opts;
  const api = client(opts.baseUrl);
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const warmup = opts.warmupSeconds ?? Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

  /** Both steps; the tokens of step 2. */
  const signIn = async (username: string, password: string) => {
    const since = sink.mails.length;
    expectOk('step 1', await api('POST', 'login/', { username, password }));
    const otp = await sink.otpFor(username, since);
    return expectOk('step 2', await api('POST', 'login/', { username, password, otp })) as { access: string };
  };

  // The accounts: made by the reseller, each signing in once to choose its password.
  const { access } = await signIn(RESELLER, DEMO_PASSWORD);
  const customers = expectOk('customers', await api('GET', 'customers/', undefined, access));
  const customerId = customers.results[0].id as string;
  const run = randomBytes(4).toString('hex');
  const users = Array.from({ length: ACCOUNTS }, (_, i) => `bench-${run}-${i}@acme.example`);
  for (const email of users) {
    const since = sink.mails.length;
    expectOk('new account', await api('POST', `customers/${customerId}/manager-users/`, { email }, access), 201);
    const mail = await sink.waitFor(email, since);
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '';
    const { change } = expectOk('first sign-in', await api('POST', 'login/', { username: email, password: temporary }));
    const mailed = sink.mails.length;
    expectOk('new password', await api('POST', 'login/change-password/', { change, new_password: PASSWORD }));
    const otp = await sink.otpFor(email, mailed);
    expectOk('code', await api('POST', 'login/', { username: email, password: PASSWORD, otp }));
  }

  // Each account signs in as fast as it is answered; counted after the warm-up.
  const latencies: number[] = [];
  const from = performance.now() + warmup * 1000;
  const end = from + seconds * 1000;
  let counted = 0;
  const startTimer = setTimeout(() => opts.onWindow?.('start'), Math.max(0, from - performance.now()));
  await Promise.all(
    users.map(async (username) => {
      for (let now = performance.now(); now < end; ) {
        const started = now;
        await signIn(username, PASSWORD);
        now = performance.now();
        if (started >= from) {
          counted++;
          latencies.push(now - started);
        }
      }
    }),
  );
  clearTimeout(startTimer);
  opts.onWindow?.('end');
  const signInsPerSecond = counted / ((performance.now() - from) / 1000);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { signInsPerSecond, p50: pct(50), p95: pct(95) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { SmtpSink } = await import('@portiere/server');
  const sink = new SmtpSink();
  await sink.start();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const scratch = adminUrl ? `portiere_bench_${randomBytes(4).toString('hex')}` : undefined;
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  if (admin && scratch) await admin.unsafe(`create database ${scratch}`);
  const databaseUrl =
    adminUrl && scratch ? Object.assign(new URL(adminUrl), { pathname: `/${scratch}` }).toString() : '';
  const node = await startNode('bench', {
    DATA_DIR: tmp,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    SEED_DEMO: 'true',
    LOGIN_RATE_LIMIT: '1000000',
    REDIS_URL: '',
  });
  try {
    const rawBefore = await rawArgon2id(ACCOUNTS);
    const result = await staffSignIn({ baseUrl: node.url, sink });
    const rawAfter = await rawArgon2id(ACCOUNTS);
    const raw = (rawBefore + rawAfter) / 2;
    console.log({
      database: databaseUrl ? 'postgres' : 'pglite',
      ...result,
      rawArgon2idPerSecond: raw,
      rawBefore,
      rawAfter,
      ratio: result.signInsPerSecond / raw,
    });
  } finally {
    await node.stop();
    await sink.stop();
    if (admin && scratch) {
      await admin.unsafe(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
