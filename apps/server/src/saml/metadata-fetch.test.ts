/**
 * Importing a service provider's metadata by address: the server fetches what pysaml2 publishes
 * as its metadata, follows a redirect, and refuses what is not metadata, too large, too slow, or
 * (unless the operator allows it) on a private network, each with its own reason on `url`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAML_METADATA_MAX_BYTES } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type TestDatabase, testDatabases } from '../test/databases.ts';
import { type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { pysaml, pysamlSp } from '../test/saml.ts';
import { SamlMetadataFetcher } from './metadata-fetch.ts';

const sp = pysamlSp('https://wiki.acme.example/saml', { signRequests: true });
const spMetadata: string = pysaml('metadata', sp).xml;

/** A provider's web server on 127.0.0.1: its metadata, a redirect to it, and what goes wrong. */
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/metadata': (res) => res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(spMetadata),
  '/moved': (res) => res.writeHead(301, { location: '/metadata' }).end(),
  '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
  '/gone': (res) => res.writeHead(404).end('no such page'),
  '/page': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'),
  '/dtd': (res) =>
    res.writeHead(200).end(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${spMetadata}`),
  '/huge': (res) => {
    // No Content-Length: the limit holds on what arrives.
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(`<x>${'a'.repeat(SAML_METADATA_MAX_BYTES + 1)}</x>`);
  },
  '/slow': (res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write('<');
    // Never ends: the fetch's time bound does.
  },
};
const server = http.createServer((req, res) => (routes[req.url ?? ''] ?? routes['/gone'])?.(res));
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('metadata import through the API, private addresses allowed', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness(testDatabases()[0] as TestDatabase, { SAML_METADATA_PRIVATE: 'true' });
    token = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h.close());

  const fetchMetadata = (url: unknown) => post(h.app, 'applications/saml-metadata/', { url }, token);

  it("answers a provider's metadata as it publishes it, after a redirect too", async () => {
    const direct = await fetchMetadata(`${base}/metadata`);
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({ metadata: spMetadata, url: `${base}/metadata` });
    const moved = await fetchMetadata(`${base}/moved`);
    expect(moved.status).toBe(200);
    expect(moved.body.url).toBe(`${base}/metadata`);
  });

  it('refuses, with the reason on the address (400), what it cannot use', async () => {
    const reasons: Record<string, { key: string; params?: Record<string, unknown> }> = {};
    for (const path of ['/gone', '/page', '/dtd', '/huge', '/loop']) {
      const res = await fetchMetadata(`${base}${path}`);
      expect(res.status, path).toBe(400);
      reasons[path] = res.body.details.url;
    }
    expect(reasons['/gone']).toMatchObject({ key: 'samlMetadataStatus', params: { status: 404 } });
    expect(reasons['/page']?.key).toBe('samlMetadata');
    expect(reasons['/dtd']?.key).toBe('samlMetadata');
    expect(reasons['/huge']).toMatchObject({ key: 'samlMetadataTooLarge', params: { max: 512 } });
    // Redirects end after three: the last one's status is what the operator sees.
    expect(reasons['/loop']).toMatchObject({ key: 'samlMetadataStatus', params: { status: 302 } });

    const closed = await fetchMetadata('http://127.0.0.1:1/metadata');
    expect(closed.body.details.url.key).toBe('samlMetadataUnreachable');
    for (const [url, key] of [
      ['', 'required'],
      ['ftp://files.example/md.xml', 'httpUrl'],
      ['not a url', 'url'],
    ]) {
      const res = await fetchMetadata(url);
      expect(res.status).toBe(400);
      expect(res.body.details.url.key, url).toBe(key);
    }
    expect((await fetchMetadata(42)).status).toBe(400);
  });

  it('is for signed-in customer users only', async () => {
    expect((await post(h.app, 'applications/saml-metadata/', { url: `${base}/metadata` })).status).toBe(401);
  });
});

describe('the fetcher', () => {
  it('refuses private, loopback and instance-metadata addresses by default, before any request', async () => {
    expect(loadConfig({}).samlMetadataPrivate).toBe(false);
    let requests = 0;
    server.once('request', () => requests++);
    const fetcher = new SamlMetadataFetcher(false);
    for (const url of [`${base}/metadata`, `http://localhost:${new URL(base).port}/metadata`, 'http://10.1.2.3/md']) {
      await expect(fetcher.fetch({ url }), url).rejects.toMatchObject({
        statusCode: 400,
        details: { url: { key: 'samlMetadataPrivate' } },
      });
    }
    // Allowing private addresses leaves the clouds' instance metadata service refused.
    await expect(new SamlMetadataFetcher(true).fetch({ url: 'http://169.254.169.254/latest' })).rejects.toMatchObject({
      details: { url: { key: 'samlMetadataPrivate' } },
    });
    expect(requests).toBe(0);
  });

  it('gives up on a provider that does not finish within its time bound', async () => {
    const started = performance.now();
    await expect(new SamlMetadataFetcher(true, 300).fetch({ url: `${base}/slow` })).rejects.toMatchObject({
      details: { url: { key: 'samlMetadataTimeout', params: { seconds: 1 } } },
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
