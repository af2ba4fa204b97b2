/**
 * The two authentication paths bound by cryptography, each beside its raw limit of the same run
 * on the same machine:
 * - refresh grants per second (8 sessions rotating at once) against raw RS256 signatures per
 *   second and core (jose, 8 at once, divided by the cores);
 * - sign-in step 1 (password checked, wrong) per second, 8 at once, each from its own address
 *   and username so that no throttle bars it, against raw argon2id verifications per second at
 *   the same parameters and concurrency.
 * Through the real app (inject) on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
 * `npx tsx bench/auth-rates.ts` runs it alone.
 */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { type Database, DEMO_PASSWORD, schema } from '@portiere/server';
import { generateKeyPair, SignJWT } from 'jose';
import { onEachDatabase } from './databases.ts';
import { startDemoApp } from './demo-app.ts';
import { rate } from './measure.ts';

const { staffUsers } = schema;
const PARALLEL = 8;

export interface AuthRates {
  cores: number;
  rawSignPerSecond: number;
  rawSignPerCore: number;
  refreshPerSecond: number;
  rawArgonPerSecond: number;
  stepOneUnknownPerSecond: number;
  stepOneKnownPerSecond: number;
}

async function measure(database: Database): Promise<AuthRates> {
  const cores = os.availableParallelism();
  const { app, sink, close } = await startDemoApp(database);
  let address = 0;
  const inject = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      payload,
      remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
  const signIn = async (username: string) => {
    const since = sink.mails.length;
    await inject('login/', { username, password: DEMO_PASSWORD });
    const otp = await sink.otpFor(username, since);
    return (await inject('login/', { username, password: DEMO_PASSWORD, otp })).json() as { refresh: string };
  };

  // Raw limits of this machine in this run.
  const keys = await generateKeyPair('RS256');
  const rawSign = await rate(() => new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey));
  const argonHash = await hash('bench-password', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const rawArgon = await rate(() => verify(argonHash, 'wrong-password'));

  // Refresh grants: each of 8 sessions (of 8 accounts) rotates its token as fast as answered.
  const me = await database.db.query.staffUsers.findFirst({
    where: (u, { eq }) => eq(u.username, 'admin@acme.example'),
  });
  const staff = (username: string, passwordHash: string) => ({
    userType: 'CustomerUser' as const,
    customerId: me?.customerId,
    username,
    email: username,
    passwordHash,
  });
  const holders = Array.from({ length: PARALLEL }, (_, i) => `holder${i}@acme.example`);
  await database.db.insert(staffUsers).values(holders.map((u) => staff(u, me?.passwordHash ?? '')));
  const sessions = await Promise.all(holders.map((u) => signIn(u)));
  const refreshPerSecond = await rate(async (_, caller) => {
    const s = sessions[caller];
    if (!s) return;
    const res = await inject('login/refresh/', { refresh: s.refresh });
    if (res.statusCode !== 200) throw new Error(`refresh: ${res.statusCode} ${res.body}`);
    s.refresh = (res.json() as { refresh: string }).refresh;
  }, sessions.length);

  // Sign-in step 1, wrong password: unknown usernames (a dummy hash), then known accounts, each
  // attempt from a new address and no account more than 19 times (below its own bar).
  const stepOne = async (username: string) => {
    const res = await inject('login/', { username, password: 'wrong-password' });
    if (res.statusCode !== 401) throw new Error(`step 1: ${res.statusCode} ${res.body}`);
  };
  const unknown = await rate((i) => stepOne(`nobody${i}@acme.example`));
  const accounts = Array.from({ length: 400 }, (_, i) => `known${i}@acme.example`);
  await database.db.insert(staffUsers).values(accounts.map((u) => staff(u, argonHash)));
  const known = await rate((i) => stepOne(accounts[i % accounts.length] ?? ''));
  await close();
  return {
    cores,
    rawSignPerSecond: rawSign,
    rawSignPerCore: rawSign / cores,
    refreshPerSecond,
    rawArgonPerSecond: rawArgon,
    stepOneUnknownPerSecond: unknown,
    stepOneKnownPerSecond: known,
  };
}

export const authRates = () => onEachDatabase(measure);

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await authRates(), null, 1));
