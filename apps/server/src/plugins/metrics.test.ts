/** /metrics (metrics.ts): private by default, Prometheus text, counts what the app really did. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_FREE_FAILURES } from '../auth/throttle.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { call, createMember, createStaffUser, type Harness, post, signIn, startHarness } from '../test/harness.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample in Prometheus text, or undefined; `labels` must all be on the line. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const onLine = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => onLine.includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(h: Harness, authorization?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
}

describe.each(testDatabases())('metrics on $name', (database) => {
  describe('without METRICS_TOKEN or METRICS_PORT', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(database);
    });
    afterAll(() => h.close());

    it('answers 404, as for any unknown path, and keeps /metrics out of the API document', async () => {
      const res = await scrape(h, `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toEqual({ reason: ERRORS.notFound, code: 'notFound' });
      const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths)).not.toContain('/metrics');
    });
  });

  describe('with METRICS_TOKEN', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(database, { METRICS_TOKEN: TOKEN });
    });
    afterAll(() => h.close());

    it('refuses a scrape without the token or with a wrong one', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TOKEN}`, TOKEN]) {
        const res = await scrape(h, authorization);
        expect(res.status).toBe(401);
        expect(res.text).not.toContain('portiere_');
      }
    });

    it('counts requests by route pattern, sign-ins by outcome and mails sent', async () => {
      const { access } = await signIn(h, 'admin@acme.example');
      const member = await createMember(h, access);
      expect((await call(h.app, 'GET', `users/${member.id}/`, access)).status).toBe(200);
      expect((await h.app.inject({ method: 'POST', url: '/no-such-route/4711' })).statusCode).toBe(404);
      const user = (await createStaffUser(h, 'metrics-counts@acme.example')).username;
      expect((await post(h.app, 'login/', { username: user, password: 'not-the-password' })).status).toBe(401);
      h.clock.advance(61);
      expect((await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD })).status).toBe(200);
      const wrongCode = await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD, otp: '000000' });
      expect(wrongCode.status).toBe(401);

      const res = await scrape(h, `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
      const { text } = res;
      const login = { method: 'POST', route: '/api/v1/login/' };
      expect(sample(text, 'portiere_http_requests_total', { ...login, status_class: '2xx' })).toBe(3);
      expect(sample(text, 'portiere_http_requests_total', { ...login, status_class: '4xx' })).toBe(2);
      expect(sample(text, 'portiere_http_request_duration_seconds_count', { ...login, status_class: '2xx' })).toBe(3);
      // The pattern, never the id itself.
      const one = { method: 'GET', route: '/api/v1/users/:id/', status_class: '2xx' };
      expect(sample(text, 'portiere_http_requests_total', one)).toBe(1);
      expect(text).not.toContain(member.id);
      const unmatched = { method: 'POST', route: 'unmatched', status_class: '4xx' };
      expect(sample(text, 'portiere_http_requests_total', unmatched)).toBe(1);
      expect(text).not.toContain('no-such-route');

      expect(sample(text, 'portiere_sign_ins_total', { outcome: 'success' })).toBe(1);
      expect(sample(text, 'portiere_sign_ins_total', { outcome: 'bad_password' })).toBe(1);
      expect(sample(text, 'portiere_sign_ins_total', { outcome: 'bad_otp' })).toBe(1);
      expect(sample(text, 'portiere_sign_ins_total', { outcome: 'otp_sent' })).toBe(2);
      // Two sign-in codes and the member's welcome mail, if any: at least the two codes.
      expect(sample(text, 'portiere_mails_total', { result: 'sent' })).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'portiere_mails_total', { result: 'failed' })).toBe(0);

      expect(sample(text, 'portiere_db_queries_total')).toBeGreaterThan(10);
      expect(sample(text, 'portiere_db_up')).toBe(1);
      expect(sample(text, 'portiere_db_connections', { state: 'active' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portiere_db_max_connections', { kind: database.name })).toBe(
        database.name === 'pglite' ? 1 : 10,
      );
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('counts a lockout when failures bar an address, and the throttled attempt after it', async () => {
      const user = (await createStaffUser(h, 'metrics-lockout@acme.example')).username;
      const before = await scrape(h, `Bearer ${TOKEN}`);
      const ip = '10.9.0.1';
      const attempt = () =>
        h.app.inject({
          method: 'POST',
          url: '/api/v1/login/',
          payload: { username: user, password: 'not-the-password' },
          remoteAddress: ip,
        });
      for (let i = 0; i <= SOURCE_FREE_FAILURES; i++) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
      const after = await scrape(h, `Bearer ${TOKEN}`);
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(after.text, name, labels) ?? 0) - (sample(before.text, name, labels) ?? 0);
      expect(delta('portiere_sign_in_lockouts_total', { scope: 'source' })).toBe(1);
      expect(delta('portiere_sign_in_lockouts_total', { scope: 'account' })).toBe(0);
      expect(delta('portiere_sign_ins_total', { outcome: 'throttled' })).toBe(1);
      expect(delta('portiere_sign_ins_total', { outcome: 'bad_password' })).toBe(SOURCE_FREE_FAILURES + 1);
    });
  });

  describe('on METRICS_PORT, with mail failing', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(database, { METRICS_PORT: '0' });
      await h.sink.stop();
    });
    afterAll(() => h.close());

    const metricsUrl = (path = '/metrics') => `http://127.0.0.1:${h.app.metricsAddress()?.port}${path}`;

    it('serves /metrics only on its own address, with counts of this app alone', async () => {
      expect(h.app.metricsAddress()?.address).toBe('127.0.0.1');
      expect((await scrape(h)).status).toBe(404);
      expect((await fetch(metricsUrl('/healthz'))).status).toBe(404);
      const res = await fetch(metricsUrl());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      // Another app in this process signed in; its registry is not this one.
      expect(sample(text, 'portiere_sign_ins_total', { outcome: 'success' })).toBeUndefined();
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    });

    it('counts a mail the transport could not send, and the mail waiting for its retry', async () => {
      const before = await (await fetch(metricsUrl())).text();
      h.clock.advance(61);
      await post(h.app, 'login/', { username: 'admin@globex.example', password: DEMO_PASSWORD });
      const after = await (await fetch(metricsUrl())).text();
      expect(sample(before, 'portiere_mails_total', { result: 'failed' })).toBe(0);
      expect(sample(before, 'portiere_mail_queue_waiting')).toBe(0);
      expect(sample(after, 'portiere_mails_total', { result: 'failed' })).toBe(1);
      expect(sample(after, 'portiere_mail_queue_waiting')).toBe(1);
      expect(sample(after, 'portiere_mail_queue_oldest_seconds')).toBeGreaterThanOrEqual(0);
    });
  });

  describe('with the console and the portal built', () => {
    let h: Harness;
    const dirs: string[] = [];
    /** A build folder holding index.html and the files given. */
    const build = (files: string[]) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-metrics-files-'));
      dirs.push(dir);
      for (const file of ['index.html', ...files]) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), file);
      }
      return dir;
    };
    beforeAll(async () => {
      const consoleDir = build(['assets/index-3f9a1c.js', 'assets/index-77b0e2.css', 'assets/Users-0d41aa.js']);
      const portalDir = build(['assets/portal-9e1f20.js']);
      h = await startHarness(database, { METRICS_TOKEN: TOKEN, CONSOLE_DIR: consoleDir, PORTAL_DIR: portalDir });
    });
    afterAll(async () => {
      await h.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('counts every file and page of the console and the portal under one route, static', async () => {
      const urls = [
        '/assets/index-3f9a1c.js',
        '/assets/index-77b0e2.css',
        '/assets/Users-0d41aa.js',
        '/',
        '/dashboard',
        '/portal/assets/portal-9e1f20.js',
        '/enroll/some-link',
      ];
      for (const url of urls) expect((await h.app.inject({ url })).statusCode, url).toBe(200);
      expect((await h.app.inject({ url: '/healthz' })).statusCode).toBe(200);

      const { text } = await scrape(h, `Bearer ${TOKEN}`);
      const routes = new Set(
        [...text.matchAll(/portiere_http_requests_total\{[^}]*route="([^"]*)"/g)].map((m) => m[1]),
      );
      expect([...routes].sort()).toEqual(['/healthz', 'static']);
      expect(
        sample(text, 'portiere_http_requests_total', { method: 'GET', route: 'static', status_class: '2xx' }),
      ).toBe(urls.length);
    });
  });
});
