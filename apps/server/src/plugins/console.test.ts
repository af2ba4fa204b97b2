/** The built console as console.ts serves it: deep links get index.html, anything else missing is a 404. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../test/databases.ts';
import { startHarness } from '../test/harness.ts';

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
