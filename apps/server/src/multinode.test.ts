/**
 * Several nodes behind a load balancer without sticky sessions (docs/deployment.md): two real server
 * processes on one database, with the same secret key and a real SMTP sink, behave as one.
 * Sign-in, refresh rotation, sign-out, the per-address rate limit and the sign-in lockout each
 * start on one node and are seen on the other; with TEST_REDIS_URL the rate limit also in Redis.
 *
 * The database: always an embedded PGlite that this test serves over the PostgreSQL protocol
 * (pglite-socket), so a machine with Node.js alone runs it; and PostgreSQL too when
 * TEST_DATABASE_URL is set (a scratch database there). A PostgreSQL or Redis named but out of
 * reach fails the test, which says so.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@portiere/contracts';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_FREE_FAILURES } from './auth/throttle.ts';
import { DEMO_PASSWORD } from './seed/demo.ts';
import { createScratchPostgres, serveScratchPglite } from './test/databases.ts';
import { type Node, startNode } from './test/nodes.ts';
import { SmtpSink } from './test/smtp-sink.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
/** Sign-in requests per address and minute, on every node. */
const LIMIT = 8;

/**
 * Each scenario is its own client behind the proxy (TRUST_PROXY): a random documentation
 * address, in a /56 of its own (the rate limit counts IPv6 clients by /56).
 */
const clientAddress = () => {
  const [x = 0, y = 0] = randomBytes(2);
  return `2001:db8:${(0x1000 + x * 0x3f).toString(16)}:${(0x10 + (y % 0xf0)).toString(16)}00::1`;
};
/** The rate limit's key of the sign-in route for that client. */
const loginLimitKey = (ip: string) => `POST/api/v1/login/-${ip.replace(/1$/, '')}`;

/** Rate-limit rows the database holds for the sign-in route and that client. */
async function databaseCount(url: string, ip: string): Promise<number | undefined> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ hits: number }[]>`select hits from rate_limit_hits where key = ${loginLimitKey(ip)}`;
    return row?.hits;
  } finally {
    await sql.end();
  }
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
  body: any;
}

async function api(node: Node, method: string, url: string, ip: string, body?: object, token?: string) {
  const res = await fetch(`${node.url}/api/v1/${url}`, {
    method,
    headers: {
      'x-forwarded-for': ip,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined } satisfies Answer;
}

async function reachable<T>(what: string, connect: () => Promise<T>, hint: string): Promise<T> {
  try {
    return await connect();
  } catch (err) {
    const cause = (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
    throw new Error(`The multi-node test needs ${what}: ${cause}. ${hint}`);
  }
}

interface SharedDatabase {
  name: string;
  create(): Promise<{ url: string; drop(): Promise<void> }>;
}

const SHARED_DATABASES: SharedDatabase[] = [
  { name: 'embedded database served over the PostgreSQL protocol', create: serveScratchPglite },
  ...(ADMIN_URL
    ? [
        {
          name: 'PostgreSQL database',
          create: () =>
            reachable(
              `PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`,
              () => createScratchPostgres(ADMIN_URL),
              'Start it, or set TEST_DATABASE_URL to a server where a database can be created.',
            ),
        },
      ]
    : []),
];

describe.each(SHARED_DATABASES)('two nodes on one $name', (shared) => {
  const sink = new SmtpSink();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-nodes-'));
  const nodes: Node[] = [];
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let a: Node;
  let b: Node;

  /** Environment shared by every node; each has its own data folder. */
  const nodeEnv = (name: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: path.join(tmp, name),
    SECRET_KEY_FILE: path.join(tmp, 'secret.key'),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    TRUST_PROXY: 'true',
    LOGIN_RATE_LIMIT: String(LIMIT),
    REDIS_URL: '',
    ...extra,
  });

  beforeAll(async () => {
    scratch = await shared.create();
    await sink.start();
    // Started together on the empty database, as an orchestrator does: each migrates and seeds.
    const started = await Promise.allSettled([
      startNode('A', nodeEnv('a', { SEED_DEMO: 'true' })),
      startNode('B', nodeEnv('b', { SEED_DEMO: 'true' })),
    ]);
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = nodes as [Node, Node];
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await sink.stop();
    await scratch?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Password on `first`, the mailed code on `second`. */
  async function signIn(first: Node, second: Node, username: string, ip: string) {
    const since = sink.mails.length;
    const step1 = await api(first, 'POST', 'login/', ip, { username, password: DEMO_PASSWORD });
    expect(step1.status).toBe(200);
    expect(step1.body).toHaveProperty('email');
    const otp = await sink.otpFor(username, since);
    const step2 = await api(second, 'POST', 'login/', ip, { username, password: DEMO_PASSWORD, otp });
    expect(step2.status).toBe(200);
    return step2.body as { access: string; refresh: string };
  }

  const expired = { status: 401, body: { code: 'sessionExpired', reason: ERRORS.sessionExpired } };

  it('migrates, seeds and creates the secret and signing keys once when started together', async () => {
    const sql = postgres(scratch?.url ?? '', { max: 1, onnotice: () => {} });
    try {
      const [counts] = await sql<{ resellers: number; keys: number }[]>`
        select (select count(*)::int from resellers) as resellers, (select count(*)::int from signing_keys) as keys`;
      expect(counts).toEqual({ resellers: 1, keys: 1 });
    } finally {
      await sql.end();
    }
    const keyOf = async (node: Node) => (await api(node, 'GET', 'jwt/public/', clientAddress())).body.data;
    expect(await keyOf(a)).toBe(await keyOf(b));
  });

  it('signs in with the password on one node and the mailed code on the other, then signs out on either', async () => {
    const ip = clientAddress();
    const user = 'admin@globex.example';
    const pair = await signIn(a, b, user, ip);
    // Both nodes sign alike and both know the session.
    expect((await api(a, 'GET', 'dashboard/', ip, undefined, pair.access)).status).toBe(200);
    expect((await api(b, 'GET', 'dashboard/', ip, undefined, pair.access)).status).toBe(200);

    const second = await api(a, 'POST', 'login/refresh/', ip, { refresh: pair.refresh });
    expect(second.status).toBe(200);
    const third = await api(b, 'POST', 'login/refresh/', ip, { refresh: second.body.refresh });
    expect(third.status).toBe(200);
    expect((await api(a, 'GET', 'dashboard/', ip, undefined, third.body.access)).status).toBe(200);

    expect((await api(b, 'POST', 'logout/', ip, { refresh: third.body.refresh }, third.body.access)).status).toBe(204);
    expect(await api(a, 'GET', 'dashboard/', ip, undefined, third.body.access)).toEqual(expired);
    expect(await api(a, 'POST', 'login/refresh/', ip, { refresh: third.body.refresh })).toEqual(expired);
  });

  it('refuses on one node a refresh token spent on the other, and ends that session on both', async () => {
    const ip = clientAddress();
    const user = 'admin@globex.example';
    const pair = await signIn(b, a, user, ip);
    const next = await api(a, 'POST', 'login/refresh/', ip, { refresh: pair.refresh });
    expect(next.status).toBe(200);
    // The spent token, replayed on the other node, is a leak: the whole session ends.
    expect(await api(b, 'POST', 'login/refresh/', ip, { refresh: pair.refresh })).toEqual(expired);
    expect(await api(a, 'POST', 'login/refresh/', ip, { refresh: next.body.refresh })).toEqual(expired);
    expect(await api(b, 'GET', 'dashboard/', ip, undefined, next.body.access)).toEqual(expired);
  });

  it('counts the per-address sign-in rate limit across both nodes', async () => {
    const ip = clientAddress();
    // Unknown usernames: each a plain 401, none enough to bar a username by itself.
    for (let i = 0; i < LIMIT; i++) {
      const node = i % 2 === 0 ? a : b;
      const res = await api(node, 'POST', 'login/', ip, { username: `nobody-${i}@limit.example`, password: 'wrong' });
      expect(res.status, `request ${i + 1} of ${LIMIT} on node ${node.name}`).toBe(401);
    }
    const limited = { status: 429, body: { code: 'rateLimited', reason: ERRORS.rateLimited } };
    expect(await api(a, 'POST', 'login/', ip, { username: 'late@limit.example', password: 'x' })).toEqual(limited);
    expect(await api(b, 'POST', 'login/', ip, { username: 'late@limit.example', password: 'x' })).toEqual(limited);
    // Counted in the database, the request over the limit too.
    expect(await databaseCount(scratch?.url ?? '', ip)).toBe(LIMIT + 2);
    // Another address is still served.
    const other = await api(b, 'POST', 'login/', clientAddress(), { username: 'late@limit.example', password: 'x' });
    expect(other.status).toBe(401);
  });

  it('bars on the second node a sign-in that failed too often on the first', async () => {
    const ip = clientAddress();
    const user = 'admin@acme.example';
    for (let i = 0; i <= SOURCE_FREE_FAILURES; i++) {
      expect((await api(a, 'POST', 'login/', ip, { username: user, password: 'not-the-password' })).status).toBe(401);
    }
    const barred = await api(b, 'POST', 'login/', ip, { username: user, password: DEMO_PASSWORD });
    expect(barred.status).toBe(429);
    expect(barred.body.code).toBe('signInThrottled');
  });

  /** Mails in the shared queue, waiting or being sent (mail/queue.ts). */
  async function queuedMails(): Promise<number> {
    const sql = postgres(scratch?.url ?? '', { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from mail_queue`;
      return row?.n ?? 0;
    } finally {
      await sql.end();
    }
  }

  it('sends each queued mail exactly once, whichever node queued it and whichever retries it', async () => {
    const ip = clientAddress();
    const { access } = await signIn(a, b, 'partner@northwind.example', ip);
    const customerId = (await api(a, 'GET', 'customers/', ip, undefined, access)).body.results[0].id;
    // Greylisted at first: every mail is refused for now, then retried by both nodes at once.
    const users = Array.from({ length: 12 }, (_, i) => `queued-${i}-${randomBytes(3).toString('hex')}@acme.example`);
    for (const u of users) sink.deferred.add(u);
    const since = sink.mails.length;
    for (const [i, email] of users.entries()) {
      const created = await api(i % 2 ? b : a, 'POST', `customers/${customerId}/manager-users/`, ip, { email }, access);
      expect(created.status).toBe(201);
    }
    sink.deferred.clear();
    for (const u of users) await sink.waitFor(u, since, 30_000);
    // Sent rows are deleted once sent: an empty queue means no try is still under way.
    await expect.poll(queuedMails, { timeout: 30_000, interval: 100 }).toBe(0);
    const received = sink.mails.slice(since).filter((m) => users.some((u) => m.to.includes(u)));
    expect(received.map((m) => m.to).sort()).toEqual([...users].sort());
  });

  it('sends, from another node, what a node queued before it was killed', async () => {
    const ip = clientAddress();
    const user = 'admin@acme.example';
    // A node whose mail server cannot be reached: its try fails and the mail waits for a retry.
    const e = await startNode('E', nodeEnv('e', { SEED_DEMO: 'false', SMTP_URL: 'smtp://127.0.0.1:9' }));
    nodes.push(e);
    const since = sink.mails.length;
    const step1 = await api(e, 'POST', 'login/', ip, { username: user, password: DEMO_PASSWORD });
    expect(step1.status).toBe(200);
    const tried = async () => {
      const sql = postgres(scratch?.url ?? '', { max: 1, onnotice: () => {} });
      try {
        return (await sql`select 1 from mail_queue where attempts > 0 and locked_until is null`).length;
      } finally {
        await sql.end();
      }
    };
    await expect.poll(tried, { timeout: 30_000, interval: 50 }).toBe(1);
    await e.kill();
    // The other nodes find it on their next look and send it; its code signs in on either.
    const otp = await sink.otpFor(user, since);
    const step2 = await api(b, 'POST', 'login/', ip, { username: user, password: DEMO_PASSWORD, otp });
    expect(step2.status).toBe(200);
    await expect.poll(queuedMails, { timeout: 30_000, interval: 100 }).toBe(0);
  });

  // Only with TEST_REDIS_URL (CI sets it), as PostgreSQL only with TEST_DATABASE_URL.
  if (REDIS_URL)
    describe('with REDIS_URL', () => {
      let redis: Redis;
      let c: Node;
      let d: Node;

      beforeAll(async () => {
        // One try, and the connection's own error in the message.
        redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
        let refusal = '';
        redis.on('error', (err) => {
          refusal = err.message;
        });
        await reachable(
          `Redis at ${REDIS_URL}`,
          () => redis.connect().catch((err) => Promise.reject(new Error(refusal || err.message))),
          'Start it (redis-server), or point TEST_REDIS_URL at one that runs.',
        );
        const started = await Promise.allSettled([
          startNode('C', nodeEnv('c', { SEED_DEMO: 'false', REDIS_URL })),
          startNode('D', nodeEnv('d', { SEED_DEMO: 'false', REDIS_URL })),
        ]);
        const ready = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        nodes.push(...ready);
        for (const s of started) if (s.status === 'rejected') throw s.reason;
        // Its own two nodes: earlier tests may have started others (the mail queue's third node).
        [c, d] = ready as [Node, Node];
      });

      afterAll(() => redis?.disconnect());

      it('counts the per-address sign-in rate limit across both nodes in Redis', async () => {
        const ip = clientAddress();
        for (let i = 0; i < LIMIT; i++) {
          const node = i % 2 === 0 ? c : d;
          const res = await api(node, 'POST', 'login/', ip, { username: `nobody-${i}@redis.example`, password: 'x' });
          expect(res.status, `request ${i + 1} of ${LIMIT} on node ${node.name}`).toBe(401);
        }
        expect((await api(d, 'POST', 'login/', ip, { username: 'late@redis.example', password: 'x' })).body).toEqual({
          code: 'rateLimited',
          reason: ERRORS.rateLimited,
        });
        // Counted in Redis, not in the database.
        expect(await redis.get(`portiere-rate-limit-${loginLimitKey(ip)}`)).toBe(String(LIMIT + 1));
        expect(await databaseCount(scratch?.url ?? '', ip)).toBeUndefined();
      });
    });
});
