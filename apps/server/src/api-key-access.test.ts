/**
 * API keys on every operation, generated from the server's OpenAPI document: an operation that
 * names a scope (x-api-key-scope) admits a manager user's key with that scope and refuses one
 * without it (403 apiKeyScope); every other operation refuses even a key with every scope (403
 * apiKeyNotAllowed); a key that does not exist answers 401 apiKeyInvalid. Refusals change nothing.
 */
import { API_KEY_HEADER, API_KEY_SCOPES, type ApiKeyScope } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.ts';
import { type Harness, post, signIn, startHarness } from './test/harness.ts';
import { listOperations, type Operation } from './test/openapi-operations.ts';
import { describeExchange, errorBodyProblem, type RawRequest, send } from './test/raw-request.ts';
import { changedTables, tableChecksums } from './test/table-checksums.ts';
import { createTenantFixtures, requestFor, type TenantFixtures } from './test/tenant-fixtures.ts';

const operations = await listOperations();
const guarded = operations.filter((op) => !op.public);
const scoped = guarded.filter((op) => op.apiKeyScope);

describe.each(testDatabases())('API keys on every OpenAPI operation on $name', (database) => {
  let h: Harness;
  let fx: TenantFixtures;
  /** A key with every scope, and per scope a key with all the others. */
  let everyScope: string;
  const without = new Map<string, string>();

  beforeAll(async () => {
    // Hundreds of calls with few keys: the per-key limit is tested in auth/api-keys.test.ts.
    h = await startHarness(database, { API_KEY_RATE_LIMIT: '100000' });
    const acme = (await signIn(h, 'admin@acme.example')).access;
    const northwind = (await signIn(h, 'partner@northwind.example')).access;
    fx = await createTenantFixtures(h, acme);
    const keyWith = async (scopes: ApiKeyScope[]) => {
      const base = `customers/${fx.customerId}/manager-users/`;
      const email = `key-${Math.random().toString(36).slice(2, 10)}@acme.example`;
      const user = await post(h.app, base, { email, scopes }, northwind);
      return (await post(h.app, `${base}${user.body.id}/reset-api-key/`, {}, northwind)).body.api_key as string;
    };
    everyScope = await keyWith([...API_KEY_SCOPES]);
    for (const scope of API_KEY_SCOPES) without.set(scope, await keyWith(API_KEY_SCOPES.filter((s) => s !== scope)));
  });
  afterAll(() => h?.close());

  const withKey = (op: Operation, key: string): RawRequest => {
    const req = requestFor(op, fx);
    return { ...req, headers: { ...req.headers, [API_KEY_HEADER]: key } };
  };

  /** Sends a request that must be refused with `status` and `code`, changing nothing. */
  async function refused(req: RawRequest, status: number, code: string) {
    const db = h.app.services.db;
    const before = await tableChecksums(db, { excludeSignInBookkeeping: true });
    const res = await send(h.app, req);
    const what = describeExchange(req, res);
    expect(res.status, what).toBe(status);
    expect(errorBodyProblem(res), what).toBeUndefined();
    expect(JSON.parse(res.text).code, what).toBe(code);
    expect(changedTables(before, await tableChecksums(db, { excludeSignInBookkeeping: true })), what).toEqual([]);
  }

  it('names only the contract’s scopes, each on the operations it is for', () => {
    const scopeOf = (id: string) => operations.find((op) => op.id === id)?.apiKeyScope;
    for (const op of scoped) expect(API_KEY_SCOPES, op.id).toContain(op.apiKeyScope);
    // `scim` is for SCIM's own endpoint (/scim/v2, scim/scim-users.test.ts), no operation of the API.
    expect(new Set(scoped.map((op) => op.apiKeyScope))).toEqual(new Set(API_KEY_SCOPES.filter((s) => s !== 'scim')));
    expect(scopeOf('GET users/')).toBe('members:read');
    expect(scopeOf('GET users/{id}/credentials/')).toBe('members:read');
    expect(scopeOf('DELETE users/{id}/')).toBe('members:write');
    expect(scopeOf('POST users/bulk/')).toBe('members:write');
    expect(scopeOf('POST users/{id}/credentials/{cid}/reset/')).toBe('credentials:write');
    expect(scopeOf('PATCH customers/{id}/settings/')).toBe('settings:write');
    expect(scopeOf('GET audit/verify/')).toBe('audit:read');
    expect(scopeOf('GET me/')).toBeUndefined();
    expect(scopeOf('POST customers/')).toBeUndefined();
  });

  for (const op of guarded)
    describe(op.id, () => {
      it('answers 401 apiKeyInvalid to keys that do not exist, changing nothing', async () => {
        await refused(withKey(op, 'not-a-key'), 401, 'apiKeyInvalid');
        await refused(withKey(op, `ptk_${'A'.repeat(22)}_${'b'.repeat(43)}`), 401, 'apiKeyInvalid');
        // The right key id with another secret.
        await refused(withKey(op, `${everyScope.slice(0, 27)}${'c'.repeat(43)}`), 401, 'apiKeyInvalid');
      });

      if (op.apiKeyScope) {
        const scope = op.apiKeyScope;
        it(`answers 403 apiKeyScope to a key without ${scope}, changing nothing`, async () => {
          await refused(withKey(op, without.get(scope) ?? ''), 403, 'apiKeyScope');
        });
        if (op.method === 'GET')
          it(`answers 200 to a key with ${scope}`, async () => {
            const req = withKey(op, everyScope);
            const res = await send(h.app, req);
            expect(res.status, describeExchange(req, res)).toBe(200);
          });
      } else {
        it('answers 403 apiKeyNotAllowed even to a key with every scope, changing nothing', async () => {
          await refused(withKey(op, everyScope), 403, 'apiKeyNotAllowed');
        });
      }
    });
});
