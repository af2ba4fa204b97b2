import { once } from 'node:events';
import { ERRORS } from '@portiere/contracts';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdmissionOptions, installAdmission } from './admission.ts';

/** A server whose /work requests each wait until the test lets them go, in the order they started. */
async function gatedServer(opts: Partial<AdmissionOptions> = {}) {
  // A failed test must not leave close() waiting on requests it held.
  const app = Fastify({ forceCloseConnections: true });
  let shed = 0;
  // Registered first, so it runs before a request joins the line: the test knows it arrived.
  const arrivals = new Map<string, () => void>();
  const closed = new Map<string, Promise<unknown>>();
  app.addHook('onRequest', async (request, reply) => {
    closed.set(request.url, once(reply.raw, 'close'));
    arrivals.get(request.url)?.();
  });
  installAdmission(app, {
    concurrency: 1,
    maxWaitMs: 60_000,
    maxQueue: 10,
    onShed: () => shed++,
    ...opts,
  });
  const started: string[] = [];
  const holds: Array<() => void> = [];
  const arrived: Array<() => void> = [];
  app.get('/work/:name', async (request) => {
    const { name } = request.params as { name: string };
    started.push(name);
    arrived.shift()?.();
    await new Promise<void>((resolve) => holds.push(resolve));
    return { name };
  });
  app.get('/healthz', async () => ({ ok: true }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    started,
    shed: () => shed,
    /** Sends a request and resolves once it has reached the line (or its work). */
    send: async (name: string, init?: RequestInit) => {
      const reached = new Promise<void>((resolve) => arrivals.set(`/work/${name}`, resolve));
      // Wrapped: an async function answering a promise would wait for the answer itself.
      const answer = fetch(`${base}/work/${name}`, init);
      await reached;
      await new Promise((resolve) => setImmediate(resolve));
      return { answer };
    },
    /** Resolves once the server saw the connection of this request close. */
    closedOn: (name: string) => closed.get(`/work/${name}`),
    /** Resolves once the next request has started its work. */
    nextStart: () => new Promise<void>((resolve) => arrived.push(resolve)),
    /** Lets the oldest request in work finish. */
    finishOne: () => holds.shift()?.(),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('admission', () => {
  it('works on requests one at a time in the order they came, and serves health at once', async () => {
    const s = await gatedServer();
    close = () => s.app.close();
    const first = s.nextStart();
    const a = fetch(`${s.base}/work/a`);
    await first;
    // b waits in line; c comes after it.
    const b = (await s.send('b')).answer;
    const c = (await s.send('c')).answer;
    expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    expect(s.started).toEqual(['a']);
    for (const name of ['b', 'c']) {
      const next = s.nextStart();
      s.finishOne();
      await next;
      expect(s.started.at(-1)).toBe(name);
    }
    s.finishOne();
    expect(await Promise.all([a, b, c].map(async (r) => (await r).status))).toEqual([200, 200, 200]);
  });

  it('answers 503 serverBusy with Retry-After when the wait runs out or the line is full', async () => {
    const s = await gatedServer({ maxWaitMs: 100, maxQueue: 1 });
    close = () => s.app.close();
    const first = s.nextStart();
    const a = fetch(`${s.base}/work/a`);
    await first;
    const waited = performance.now();
    const b = (await s.send('b')).answer;
    // The line holds one: c is refused at once.
    const c = await fetch(`${s.base}/work/c`);
    expect(c.status).toBe(503);
    expect(c.headers.get('retry-after')).toBe('1');
    expect(await c.json()).toEqual({ reason: ERRORS.serverBusy, code: 'serverBusy' });
    const late = await b;
    expect(late.status).toBe(503);
    expect(performance.now() - waited).toBeGreaterThanOrEqual(95);
    expect(s.shed()).toBe(2);
    expect(s.started).toEqual(['a']);
    s.finishOne();
    expect((await a).status).toBe(200);
  });

  it('gives the turn of a caller who left the line to the next one', async () => {
    const s = await gatedServer();
    close = () => s.app.close();
    const first = s.nextStart();
    const a = fetch(`${s.base}/work/a`);
    await first;
    const leaving = new AbortController();
    const b = (await s.send('b', { signal: leaving.signal })).answer.catch(() => 'left');
    const c = (await s.send('c')).answer;
    leaving.abort();
    expect(await b).toBe('left');
    await s.closedOn('b');
    const next = s.nextStart();
    s.finishOne();
    await next;
    expect(s.started).toEqual(['a', 'c']);
    s.finishOne();
    expect((await a).status).toBe(200);
    expect((await c).status).toBe(200);
  });
});
