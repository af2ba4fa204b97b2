/**
 * Fuzzing of /scim/v2, which the OpenAPI-driven suites (test/fuzz-suite.ts) do not see: requests
 * a directory might send and many it never would (filters from SCIM's grammar and broken ones,
 * paging and attribute parameters of any type, User, Group and PatchOp bodies with wrong types,
 * JSON that is not SCIM, bytes that are not JSON, other media types, version headers), on the
 * customer's own resources, another customer's and none.
 *
 * Every answer is below 500; an error answer is a SCIM error body whose status matches; a refused
 * write changes no table. FUZZ_RUNS and FUZZ_SEED as for the other fuzz suites.
 */
import { SCIM_CONTENT_TYPE, SCIM_PATH, SCIM_SCHEMAS } from '@portiere/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.ts';
import type { Harness } from './test/harness.ts';
import { type ScimClient, startScim } from './test/scim.ts';
import { changedTables, tableChecksums } from './test/table-checksums.ts';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 150);
const SEED = Number(process.env.FUZZ_SEED) || 7_2024;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ATTRIBUTES = [
  'userName',
  'externalId',
  'id',
  'active',
  'displayName',
  'name.givenName',
  'name.familyName',
  'emails',
  'emails.value',
  'emails[type eq "work"].value',
  'phoneNumbers.value',
  'meta.lastModified',
  'meta.created',
  'members',
  'members.value',
  `members[value eq "00000000-0000-0000-0000-000000000000"]`,
  `${SCIM_SCHEMAS.enterpriseUser}:employeeNumber`,
  `${SCIM_SCHEMAS.enterpriseUser}:manager.value`,
  'urn:ietf:params:scim:schemas:core:2.0:User:userName',
  'groups',
  'nosuch',
  'userName.sub',
];
const OPERATORS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'EQ', 'pr', 'xx'];

/** Values as a filter or a body holds them: SCIM's literals, and what breaks them. */
const literal = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.constantFrom('true', 'false', 'null', '1', '-0.5e9', '"2026-01-01T00:00:00Z"', '"\\u0000"', '"', "'x'", ''),
);
const comparison = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...OPERATORS), literal)
  .map(([a, op, v]) => (op === 'pr' ? `${a} pr` : `${a} ${op} ${v}`));
const filter: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.tuple(tie('f'), fc.constantFrom('and', 'or', 'AND', 'nor'), tie('f')).map(([a, j, b]) => `${a} ${j} ${b}`),
    tie('f').map((f) => `not (${f})`),
    tie('f').map((f) => `(${f}`),
    fc.string({ maxLength: 40 }),
  ),
})).f;

const anyJson = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(anyJson, literal, fc.constant(undefined));
/** Mostly what a directory sends, sometimes anything: so that writes get past the first check. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: anyValue as fc.Arbitrary<unknown>, weight: 1 });
const word = fc.stringMatching(/^[A-Za-z][\w.' -]{0,20}$/);
const email = fc.tuple(word, fc.constantFrom('acme.example', 'x', '')).map(([u, d]) => `${u.replaceAll(' ', '')}@${d}`);
const userBody = fc.record(
  {
    schemas: mostly(fc.constantFrom([SCIM_SCHEMAS.user], [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser])),
    userName: mostly(
      fc.oneof(
        word.map((w) => `fz.${w}`),
        fc.string({ maxLength: 300 }),
      ),
    ),
    externalId: mostly(word),
    active: mostly(fc.oneof(fc.boolean(), fc.constantFrom('False', 'True', 'yes'))),
    name: mostly(fc.record({ givenName: mostly(word), familyName: mostly(word) }, { requiredKeys: [] })),
    emails: mostly(
      fc.array(
        fc.record({ value: mostly(email), primary: mostly(fc.boolean()), type: mostly(word) }, { requiredKeys: [] }),
        {
          maxLength: 3,
        },
      ),
    ),
    phoneNumbers: mostly(
      fc.array(fc.record({ value: mostly(fc.stringMatching(/^\+?[\d ()-]{0,16}$/)) }), { maxLength: 2 }),
    ),
    id: anyValue,
    [SCIM_SCHEMAS.enterpriseUser]: mostly(
      fc.record({ employeeNumber: mostly(word), department: mostly(word) }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: ['schemas', 'userName'] },
);
const groupBody = fc.record(
  {
    schemas: mostly(fc.constant([SCIM_SCHEMAS.group])),
    displayName: mostly(
      fc.oneof(
        word.map((w) => `Fz ${w}`),
        fc.string({ maxLength: 300 }),
      ),
    ),
    externalId: mostly(word),
    members: mostly(
      fc.array(fc.record({ value: anyValue, display: anyValue }, { requiredKeys: [] }), { maxLength: 3 }),
    ),
  },
  { requiredKeys: ['schemas', 'displayName'] },
);
const operation = fc.record(
  {
    op: mostly(fc.constantFrom('add', 'replace', 'remove', 'Add', 'Replace', 'Remove', 'move')),
    path: fc.oneof(
      { arbitrary: fc.constantFrom(...ATTRIBUTES), weight: 4 },
      { arbitrary: fc.constant(undefined), weight: 2 },
      { arbitrary: fc.oneof(filter, anyJson), weight: 1 },
    ),
    value: fc.oneof(word, fc.boolean(), userBody, fc.array(fc.record({ value: anyValue }), { maxLength: 3 }), anyValue),
  },
  { requiredKeys: ['op'] },
);
const patchBody = fc.record(
  {
    schemas: mostly(fc.constant([SCIM_SCHEMAS.patchOp])),
    Operations: mostly(fc.array(operation, { minLength: 1, maxLength: 4 })),
  },
  { requiredKeys: ['schemas', 'Operations'] },
);
const searchBody = fc.record(
  {
    schemas: fc.oneof(fc.constant([SCIM_SCHEMAS.searchRequest]), anyJson),
    filter: fc.oneof(filter, anyJson),
    startIndex: anyValue,
    count: anyValue,
    sortBy: fc.oneof(fc.constantFrom(...ATTRIBUTES), anyJson),
    sortOrder: fc.oneof(fc.constantFrom('ascending', 'descending'), anyJson),
    attributes: fc.oneof(fc.array(fc.constantFrom(...ATTRIBUTES)), anyJson),
    excludedAttributes: fc.oneof(fc.array(fc.constantFrom(...ATTRIBUTES)), anyJson),
  },
  { requiredKeys: [] },
);

const query = fc.dictionary(
  fc.constantFrom('filter', 'startIndex', 'count', 'sortBy', 'sortOrder', 'attributes', 'excludedAttributes', 'x'),
  fc.oneof(
    filter,
    fc.integer({ min: -5, max: 1_000_000 }).map(String),
    fc.constantFrom(...ATTRIBUTES),
    fc.string({ maxLength: 10 }),
  ),
  { maxKeys: 4 },
);
const resource = fc.constantFrom('Users' as const, 'Groups' as const);
type Resource = 'Users' | 'Groups';
/** Whose resource an item request names: the caller's own most often. */
const whose = fc.oneof(
  { arbitrary: fc.constant('own' as const), weight: 5 },
  { arbitrary: fc.constantFrom('globex' as const, 'missing' as const, 'junk' as const), weight: 2 },
);
type Whose = 'own' | 'globex' | 'missing' | 'junk';
/** Where a request goes: a collection (list, create), an item (read, replace, patch, delete), or elsewhere. */
const target = fc.oneof(
  {
    arbitrary: fc.record({ method: fc.constantFrom('GET', 'POST'), resource, whose: fc.constant(undefined) }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ method: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE'), resource, whose }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      resource: fc.constantFrom('Users/.search', 'Groups/.search', '.search', 'Schemas', 'ResourceTypes/User', 'Nope'),
      whose: fc.option(whose, { nil: undefined }),
    }),
    weight: 1,
  },
);
const request = fc.record({
  target,
  query,
  /** The body its method and resource take, or another. */
  bodies: fc.record({
    Users: userBody,
    Groups: groupBody,
    patch: patchBody,
    search: searchBody,
    other: fc.oneof(anyJson, fc.string({ maxLength: 30 }), fc.constant(undefined)),
  }),
  /** Most requests send the body that fits; the others one of these. */
  misfit: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        'Users' as const,
        'Groups' as const,
        'patch' as const,
        'search' as const,
        'other' as const,
      ),
      weight: 1,
    },
  ),
  raw: fc.boolean(),
  contentType: fc.oneof(
    { arbitrary: fc.constantFrom(SCIM_CONTENT_TYPE, 'application/json'), weight: 6 },
    { arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/xml'), weight: 1 },
  ),
  version: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constantFrom('*', 'W/"nope"', '"x"', ''), weight: 1 },
  ),
});

describe.each(testDatabases())('fuzzing /scim/v2 on $name', (database) => {
  let h: Harness;
  let key: string;
  let scim: ScimClient;
  /** The item each request names, by resource and whose; the caller's own is made again once deleted. */
  const ids: Record<Resource, Record<Whose, string>> = {
    Users: { own: '', globex: '', missing: '7d5f0d1e-0000-4000-8000-000000000000', junk: "x'; drop table members;--" },
    Groups: { own: '', globex: '', missing: '7d5f0d1e-0000-4000-8000-000000000001', junk: '../Users' },
  };
  const made = async (client: ScimClient, path: Resource) => {
    const tag = Math.random().toString(36).slice(2, 10);
    const res = await client(
      'POST',
      `/${path}`,
      path === 'Users'
        ? { schemas: [SCIM_SCHEMAS.user], userName: `fuzz.${tag}` }
        : {
            schemas: [SCIM_SCHEMAS.group],
            displayName: `Fuzz ${tag}`,
            members: ids.Users.own ? [{ value: ids.Users.own }] : [],
          },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    // The key's per-minute limit would answer most of the runs 429 (the test clock stands still).
    const world = await startScim(database, { SCIM_KEY_RATE_LIMIT: '1000000' });
    h = world.h;
    key = world.acmeKey;
    scim = world.scim;
    for (const r of ['Users', 'Groups'] as const) {
      ids[r].own = await made(world.scim, r);
      ids[r].globex = await made(world.globex, r);
    }
  });
  afterAll(() => h?.close());

  it('answers every request below 500, errors as SCIM error bodies, and a refused write changes nothing', async () => {
    let known: Record<string, string> | undefined;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const { method, resource, whose } = r.target;
        const item = whose && (resource === 'Users' || resource === 'Groups') ? ids[resource][whose] : whose;
        const path = `${SCIM_PATH}/${resource}${item ? `/${encodeURIComponent(item)}` : ''}`;
        const qs = new URLSearchParams(r.query).toString();
        const { bodies } = r;
        const body = r.misfit
          ? bodies[r.misfit]
          : method === 'PATCH'
            ? bodies.patch
            : resource.endsWith('.search')
              ? bodies.search
              : method === 'POST' || method === 'PUT'
                ? bodies[resource === 'Groups' ? 'Groups' : 'Users']
                : undefined;
        const payload =
          body === undefined ? undefined : r.raw && typeof body === 'string' ? body : JSON.stringify(body);
        if (WRITES.has(method) && !known)
          known = await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
        const before = WRITES.has(method) ? known : undefined;
        const res = await h.app.inject({
          method,
          url: qs ? `${path}?${qs}` : path,
          headers: {
            authorization: `Bearer ${key}`,
            ...(payload !== undefined ? { 'content-type': r.contentType } : {}),
            ...(r.version !== undefined ? { [method === 'GET' ? 'if-none-match' : 'if-match']: r.version } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        const exchange = `${method} ${path}?${qs} ${payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, exchange).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.json(), exchange).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: String(res.statusCode) });
          if (before) {
            const after = await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
            expect(changedTables(before, after), exchange).toEqual([]);
          }
        } else if (before) known = undefined;
        // What another customer holds is never read nor written.
        if (whose === 'globex') expect(res.statusCode, exchange).toBeGreaterThanOrEqual(400);
        if (
          method === 'DELETE' &&
          res.statusCode === 204 &&
          whose === 'own' &&
          (resource === 'Users' || resource === 'Groups')
        )
          ids[resource].own = await made(scim, resource);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
