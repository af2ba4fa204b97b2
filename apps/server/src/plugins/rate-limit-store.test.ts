/** The rate-limit stores (rate-limit-store.ts): the database's windows, routes, pruning, races; Redis down. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { type Harness, post, startHarness } from '../test/harness.ts';
import { PostgresRateLimitStore } from './rate-limit-store.ts';

const WINDOW_MS = 60_000;

describe.each(testDatabases())('rate-limit store on $name', (testDb) => {
  let database: Database;
  // A clock that stands still between the steps of a test, so windows are exact.
  let at = Date.parse('2026-11-23T10:00:00Z');
  const clock = { now: () => new Date(at), advance: (s: number) => (at += s * 1000) };
  beforeAll(async () => {
    database = await testDb.open();
    await database.migrate();
  });
  afterAll(() => database.close());

  const route = (store: PostgresRateLimitStore, url: string) =>
    store.child({ routeInfo: { method: 'POST', url } } as never) as PostgresRateLimitStore;

  /** One request through the plugin's callback interface. */
  const incr = (store: PostgresRateLimitStore, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (err, res) => (err || !res ? reject(err) : resolve(res)), WINDOW_MS),
    );

  it('counts within a window, then starts a new one when it has ended', async () => {
    const store = route(new PostgresRateLimitStore(database.db, clock.now), '/api/v1/login/');
    expect(await incr(store, '198.51.100.1')).toEqual({ current: 1, ttl: WINDOW_MS });
    clock.advance(20);
    expect(await incr(store, '198.51.100.1')).toEqual({ current: 2, ttl: WINDOW_MS - 20_000 });
    expect((await incr(store, '198.51.100.2')).current).toBe(1);
    clock.advance(40);
    expect(await incr(store, '198.51.100.1')).toEqual({ current: 1, ttl: WINDOW_MS });
  });

  it('counts each route apart, and two stores on one database together', async () => {
    const one = new PostgresRateLimitStore(database.db, clock.now);
    const other = new PostgresRateLimitStore(database.db, clock.now);
    await incr(route(one, '/api/v1/login/'), '198.51.100.3');
    expect((await incr(route(other, '/api/v1/login/'), '198.51.100.3')).current).toBe(2);
    expect((await incr(route(other, '/api/v1/login/refresh/'), '198.51.100.3')).current).toBe(1);
  });

  it('loses no request when many arrive at once', async () => {
    const store = route(new PostgresRateLimitStore(database.db, clock.now), '/api/v1/race/');
    const answers = await Promise.all(Array.from({ length: 25 }, () => incr(store, '198.51.100.4')));
    expect(answers.map((a) => a.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('removes windows that have ended', async () => {
    const store = route(new PostgresRateLimitStore(database.db, clock.now), '/api/v1/prune/');
    await incr(store, '198.51.100.5');
    clock.advance(2 * 60);
    await incr(store, '198.51.100.6');
    const keys = (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    expect(keys).toEqual(['POST/api/v1/prune/-198.51.100.6']);
  });
});

describe('rate limit with REDIS_URL pointing at no server', () => {
  const [pglite] = testDatabases();
  let h: Harness;
  beforeAll(async () => {
    if (!pglite) throw new Error('no database');
    // Port 1: nothing listens there, every connection is refused at once.
    h = await startHarness(pglite, { LOGIN_RATE_LIMIT: '1', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => h.close());

  it('keeps signing people in instead of failing the requests', async () => {
    for (let i = 0; i < 3; i++) {
      const { status, body } = await post(h.app, 'login/', {
        username: DEMO_ACCOUNTS[2].username,
        password: DEMO_PASSWORD,
      });
      expect([status, body]).toEqual([200, { email: expect.any(String) }]);
    }
  });
});
