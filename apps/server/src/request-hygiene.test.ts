/** Input no column can hold, clashes with existing names, database errors in logs, caching of answers. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbErrorAnswer, loggableError } from './lib/db-errors.ts';
import { testDatabases } from './test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from './test/harness.ts';

describe.each(testDatabases())('request hygiene on $name', (database) => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness(database);
    token = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h.close());

  const invalidText = (path: string) => ({
    status: 400,
    body: {
      code: 'invalidText',
      reason: 'Text must not contain NUL characters or broken Unicode.',
      details: { [path]: { key: 'invalidText', message: 'Text must not contain NUL characters or broken Unicode.' } },
    },
  });

  it('refuses a NUL character or a lone surrogate anywhere in the request, and stores nothing', async () => {
    const before = (await call(h.app, 'GET', 'users/', token)).body.count;
    expect(await post(h.app, 'users/', { username: 'nul\u0000user' }, token)).toEqual(invalidText('username'));
    expect(await post(h.app, 'users/', { username: 'ok-user', identities: [{ subject: 'x\u0000' }] }, token)).toEqual(
      invalidText('identities.0.subject'),
    );
    const surrogate = await h.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"username":"half\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().code).toBe('invalidText');
    expect(await call(h.app, 'GET', 'users/?search=a%00b', token)).toEqual(invalidText('search'));
    expect(await call(h.app, 'GET', 'users/%00/', token)).toEqual(invalidText('id'));
    expect((await call(h.app, 'GET', 'users/', token)).body.count).toBe(before);
  });

  it('renaming to a name in use answers 409 with the reason, like creating does', async () => {
    for (const resource of ['groups', 'roles']) {
      await post(h.app, `${resource}/`, { name: `Taken ${resource}` }, token);
      const other = (await post(h.app, `${resource}/`, { name: `Free ${resource}` }, token)).body;
      const renamed = await call(h.app, 'PATCH', `${resource}/${other.id}/`, token, { name: `Taken ${resource}` });
      expect(renamed.status, resource).toBe(409);
      expect(renamed.body).toMatchObject({ code: 'nameExists', reason: 'This name is already used.' });
      expect((await call(h.app, 'GET', `${resource}/${other.id}/`, token)).body.name).toBe(`Free ${resource}`);
    }
    await post(h.app, 'users/', { username: 'first.taken' }, token);
    const second = (await post(h.app, 'users/', { username: 'second.free' }, token)).body;
    const clash = await call(h.app, 'PATCH', `users/${second.id}/`, token, { username: 'FIRST.taken' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('usernameExists');
  });

  it('a failed query is answered as bad input and logged without its parameters', async () => {
    const secret = 'sealed-secret-value-42';
    const err = await h.app.services.db.execute(sql`select ${secret}::int`).catch((e: unknown) => e);
    expect(dbErrorAnswer(err)?.statusCode).toBe(400);
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(secret);
  });

  it('no cache keeps an API answer: tokens, secrets and lists are no-store', async () => {
    const member = (await post(h.app, 'users/', { username: 'cache.check', email: 'c@acme.example' }, token)).body;
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/users/${member.id}/credentials/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'totp' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().enrollment.secret).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'x@y.z', password: 'p' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
