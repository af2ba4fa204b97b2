import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl } from './lib/logged-url.ts';
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

  it('publishes an OpenAPI 3.1 document generated from the contracts', async () => {
    const doc = (await h.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.4');
    const login = doc.paths['/api/v1/login/'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'otp',
      'password',
      'username',
    ]);
    expect(doc.paths['/api/v1/users/{id}/credentials/{cid}/test/']).toBeDefined();
    expect((await h.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
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

  it('masks the secrets some paths carry, and query values, before they reach the log', () => {
    expect(loggedUrl('/api/v1/enroll/app/qr/12345678/')).toBe('/api/v1/enroll/app/qr/***/');
    expect(loggedUrl('/enroll/eyJhbGciOi.x.y?lang=it')).toBe('/enroll/***?lang=it');
    expect(loggedUrl('/api/v1/enroll/app/')).toBe('/api/v1/enroll/app/');
    expect(loggedUrl('/api/v1/enroll/eyJhbGciOi.x.y/credentials/abc/confirm/')).toBe(
      '/api/v1/enroll/***/credentials/abc/confirm/',
    );
    expect(loggedUrl('/api/v1/enroll/request-link/')).toBe('/api/v1/enroll/request-link/');
    expect(loggedUrl('/api/v1/assistant/sign-in/Zm9v-YmFy_x/verify/')).toBe('/api/v1/assistant/sign-in/***/verify/');
    expect(loggedUrl('/api/v1/assistant/sign-in/')).toBe('/api/v1/assistant/sign-in/');
    expect(loggedUrl('/confirm-email/aBc-_123?lang=it')).toBe('/confirm-email/***?lang=it');
    expect(loggedUrl('/api/v1/staff/confirm-email/')).toBe('/api/v1/staff/confirm-email/');
    expect(loggedUrl('/api/v1/users/?search=ada%40x.example&page=2')).toBe('/api/v1/users/?search=***&page=2');
    expect(loggedUrl('/signin/Ab_c-1?lang=it')).toBe('/signin/***?lang=it');
    expect(loggedUrl('/api/v1/signin/Ab_c-1/verify/')).toBe('/api/v1/signin/***/verify/');
    expect(loggedUrl('/oidc/auth/Ab_c-1')).toBe('/oidc/auth/***');
    expect(loggedUrl('/oidc/auth?client_id=x&login_hint=ada&state=s')).toBe(
      '/oidc/auth?client_id=x&login_hint=***&state=***',
    );
    expect(loggedUrl('/oidc/session/end?id_token_hint=eyJ.a.b&post_logout_redirect_uri=https%3A%2F%2Frp')).toBe(
      '/oidc/session/end?id_token_hint=***&post_logout_redirect_uri=***',
    );
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

describe('the console files', () => {
  it('gives index.html to console routes only; missing files and API paths answer 404', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-console-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Portiere</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    const [pglite] = testDatabases();
    const h = await startHarness(pglite as TestDatabase, { CONSOLE_DIR: dir });
    try {
      const get = (url: string) => h.app.inject({ url });
      for (const route of ['/', '/dashboard', '/users/123', '/customer-view/42?name=Acme']) {
        const res = await get(route);
        expect([route, res.statusCode, res.headers['content-type']]).toEqual([route, 200, 'text/html; charset=utf-8']);
      }
      expect((await get('/assets/app-1.js')).statusCode).toBe(200);
      for (const missing of ['/assets/app-0.js', '/assets/gone.css', '/favicon.png', '/api/v1/nothing/']) {
        const res = await get(missing);
        expect([missing, res.statusCode]).toEqual([missing, 404]);
        expect(res.json()).toEqual({ reason: 'Not found.', code: 'notFound' });
      }
      // The console's catch-all GET is no method of an API path.
      const put = await h.app.inject({ method: 'PUT', url: '/api/v1/nothing/' });
      expect([put.statusCode, put.headers.allow]).toEqual([404, undefined]);
    } finally {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
