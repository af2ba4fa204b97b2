/**
 * Sign-in throughput through the real HTTP stack: password + mailed code (real SMTP sink)
 * for several accounts at once, and refresh-token rotations.
 */
import { hashPassword, schema } from '@portiere/server';
import { startDemoApp } from './demo-app.ts';

const { staffUsers } = schema;

const ACCOUNTS = 8;
const PER_ACCOUNT = 5;
const PASSWORD = 'Bench-password-1';

export async function signInThroughput() {
  const { app, sink, database, close } = await startDemoApp();
  const me = await database.db.query.customers.findFirst();
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: ACCOUNTS }, (_, i) => `bench${i}@acme.example`);
  await database.db.insert(staffUsers).values(
    users.map((u) => ({
      userType: 'CustomerUser' as const,
      customerId: me?.id,
      username: u,
      email: u,
      passwordHash,
    })),
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${base}/api/v1/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as { refresh?: string; access?: string; email?: string };
  };

  const latencies: number[] = [];
  const refreshes: string[] = [];
  const t0 = performance.now();
  await Promise.all(
    users.map(async (username) => {
      for (let i = 0; i < PER_ACCOUNT; i++) {
        const s = performance.now();
        const since = sink.mails.length;
        await post('login/', { username, password: PASSWORD });
        const otp = await sink.otpFor(username, since);
        const tokens = await post('login/', { username, password: PASSWORD, otp });
        if (!tokens.refresh) throw new Error(JSON.stringify(tokens));
        latencies.push(performance.now() - s);
        refreshes.push(tokens.refresh ?? '');
      }
    }),
  );
  const signInSeconds = (performance.now() - t0) / 1000;

  const r0 = performance.now();
  let rotations = 0;
  await Promise.all(
    refreshes.slice(0, ACCOUNTS).map(async (first) => {
      let refresh = first;
      for (let i = 0; i < 50; i++) {
        refresh = (await post('login/refresh/', { refresh })).refresh ?? '';
        rotations++;
      }
    }),
  );
  const refreshSeconds = (performance.now() - r0) / 1000;
  await close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    signIns: latencies.length,
    signInsPerSecond: latencies.length / signInSeconds,
    p50: pct(50),
    p95: pct(95),
    refreshPerSecond: rotations / refreshSeconds,
  };
}
if (import.meta.url === `file://${process.argv[1]}`) console.log(await signInThroughput());
