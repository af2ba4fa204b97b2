/** Sign-in throttling (throttle.ts): per account and source, growing delays, trusted devices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { createStaffUser, type Harness, startHarness } from '../test/harness.ts';
import { ACCOUNT_FREE_FAILURES, SOURCE_BASE_DELAY_S, SOURCE_FREE_FAILURES } from './throttle.ts';

describe.each(testDatabases())('sign-in throttle on $name', (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(() => h.close());

  let n = 0;
  const freshUser = async () => (await createStaffUser(h, `throttle-${++n}@acme.example`)).username;

  /** One sign-in request from an address, with the browser's device cookie if it has one. */
  async function login(body: object, ip: string, device?: string) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: body,
      remoteAddress: ip,
      ...(device ? { cookies: { portiere_device: device } } : {}),
    });
    const cookie = res.cookies.find((c) => c.name === 'portiere_device');
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'], cookie };
  }

  /** Password and mailed code: the browser's device cookie afterwards. */
  async function fullSignIn(username: string, ip: string, device?: string) {
    h.clock.advance(61);
    const since = h.sink.mails.length;
    const first = await login({ username, password: DEMO_PASSWORD }, ip, device);
    expect(first.body).toHaveProperty('email');
    const otp = await h.sink.otpFor(username, since);
    const second = await login({ username, password: DEMO_PASSWORD, otp }, ip, device);
    expect(second.status).toBe(200);
    expect(second.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/login' });
    return second.cookie?.value as string;
  }

  it('answers a known and an unknown username alike, throttle included', async () => {
    const known = await freshUser();
    const seen = { known: [] as unknown[], unknown: [] as unknown[] };
    for (let i = 0; i < SOURCE_FREE_FAILURES + 2; i++) {
      const a = await login({ username: known, password: 'wrong-password' }, '10.1.0.1');
      const b = await login({ username: `ghost-${n}@acme.example`, password: 'wrong-password' }, '10.1.0.1');
      seen.known.push([a.status, a.body, a.retryAfter]);
      seen.unknown.push([b.status, b.body, b.retryAfter]);
    }
    expect(seen.unknown).toEqual(seen.known);
    // The free failures and the one past them answer 401; that one bars the address.
    expect(seen.known.at(SOURCE_FREE_FAILURES)).toEqual([401, { code: 'login', reason: 'Login failed.' }, undefined]);
    expect(seen.known.at(SOURCE_FREE_FAILURES + 1)).toEqual([
      429,
      { code: 'signInThrottled', reason: 'Too many failed sign-ins. Try again in 1 min.', params: { minutes: 1 } },
      String(SOURCE_BASE_DELAY_S),
    ]);
  });

  it('bars only the address that fails, with doubling delays that lift by themselves', async () => {
    const user = await freshUser();
    for (let i = 0; i < SOURCE_FREE_FAILURES; i++) {
      expect((await login({ username: user, password: 'wrong-password' }, '10.2.0.1')).status).toBe(401);
    }
    // The sixth failure bars the address for 30 s; the right password does not get through meanwhile.
    expect((await login({ username: user, password: 'wrong-password' }, '10.2.0.1')).status).toBe(401);
    const barred = await login({ username: user, password: DEMO_PASSWORD }, '10.2.0.1');
    expect([barred.status, barred.retryAfter]).toEqual([429, String(SOURCE_BASE_DELAY_S)]);
    // The owner elsewhere is not affected.
    expect((await login({ username: user, password: DEMO_PASSWORD }, '10.2.0.2')).body).toHaveProperty('email');
    h.clock.advance(SOURCE_BASE_DELAY_S + 1);
    expect((await login({ username: user, password: 'wrong-password' }, '10.2.0.1')).status).toBe(401);
    expect((await login({ username: user, password: 'wrong-password' }, '10.2.0.1')).retryAfter).toBe(
      String(SOURCE_BASE_DELAY_S * 2),
    );
  });

  it('a distributed attack bars new sources, but not a browser the owner signed in from', async () => {
    const user = await freshUser();
    const device = await fullSignIn(user, '10.3.0.1');
    // 21 failures from five addresses, none of them past its own free failures.
    for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++) {
      const ip = `10.3.1.${Math.floor(i / SOURCE_FREE_FAILURES)}`;
      expect((await login({ username: user, password: 'wrong-password' }, ip)).status).toBe(401);
    }
    const newcomer = await login({ username: user, password: DEMO_PASSWORD }, '10.3.2.1');
    expect(newcomer.status).toBe(429);
    // The owner's browser, even from a new address, still signs in; that clears the counts.
    const again = await fullSignIn(user, '10.3.9.9', device);
    expect(again).toBe(device);
    expect((await login({ username: user, password: DEMO_PASSWORD }, '10.3.2.1')).body).toHaveProperty('email');
  });

  it('a device cookie of another account earns no trust, and a stolen cookie value alone signs nobody in', async () => {
    const owner = await freshUser();
    const victim = await freshUser();
    const device = await fullSignIn(owner, '10.4.0.1');
    for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++) {
      await login({ username: victim, password: 'wrong-password' }, `10.4.1.${Math.floor(i / SOURCE_FREE_FAILURES)}`);
    }
    expect((await login({ username: victim, password: DEMO_PASSWORD }, '10.4.0.1', device)).status).toBe(429);
    expect((await login({ username: owner, password: 'wrong-password' }, '10.4.0.1', device)).status).toBe(401);
  });
});
