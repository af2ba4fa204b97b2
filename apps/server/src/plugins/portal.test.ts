/**
 * The members' pages next to the console: /enroll/<token> (and /signin/...) get the portal's
 * page, its files come from /portal/ precompressed and cached, and the console keeps its routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../test/databases.ts';
import { type Harness, startHarness } from '../test/harness.ts';

/** A built web app as Vite and vite-plugin-compression2 leave it: each file with its .br and .gz. */
function builtApp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-webapp-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  }
  return dir;
}

const padding = '<!-- padding -->'.repeat(80);
const PORTAL_HTML = `<!doctype html><title>Members</title>${padding}`;
const CONSOLE_HTML = `<!doctype html><title>Console</title>${padding}`;
const PORTAL_JS = 'export const members = "enrolment";\n'.repeat(80);
const SW_JS = "self.addEventListener('fetch', () => {});\n";
const MANIFEST = '{"name":"Portiere","scope":"/app/"}';

describe("the members' pages", () => {
  let h: Harness;
  let portalDir: string;
  let consoleDir: string;
  beforeAll(async () => {
    portalDir = builtApp({
      'index.html': PORTAL_HTML,
      'assets/index-1.js': PORTAL_JS,
      'sw.js': SW_JS,
      'manifest.webmanifest': MANIFEST,
    });
    consoleDir = builtApp({ 'index.html': CONSOLE_HTML, 'assets/app-1.js': 'console.log(1);'.repeat(100) });
    const [pglite] = testDatabases();
    h = await startHarness(pglite as TestDatabase, { PORTAL_DIR: portalDir, CONSOLE_DIR: consoleDir });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(portalDir, { recursive: true, force: true });
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    h.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it("answers the enrolment link with the portal's page, never cached, under the same strict CSP", async () => {
    for (const url of ['/enroll/eyJhbGciOiJSUzI1NiJ9.e30.c2ln', '/enroll/abc/', '/signin/interaction/1']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(res.body).toBe(PORTAL_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      // The link's token never leaves in a Referer.
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const br = await get('/enroll/abc', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(PORTAL_HTML);
  });

  it("answers /app/ with the portal's page, and serves the app's worker and manifest there, always revalidated", async () => {
    for (const url of ['/app/', '/app/accounts']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body, res.headers['cache-control']]).toEqual([
        url,
        200,
        PORTAL_HTML,
        'no-cache',
      ]);
    }
    const sw = await get('/app/sw.js');
    expect([sw.statusCode, sw.body, sw.headers['cache-control']]).toEqual([200, SW_JS, 'no-cache']);
    expect(String(sw.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    const manifest = await get('/app/manifest.webmanifest');
    expect([manifest.statusCode, manifest.body, manifest.headers['cache-control']]).toEqual([
      200,
      MANIFEST,
      'no-cache',
    ]);
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
  });

  it('serves its files under /portal/ precompressed and cached for good; a missing one is a 404', async () => {
    const res = await get('/portal/assets/index-1.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PORTAL_JS);
    for (const missing of ['/portal/assets/index-0.js', '/portal/nothing', '/portal/']) {
      const r = await get(missing);
      expect([missing, r.statusCode]).toEqual([missing, 404]);
      expect(r.json()).toEqual({ reason: 'Not found.', code: 'notFound' });
    }
  });

  it('leaves the console its routes and files', async () => {
    for (const route of ['/', '/users/123', '/enrollments', '/portals']) {
      const res = await get(route);
      expect([route, res.statusCode, res.body]).toEqual([route, 200, CONSOLE_HTML]);
    }
    expect((await get('/assets/app-1.js')).statusCode).toBe(200);
    // The console's files are not the portal's, and the other way round.
    expect((await get('/assets/index-1.js')).statusCode).toBe(404);
    expect((await get('/portal/assets/app-1.js')).statusCode).toBe(404);
  });
});

describe('without a portal build', () => {
  it("answers 404 for the members' routes instead of the console's page", async () => {
    const consoleDir = builtApp({ 'index.html': CONSOLE_HTML });
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-noportal-'));
    const [pglite] = testDatabases();
    const h = await startHarness(pglite as TestDatabase, { PORTAL_DIR: emptyDir, CONSOLE_DIR: consoleDir });
    try {
      for (const url of ['/enroll/abc', '/signin/x', '/portal/assets/index-1.js']) {
        const res = await h.app.inject({ url });
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
      expect((await h.app.inject({ url: '/users' })).body).toBe(CONSOLE_HTML);
    } finally {
      await h.close();
      fs.rmSync(consoleDir, { recursive: true, force: true });
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
