import { ERRORS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from './test/databases.ts';
import { type Harness, startHarness } from './test/harness.ts';

describe('the app shell', () => {
  let h: Harness;
  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error('no database');
    h = await startHarness(pglite);
  });
  afterAll(() => h.close());

  it('answers liveness and readiness', async () => {
    expect((await h.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await h.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('sends security headers and a JSON 404 for unknown API paths', async () => {
    const res = await h.app.inject({ url: '/api/v1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ reason: 'Not found.', code: 'notFound' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 405 with the methods a path has to a method it has not, and 404 to a path nobody has', async () => {
    const cases: Array<[string, string, string]> = [
      ['PUT', '/api/v1/users/', 'GET, HEAD, POST'],
      ['DELETE', '/api/v1/login/', 'POST'],
      ['POST', `/api/v1/users/${crypto.randomUUID()}/?x=1`, 'DELETE, GET, HEAD, PATCH'],
      ['GET', '/api/v1/login/refresh/', 'POST'],
      ['OPTIONS', '/api/v1/me/', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await h.app.inject({ method: method as 'GET', url });
      expect([method, url, res.statusCode, res.headers.allow], res.body).toEqual([method, url, 405, allow]);
      expect(res.json()).toEqual({ reason: ERRORS.methodNotAllowed, code: 'methodNotAllowed' });
    }
    const unknown = await h.app.inject({ method: 'PUT', url: '/api/v1/nothing-here/' });
    expect([unknown.statusCode, unknown.headers.allow]).toEqual([404, undefined]);
  });

  it('asks browsers for https only when the console is served over https', async () => {
    const plain = await h.app.inject({ url: '/api/v1/jwt/public/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const proxied = await startHarness(testDatabases()[0] as TestDatabase, { TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({ url: '/api/v1/jwt/public/', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const direct = await proxied.app.inject({ url: '/api/v1/jwt/public/' });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('never answers with a stack trace', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('at ');
  });
});
