/**
 * A directory's key is counted at /scim/v2 apart from the API, against SCIM_KEY_RATE_LIMIT: past
 * it, 429 as a SCIM error with Retry-After (Entra ID and Okta wait and retry), while the same key's
 * API calls still go through.
 */
import { API_KEY_HEADER, SCIM_SCHEMAS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import type { Harness } from '../test/harness.ts';
import { type ScimClient, startScim } from '../test/scim.ts';

describe.each(testDatabases())('the SCIM rate limit on $name', (database) => {
  let h: Harness;
  let scim: ScimClient;
  let key: string;

  beforeAll(async () => {
    ({ h, scim, acmeKey: key } = await startScim(database, { SCIM_KEY_RATE_LIMIT: '3', API_KEY_RATE_LIMIT: '100' }));
  });
  afterAll(() => h?.close());

  it('answers 429 past the limit, with Retry-After, and leaves the API its own count', async () => {
    for (let i = 0; i < 3; i++) expect((await scim('GET', '/Users?count=1')).status).toBe(200);
    const refused = await scim('GET', '/Users?count=1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '429' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The key's scope is scim only: the API answers 403 for the scope, not 429 for the count.
    const api = await h.app.inject({ url: '/api/v1/users/', headers: { [API_KEY_HEADER]: key } });
    expect(api.statusCode).toBe(403);
  });
});
