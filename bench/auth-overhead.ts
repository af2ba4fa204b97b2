/**
 * What authentication costs per request, beside the raw limits of the same run:
 * - an authenticated list read (first page of 25 of 10,000 members) per second, against raw RS256
 *   verifications per second;
 * - refresh rotations per second, against raw RS256 signatures per second;
 * - sign-in step 1 with a wrong password, known versus unknown username (must not differ),
 *   against one raw argon2id verification.
 * Through the real app (inject, so each attempt can come from its own address) on PGlite.
 */
import { hash, verify } from '@node-rs/argon2';
import { DEMO_PASSWORD, schema, sql } from '@portiere/server';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { startDemoApp } from './demo-app.ts';

const { staffUsers } = schema;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Runs `fn` with `parallel` callers for about `ms` milliseconds; answers calls per second. */
async function rate(fn: () => Promise<unknown>, parallel = 8, ms = 3000): Promise<number> {
  let calls = 0;
  const end = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        await fn();
        calls++;
      }
    }),
  );
  return calls / ((performance.now() - t0) / 1000);
}

export async function authOverhead() {
  const { app, sink, database, close } = await startDemoApp();
  let ip = 0;
  const inject = async (method: 'GET' | 'POST', url: string, body?: object, token?: string) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      ...(body ? { payload: body } : {}),
      remoteAddress: `10.9.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const username = 'admin@acme.example';
  const signIn = async () => {
    const since = sink.mails.length;
    await inject('POST', 'login/', { username, password: DEMO_PASSWORD });
    const otp = await sink.otpFor(username, since);
    return (await inject('POST', 'login/', { username, password: DEMO_PASSWORD, otp })).json() as {
      access: string;
      refresh: string;
    };
  };
  const { access } = await signIn();
  const acme = await database.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.name, 'Acme') });
  await database.db.execute(sql`
    insert into members (customer_id, username, first_name, last_name, email)
    select ${acme?.id}::uuid, 'user' || i, 'Giulia', 'Rossi' || i, 'user' || i || '@acme.example'
    from generate_series(1, 10000) as i`);

  // Raw limits of this machine in this run.
  const keys = await generateKeyPair('RS256');
  const jwt = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey);
  const rawVerify = await rate(() => jwtVerify(jwt, keys.publicKey));
  const rawSign = await rate(() => new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey));
  const argonHash = await hash('bench-password', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const argonTimes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await verify(argonHash, 'wrong-password');
    argonTimes.push(performance.now() - t);
  }

  const readsPerSecond = await rate(() => inject('GET', 'users/', undefined, access));
  const readTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await inject('GET', 'users/', undefined, access);
    readTimes.push(performance.now() - t);
  }
  const sessions = await Promise.all(Array.from({ length: 8 }, () => signIn()));
  const refreshPerSecond = await rate(async () => {
    const s = sessions.pop();
    if (!s) return;
    const next = (await inject('POST', 'login/refresh/', { refresh: s.refresh })).json() as { refresh: string };
    sessions.push({ ...s, refresh: next.refresh });
  });

  // Alternating, each account and address fresh, so neither is throttled and both see the same load.
  const me = await database.db.query.staffUsers.findFirst({ where: (u, { eq }) => eq(u.username, username) });
  const accounts = Array.from({ length: 40 }, (_, i) => `known${i}@acme.example`);
  await database.db.insert(staffUsers).values(
    accounts.map((u) => ({
      userType: 'CustomerUser' as const,
      customerId: me?.customerId,
      username: u,
      email: u,
      passwordHash: argonHash,
    })),
  );
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < accounts.length; i++) {
    for (const [list, name] of [
      [known, accounts[i] as string],
      [unknown, `nobody${i}@acme.example`],
    ] as const) {
      const t = performance.now();
      const res = await inject('POST', 'login/', { username: name, password: 'wrong-password' });
      list.push(performance.now() - t);
      if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
    }
  }
  await close();
  return {
    rawVerifyPerSecond: rawVerify,
    readsPerSecond,
    readMs: median(readTimes),
    rawSignPerSecond: rawSign,
    refreshPerSecond,
    rawArgonMs: median(argonTimes),
    knownMs: median(known),
    unknownMs: median(unknown),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await authOverhead());
