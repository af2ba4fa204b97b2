/** How the benches time things: rates under parallel callers, and p50/p95 of repeated calls. */
import { hash, verify } from '@node-rs/argon2';

/**
 * Calls per second of `fn` with `parallel` callers for about `ms`, after `warmMs` of the same
 * calls uncounted (the JIT, the connection pool and PostgreSQL's cached plans warm up: the first
 * second of a path ran at about three quarters of its steady rate). Three seconds, not one: a
 * refresh grant still cost a sixth more of the process's CPU in the three seconds after a
 * one-second warm-up than in the next three (0.51 against 0.43 ms; on the event loop 0.21
 * against 0.17), so one second measured the JIT as much as the server. `fn` gets the call
 * number and its caller.
 */
export async function rate(
  fn: (i: number, caller: number) => Promise<unknown>,
  parallel = Number(process.env.BENCH_PARALLEL ?? 8),
  ms = Number(process.env.BENCH_SECONDS ?? 3) * 1000,
  warmMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000,
): Promise<number> {
  let calls = 0;
  let counted = 0;
  const from = performance.now() + warmMs;
  const end = from + ms;
  await Promise.all(
    Array.from({ length: parallel }, async (_, caller) => {
      for (let now = performance.now(); now < end; ) {
        await fn(calls++, caller);
        now = performance.now();
        if (now >= from) counted++;
      }
    }),
  );
  return counted / ((performance.now() - from) / 1000);
}

/**
 * The raw limit of every password check: argon2id verifications per second at the server's
 * parameters (lib/passwords.ts), `parallel` at once (rate's default when not given).
 */
export async function rawArgon2id(parallel?: number): Promise<number> {
  const hashed = await hash('bench-password', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  return rate(() => verify(hashed, 'wrong-password'), parallel);
}

export interface Timing {
  p50: number;
  p95: number;
}

/** p50 and p95 of `runs` calls after `warm` unmeasured ones (caches, plans, JIT). */
export async function time(
  fn: () => Promise<unknown>,
  runs = Number(process.env.BENCH_RUNS ?? 30),
  warm = 3,
): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs + warm; i++) {
    const s = performance.now();
    await fn();
    if (i >= warm) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)] ?? 0, p95: times[Math.min(runs - 1, Math.floor(runs * 0.95))] ?? 0 };
}

/** p50 and p95 of times already taken (two measures timed alternately, say). */
export function percentiles(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** How long `fn` takes, ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const s = performance.now();
  await fn();
  return performance.now() - s;
}
