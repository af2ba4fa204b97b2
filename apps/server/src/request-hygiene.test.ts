/** Input no column can hold, clashes with existing names, database errors in logs, caching of answers. */
import { ERRORS } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbErrorAnswer, loggableError } from './lib/db-errors.ts';
import { testDatabases } from './test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from './test/harness.ts';
import { send } from './test/raw-request.ts';

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

  it('refuses a JSON body that is not UTF-8, and changes nothing', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    const customers = (await call(h.app, 'GET', 'me/', reseller)).body.customers as { id: string; name: string }[];
    const customer = customers.find((c) => c.name === 'Acme');
    if (!customer) throw new Error('no customer Acme');
    const raw = (method: string, url: string, json: Buffer, auth: string) =>
      send(h.app, {
        method,
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json; charset=utf-8' },
        payload: json,
      });
    const body = (name: Buffer) => Buffer.concat([Buffer.from('{"name":"'), name, Buffer.from('"}')]);
    const before = (await call(h.app, 'GET', `customers/${customer.id}/`, reseller)).body;
    // A lone byte of a sequence, an overlong "/", a surrogate encoded as UTF-8, a truncated sequence.
    for (const bytes of ['ff', 'c0af', 'eda080', 'e282']) {
      const res = await raw('PATCH', `customers/${customer.id}/`, body(Buffer.from(bytes, 'hex')), reseller);
      expect(res.status, bytes).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ code: 'invalidText', reason: ERRORS.invalidText });
    }
    expect((await call(h.app, 'GET', `customers/${customer.id}/`, reseller)).body).toEqual(before);
    const count = (await call(h.app, 'GET', 'users/', token)).body.count;
    const member = Buffer.from('{"username":"bad\xff"}', 'latin1');
    expect((await raw('POST', 'users/', member, token)).status).toBe(400);
    expect((await call(h.app, 'GET', 'users/', token)).body.count).toBe(count);
    // Well-formed UTF-8 is read as before, a byte order mark too.
    const named = Buffer.concat([Buffer.from('efbbbf', 'hex'), body(Buffer.from('Acme Società'))]);
    expect((await raw('PATCH', `customers/${customer.id}/`, named, reseller)).status).toBe(200);
    expect((await call(h.app, 'GET', `customers/${customer.id}/`, reseller)).body.name).toBe('Acme Società');
  });

  it('answers 413 with the error body to a body over the limit, JSON or multipart, and stores nothing', async () => {
    const customerId = (await call(h.app, 'GET', 'me/', token)).body.customer.id;
    const before = (await call(h.app, 'GET', `customers/${customerId}/settings/`, token)).body.settings.general;
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const tooLarge = { status: 413, body: { code: 'bodyTooLarge', reason: ERRORS.bodyTooLarge } };
    const json = await send(h.app, {
      method: 'PATCH',
      url: `/api/v1/customers/${customerId}/settings/`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ general: { address: huge } }),
    });
    expect({ status: json.status, body: JSON.parse(json.text) }).toEqual(tooLarge);
    // A form's field is no file: no per-file limit stops it, the whole body's does.
    const form = await send(h.app, {
      method: 'POST',
      url: `/api/v1/customers/${customerId}/logo/upload/`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=B' },
      payload: `--B\r\nContent-Disposition: form-data; name="note"\r\n\r\n${huge}\r\n--B--\r\n`,
    });
    expect({ status: form.status, body: JSON.parse(form.text) }).toEqual(tooLarge);
    expect((await call(h.app, 'GET', `customers/${customerId}/settings/`, token)).body.settings.general).toEqual(
      before,
    );
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
