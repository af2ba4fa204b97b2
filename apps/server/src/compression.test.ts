/**
 * What goes over the wire compressed: API answers from 1 KB up (and the streamed export) when
 * the client accepts brotli or gzip, and the console's files as the build compressed them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from './test/databases.ts';
import { createMember, type Harness, signIn, startHarness } from './test/harness.ts';

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('API answers', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    const [pglite] = testDatabases();
    h = await startHarness(pglite as TestDatabase);
    token = (await signIn(h, 'admin@acme.example')).access;
    // Enough members for a list answer well above the 1 KB threshold.
    for (let i = 0; i < 12; i++) await createMember(h, token, { first_name: 'Niccolò', last_name: `Rossi ${i}` });
  });
  afterAll(() => h.close());

  const get = (url: string, acceptEncoding?: string) =>
    h.app.inject({
      url,
      headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a large JSON answer brotli- or gzip-encoded when asked, and plain when not', async () => {
    const plain = await get('/api/v1/users/?page_size=50');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const list = plain.json();
    expect(list.results).toHaveLength(12);

    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=0.5, br;q=1', 'br'],
    ] as const) {
      const res = await get('/api/v1/users/?page_size=50', accept);
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Still never kept by a cache.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(list);
    }
    expect((await get('/api/v1/users/?page_size=50', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers uncompressed', async () => {
    const res = await get('/api/v1/me/', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().username).toBe('admin@acme.example');
  });

  it('streams the export compressed, whole, with its download headers', async () => {
    const url = '/api/v1/users/export/?format=csv&file_name=acme&search=Rossi';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await get(url, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-disposition']).toBe('attachment; filename="acme.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const csv = decode('gzip', res.rawPayload);
    expect(csv).toBe(plain.body);
    expect(csv.trim().split('\r\n')).toHaveLength(13);
    expect(csv).toContain('Niccolò');
  });
});

describe('the console files', () => {
  let dir: string;
  let h: Harness;
  const script = `${'export const words = "Portiere, console, members";\n'.repeat(80)}`;
  beforeAll(async () => {
    // A console build as vite-plugin-compression2 leaves it: each file with its .br and .gz.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-console-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const html = `<!doctype html><title>Portiere</title>${'<!-- padding -->'.repeat(80)}`;
    for (const [file, text] of [
      ['index.html', html],
      ['assets/app-1.js', script],
    ] as const) {
      fs.writeFileSync(path.join(dir, file), text);
      fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
    }
    const [pglite] = testDatabases();
    h = await startHarness(pglite as TestDatabase, { CONSOLE_DIR: dir });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    h.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the precompressed file the browser accepts, with the type of the original', async () => {
    const plainType = (await get('/assets/app-1.js')).headers['content-type'];
    expect(plainType).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    for (const [accept, encoding, ext] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
    ] as const) {
      const res = await get('/assets/app-1.js', accept);
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(res.headers['content-type']).toBe(plainType);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The file the build made, sent as it is (compressing on the fly would drop the length).
      const built = fs.readFileSync(path.join(dir, `assets/app-1.js${ext}`));
      expect(res.headers['content-length']).toBe(String(built.length));
      expect(res.rawPayload.equals(built)).toBe(true);
      expect(decode(encoding, res.rawPayload)).toBe(script);
    }
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-1.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(script);
  });

  it('sends index.html precompressed to console routes', async () => {
    for (const route of ['/', '/users/123']) {
      const res = await get(route, 'br');
      expect([route, res.statusCode, res.headers['content-encoding']]).toEqual([route, 200, 'br']);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, 'index.html.br')))).toBe(true);
      expect(decode('br', res.rawPayload)).toContain('<title>Portiere</title>');
    }
  });
});
