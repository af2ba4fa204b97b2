/**
 * Sessions (tokens.ts): an access token stops working with its session and its account, on the
 * very next request, and after its lifetime; refresh tokens rotate, idle out, and end their
 * session when reused.
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { staffUsers } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { call, createStaffUser, type Harness, post, signIn, startHarness } from '../test/harness.ts';

describe.each(testDatabases())('sessions on $name', (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(() => h.close());

  const acme = 'admin@acme.example';
  const works = async (access: string) => (await call(h.app, 'GET', 'me/', access)).status;
  let n = 0;
  /** A fresh account per test, so tests share nothing. */
  const fresh = async () => {
    const user = await createStaffUser(h, `session-${++n}@acme.example`);
    return { user, ...(await signIn(h, user.username)) };
  };

  it('logout with the access token ends its session at once; other sessions live on', async () => {
    const { user, access, refresh } = await fresh();
    const other = await signIn(h, user.username);
    expect(await works(access)).toBe(200);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      payload: {},
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.statusCode).toBe(204);
    expect(await works(access)).toBe(401);
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(401);
    expect(await works(other.access)).toBe(200);
  });

  it('logout with the refresh token alone ends the access token too', async () => {
    const { access, refresh } = await fresh();
    expect((await post(h.app, 'logout/', { refresh })).status).toBe(204);
    expect(await works(access)).toBe(401);
  });

  it('reuse of a spent refresh token ends the session, access tokens included', async () => {
    const { access, refresh } = await fresh();
    const rotated = await post(h.app, 'login/refresh/', { refresh });
    expect(rotated.status).toBe(200);
    expect(await works(rotated.body.access)).toBe(200);
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(401);
    expect(await works(access)).toBe(401);
    expect(await works(rotated.body.access)).toBe(401);
  });

  it('a token spent generations ago still ends the session when it comes back', async () => {
    const { refresh: first } = await fresh();
    let refresh = first;
    for (let i = 0; i < 3; i++) refresh = (await post(h.app, 'login/refresh/', { refresh })).body.refresh;
    const live = await post(h.app, 'login/refresh/', { refresh });
    expect(live.status).toBe(200);
    expect((await post(h.app, 'login/refresh/', { refresh: first })).status).toBe(401);
    expect(await works(live.body.access)).toBe(401);
    expect((await post(h.app, 'login/refresh/', { refresh: live.body.refresh })).status).toBe(401);
  });

  it('a forged or malformed refresh token is refused and leaves the session alone', async () => {
    const { refresh } = await fresh();
    const [sid, generation, nonce, mac] = refresh.split('.');
    const other = (await fresh()).refresh.split('.');
    const flip = (s = '') => (s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`);
    const forged = [
      `${sid}.${generation}.${nonce}.${flip(mac)}`,
      // A guess at the next token: the next generation under this one's MAC.
      `${sid}.${Number(generation) + 1}.${nonce}.${mac}`,
      `${sid}.${generation}.${other[2]}.${other[3]}`,
      `${other[0]}.${generation}.${nonce}.${mac}`,
      `${sid}.99999999999.${nonce}.${mac}`,
      `${sid}.-1.${nonce}.${mac}`,
      `not-a-uuid.0.${nonce}.${mac}`,
      `${refresh}.more`,
      'x'.repeat(43),
      '...',
    ];
    for (const token of forged) {
      expect((await post(h.app, 'login/refresh/', { refresh: token })).status, token).toBe(401);
      expect((await post(h.app, 'logout/', { refresh: token })).status, token).toBe(204);
    }
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(200);
  });

  it('the database keeps no refresh token, nor what makes one: only the nonce hash and the generation', async () => {
    const { refresh } = await fresh();
    const [sid, , nonce, mac] = refresh.split('.');
    const rows = rowsOf<Record<string, unknown>>(
      await h.app.services.db.execute(sql`select * from staff_sessions where id = ${sid}::uuid`),
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(nonce);
    expect(stored).not.toContain(mac);
    expect(rows[0]?.refresh_generation).toBe(0);
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(200);
    const [after] = rowsOf<{ refresh_generation: number }>(
      await h.app.services.db.execute(sql`select refresh_generation from staff_sessions where id = ${sid}::uuid`),
    );
    expect(after?.refresh_generation).toBe(1);
  });

  it("a rotation's commit without waiting for the disk stays its own: later statements commit durably", async () => {
    let { refresh } = await fresh();
    for (let i = 0; i < 12; i++) {
      const rotated = await post(h.app, 'login/refresh/', { refresh });
      expect(rotated.status).toBe(200);
      refresh = rotated.body.refresh;
    }
    // At once, so that the pool's connections (one on PGlite) answer side by side.
    const settings = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.app.services.db.execute(sql`select current_setting('synchronous_commit') as s`),
      ),
    );
    expect(new Set(settings.flatMap((r) => rowsOf<{ s: string }>(r).map((x) => x.s)))).toEqual(new Set(['on']));
  });

  it('a deleted account is refused at once', async () => {
    const { user, access } = await fresh();
    await h.app.services.db.delete(staffUsers).where(eq(staffUsers.id, user.id));
    expect(await call(h.app, 'GET', 'me/', access)).toEqual({
      status: 401,
      body: { code: 'sessionExpired', reason: 'Your session has expired. Please sign in again.' },
    });
  });

  it('a blocked account is refused at once and cannot sign in; unblocked it can', async () => {
    const { user, access, refresh } = await fresh();
    await h.app.services.db.update(staffUsers).set({ blockedAt: new Date() }).where(eq(staffUsers.id, user.id));
    expect(await works(access)).toBe(401);
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(401);
    await expect(signIn(h, user.username)).rejects.toThrow(/login step 1: 401/);
    await h.app.services.db.update(staffUsers).set({ blockedAt: null }).where(eq(staffUsers.id, user.id));
    expect(await works((await signIn(h, user.username)).access)).toBe(200);
  });

  it('an account past its expiration is refused at once', async () => {
    const { user, access } = await fresh();
    expect(await works(access)).toBe(200);
    await h.app.services.db
      .update(staffUsers)
      .set({ expiration: new Date(h.clock.now().getTime() - 1000) })
      .where(eq(staffUsers.id, user.id));
    expect(await works(access)).toBe(401);
  });

  it('accepts the bearer scheme in any case (RFC 9110)', async () => {
    const { access } = await fresh();
    const res = await h.app.inject({ url: '/api/v1/me/', headers: { authorization: `bearer ${access}` } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 before looking at the body: no token, no validation details', async () => {
    const res = await post(h.app, 'users/', {});
    expect(res).toEqual({ status: 401, body: { code: 'unauthenticated', reason: 'Authentication is required.' } });
  });

  // Clock-moving tests last: the ones above sign in on a fresh clock.
  it('refuses a token with a forged signature or none at all', async () => {
    const { access } = await signIn(h, acme);
    const [head, payload] = access.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(342)}`;
    expect((await call(h.app, 'GET', 'me/', forged)).status).toBe(401);
    expect((await call(h.app, 'GET', 'me/')).body.code).toBe('unauthenticated');
  });

  it('refuses an access token 15 minutes plus the 60 s tolerance after issue', async () => {
    const { access } = await signIn(h, acme);
    h.clock.advance(15 * 60 + 50);
    expect((await call(h.app, 'GET', 'me/', access)).status).toBe(200);
    h.clock.advance(20);
    expect((await call(h.app, 'GET', 'me/', access)).status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a spent one is reused', async () => {
    const first = await signIn(h, acme);
    const second = await post(h.app, 'login/refresh/', { refresh: first.refresh });
    expect(second.status).toBe(200);
    expect(second.body.refresh).not.toBe(first.refresh);
    expect(decodeJwt(second.body.access).user_username).toBe(acme);
    const reuse = await post(h.app, 'login/refresh/', { refresh: first.refresh });
    expect(reuse.status).toBe(401);
    // The thief's reuse also kills the legitimate newest token.
    expect((await post(h.app, 'login/refresh/', { refresh: second.body.refresh })).status).toBe(401);
  });

  it('of two rotations of one token at once, one is answered and the other ends the session', async () => {
    const { refresh } = await signIn(h, acme);
    const both = await Promise.all([1, 2].map(() => post(h.app, 'login/refresh/', { refresh })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = both.find((r) => r.status === 200);
    expect((await post(h.app, 'login/refresh/', { refresh: winner?.body.refresh })).status).toBe(401);
  });

  it('expires a refresh token after 30 idle minutes and every session after 12 hours', async () => {
    const idle = await signIn(h, acme);
    h.clock.advance(31 * 60);
    expect((await post(h.app, 'login/refresh/', { refresh: idle.refresh })).status).toBe(401);
    let { refresh } = await signIn(h, acme);
    for (let i = 0; i < 25; i++) {
      h.clock.advance(29 * 60);
      const r = await post(h.app, 'login/refresh/', { refresh });
      if (r.status !== 200) {
        expect(i).toBe(24); // 24 × 29 min < 12 h ≤ 25 × 29 min
        return;
      }
      refresh = r.body.refresh;
    }
    throw new Error('the session outlived 12 hours');
  });

  it('logout revokes the session', async () => {
    const { refresh } = await signIn(h, acme);
    expect((await post(h.app, 'logout/', { refresh })).status).toBe(204);
    expect((await post(h.app, 'login/refresh/', { refresh })).status).toBe(401);
  });
});
