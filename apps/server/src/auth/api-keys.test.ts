/**
 * Manager users' API keys through the real app: what a key may reach (its scopes), when it
 * stops (expiry, reset, block), how fast it may call, and that it is never logged or audited.
 */
import { API_KEY_HEADER } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { customerIdByName } from '../test/tenant-fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

/** A request with the key in its header (and no bearer token). */
async function withKey(
  app: FastifyInstance,
  key: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { [API_KEY_HEADER]: key },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

describe.each(testDatabases())('API keys on $name', (database) => {
  let h: Harness;
  let northwind: string;
  let acmeId: string;
  const logLines: string[] = [];

  /** A manager user of Acme with these scopes, and its key. */
  const managerWithKey = async (scopes: string[], fields: Record<string, unknown> = {}) => {
    const base = `customers/${acmeId}/manager-users/`;
    const user = (await post(h.app, base, { email: `key-${unique()}@acme.example`, scopes, ...fields }, northwind))
      .body;
    const reset = await post(h.app, `${base}${user.id}/reset-api-key/`, {}, northwind);
    expect(reset.status).toBe(200);
    return { user, key: reset.body.api_key as string, url: `${base}${user.id}/` };
  };

  beforeAll(async () => {
    h = await startHarness(database, {}, { write: (line) => logLines.push(line) });
    northwind = (await signIn(h, 'partner@northwind.example')).access;
    acmeId = await customerIdByName(h, 'Acme');
  });
  afterAll(() => h.close());

  it('is shown once, at its reset, and lists members with members:read', async () => {
    const { user, key } = await managerWithKey(['members:read']);
    expect(key).toMatch(/^ptk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}$/);
    const listed = await call(h.app, 'GET', `customers/${acmeId}/manager-users/?search=${user.email}`, northwind);
    expect(listed.body.results[0]).toMatchObject({ id: user.id, has_api_key: true });
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(27));
    const admin = (await signIn(h, 'admin@acme.example')).access;
    const member = await createMember(h, admin);
    const byKey = await withKey(h.app, key, 'GET', `users/?search=${member.username}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.results.map((m: { id: string }) => m.id)).toEqual([member.id]);
    expect((await withKey(h.app, key, 'GET', `users/${member.id}/`)).body.username).toBe(member.username);
    expect((await withKey(h.app, key, 'GET', `users/${member.id}/credentials/`)).status).toBe(200);
    // A bearer token sent with it wins: the key is not looked at.
    const both = await h.app.inject({
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${admin}`, [API_KEY_HEADER]: key },
    });
    expect(both.json().username).toBe('admin@acme.example');
  });

  it('answers 403 apiKeyScope outside its scopes and 403 apiKeyNotAllowed on routes without one', async () => {
    const { key } = await managerWithKey(['members:read', 'settings:read']);
    const write = await withKey(h.app, key, 'POST', 'users/', { username: `k-${unique()}` });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      code: 'apiKeyScope',
      reason: 'This API key does not have the scope members:write.',
      params: { scope: 'members:write' },
    });
    expect((await withKey(h.app, key, 'GET', 'audit/')).body.params).toEqual({ scope: 'audit:read' });
    const patch = await withKey(h.app, key, 'PATCH', `customers/${acmeId}/settings/`, { la: { autologon: true } });
    expect(patch.body.params).toEqual({ scope: 'settings:write' });
    expect((await withKey(h.app, key, 'GET', `customers/${acmeId}/settings/`)).status).toBe(200);
    // Its own customer only: another customer's settings answer 404.
    const globexId = await customerIdByName(h, 'Globex');
    expect((await withKey(h.app, key, 'GET', `customers/${globexId}/settings/`)).status).toBe(404);
    for (const url of ['me/', 'dashboard/', 'groups/', 'customers/']) {
      const res = await withKey(h.app, key, 'GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual({ code: 'apiKeyNotAllowed', reason: 'This call cannot be made with an API key.' });
    }
  });

  it('writes with members:write and credentials:write, recorded as the key’s, without the key', async () => {
    const { user, key } = await managerWithKey(['members:write', 'credentials:write', 'audit:read']);
    const created = await withKey(h.app, key, 'POST', 'users/', {
      username: `api-${unique()}`,
      email: 'a@acme.example',
    });
    expect(created.status).toBe(201);
    const credential = await withKey(h.app, key, 'POST', `users/${created.body.id}/credentials/`, { type: 'mail' });
    expect(credential.status).toBe(201);
    const events = await h.app.services.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.body.id));
    expect(events[0]).toMatchObject({
      action: 'member.create',
      actorType: 'api_key',
      actorId: user.id,
      actorName: user.email,
      tenantId: acmeId,
    });
    const trail = await withKey(h.app, key, 'GET', `audit/?actor=${user.id}`);
    expect(trail.status).toBe(200);
    expect(trail.body.results.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['member.create', 'credential.create']),
    );
    const everything = JSON.stringify(await h.app.services.db.select().from(auditEvents));
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(27));
  });

  it('stops at its expiration', async () => {
    const expiration = new Date(h.clock.now().getTime() + 3600_000).toISOString();
    const { key } = await managerWithKey(['members:read'], { expiration });
    expect((await withKey(h.app, key, 'GET', 'users/')).status).toBe(200);
    h.clock.advance(3601);
    try {
      const expired = await withKey(h.app, key, 'GET', 'users/');
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({
        code: 'apiKeyInvalid',
        reason: 'The API key is not valid, has expired or was reset.',
      });
    } finally {
      h.clock.advance(-3601);
    }
  });

  it('stops at once when reset (the new key works) or when its user is blocked', async () => {
    const { key, url } = await managerWithKey(['members:read']);
    expect((await withKey(h.app, key, 'GET', 'users/')).status).toBe(200);
    const next = (await post(h.app, `${url}reset-api-key/`, {}, northwind)).body.api_key;
    expect(next).not.toBe(key);
    expect((await withKey(h.app, key, 'GET', 'users/')).status).toBe(401);
    expect((await withKey(h.app, next, 'GET', 'users/')).status).toBe(200);
    await post(h.app, `${url}block/`, {}, northwind);
    expect((await withKey(h.app, next, 'GET', 'users/')).status).toBe(401);
    await post(h.app, `${url}unblock/`, {}, northwind);
    expect((await withKey(h.app, next, 'GET', 'users/')).status).toBe(200);
  });

  it('refuses any other key with 401 apiKeyInvalid', async () => {
    const { key } = await managerWithKey(['members:read']);
    const keyId = key.slice(4, 26);
    const wellFormed = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/))
      .map(([id, secret]) => `ptk_${id}_${secret}`);
    const sameIdOtherSecret = fc
      .stringMatching(/^[A-Za-z0-9_-]{43}$/)
      .filter((s) => s !== key.slice(27))
      .map((secret) => `ptk_${keyId}_${secret}`);
    const anything = fc.string({ minLength: 1, maxLength: 120 }).filter((s) => /^[\x21-\x7e]+$/.test(s) && s !== key);
    await fc.assert(
      fc.asyncProperty(fc.oneof(wellFormed, sameIdOtherSecret, anything), async (candidate) => {
        const res = await withKey(h.app, candidate, 'GET', 'users/');
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('apiKeyInvalid');
      }),
      { numRuns: 40, seed: 14 },
    );
    for (const near of [key.toUpperCase(), `${key}x`, key.slice(0, -1), ` ${key}`, key.replace('ptk_', 'ptk-')])
      expect((await withKey(h.app, near, 'GET', 'users/')).status, near).toBe(401);
  });

  it('never reaches the log, nor does its secret', async () => {
    const { key } = await managerWithKey(['members:read']);
    logLines.length = 0;
    await withKey(h.app, key, 'GET', 'users/');
    await withKey(h.app, key, 'GET', 'dashboard/');
    await withKey(h.app, `${key}x`, 'GET', 'users/');
    await withKey(h.app, key, 'POST', 'users/', { username: 'x' });
    expect(logLines.length).toBeGreaterThan(4);
    const log = logLines.join('\n');
    expect(log).not.toContain(key.slice(27));
    expect(log).not.toContain(key.slice(0, 26));
  });
});

describe.each(testDatabases())('API key rate limit on $name', (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(database, { API_KEY_RATE_LIMIT: '3' });
  });
  afterAll(() => h.close());

  it('answers 429 past the limit, counted per key', async () => {
    const northwind = (await signIn(h, 'partner@northwind.example')).access;
    const acmeId = await customerIdByName(h, 'Acme');
    const keys: string[] = [];
    for (const name of ['one', 'two']) {
      const base = `customers/${acmeId}/manager-users/`;
      const user = (
        await post(h.app, base, { email: `${name}-${unique()}@acme.example`, scopes: ['members:read'] }, northwind)
      ).body;
      keys.push((await post(h.app, `${base}${user.id}/reset-api-key/`, {}, northwind)).body.api_key);
    }
    const [one = '', two = ''] = keys;
    for (let i = 0; i < 3; i++) expect((await withKey(h.app, one, 'GET', 'users/')).status).toBe(200);
    const limited = await withKey(h.app, one, 'GET', 'users/');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'rateLimited',
      reason: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key counts apart; a new minute starts a new count.
    expect((await withKey(h.app, two, 'GET', 'users/')).status).toBe(200);
    h.clock.advance(61);
    expect((await withKey(h.app, one, 'GET', 'users/')).status).toBe(200);
  });
});
