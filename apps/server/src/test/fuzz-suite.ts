/**
 * Fuzzing generated from the server's OpenAPI document: every operation under /api/v1 gets
 * malformed paths, query strings, bodies and media types, with and without a token; one test
 * file per group of operations (fuzz-<group>.test.ts).
 *
 * Every answer is below 500; an error answer has a status the document lists for the operation
 * and is JSON of the documented shape; a refused write changes no table. Without a token a
 * non-public operation answers 401 whatever the input.
 * Runs are few and the seed fixed for CI; FUZZ_RUNS=<runs per operation> runs longer and
 * FUZZ_SEED=<n> replays another seed (fast-check prints seed and path of a failure).
 * FUZZ_COLLECT=1 does not stop at the first failing case of an operation: it runs them all
 * and lists every distinct failure (without shrinking), for a report of everything wrong.
 */
import { ERRORS } from '@portiere/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from './databases.ts';
import { caseArb, type FuzzCase, renderCase, type TokenChoice, targetedExamples } from './fuzz-inputs.ts';
import { type Harness, signIn, startHarness } from './harness.ts';
import { fillRoute, type Operation, pathKeyOf, sampleBody } from './openapi-operations.ts';
import { type OperationGroup, operationsOf } from './operation-groups.ts';
import { describeExchange, errorBodyProblem, type RawRequest, type RawResponse, send } from './raw-request.ts';
import { changedTables, tableChecksums } from './table-checksums.ts';
import { createTenantFixtures, type TenantFixtures } from './tenant-fixtures.ts';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 8);
const SEED = Number(process.env.FUZZ_SEED) || 7_2024;
const COLLECT = Boolean(process.env.FUZZ_COLLECT);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function fuzzSuite(group: OperationGroup) {
  // `all` to find the POST beside a PATCH; the tests are for this group's operations only.
  const { all, mine: operations } = await operationsOf(group);

  describe.each(testDatabases())(`fuzzing the ${group} operations on $name`, (database) => {
    let h: Harness;
    let customerToken: string;
    let resellerToken: string;
    let shared: TenantFixtures;
    let clientNo = 0;
    /** Checksums after the last request, while no request since could have changed anything. */
    let known: Record<string, string> | undefined;

    const checksums = async () => {
      known ??= await tableChecksums(h.app.services.db, { excludeSignInBookkeeping: true });
      return known;
    };

    let signedInAt = 0;
    const signInBoth = async () => {
      customerToken = (await signIn(h, 'admin@acme.example')).access;
      resellerToken = (await signIn(h, 'partner@northwind.example')).access;
      signedInAt = Date.now();
    };

    beforeAll(async () => {
      h = await startHarness(database);
      await signInBoth();
      shared = await createTenantFixtures(h, customerToken);
    });
    // Long runs (FUZZ_RUNS) outlast an access token; an expired one would make every answer a 401.
    beforeEach(async () => {
      if (Date.now() - signedInAt > 5 * 60_000) await signInBoth();
    });
    afterAll(() => h?.close());

    const tokenOf = (choice: TokenChoice) =>
      choice === 'customer' ? customerToken : choice === 'reseller' ? resellerToken : undefined;

    /** The tokens an operation's fuzzing uses: its audience's; none for public ones. */
    const tokensFor = (op: Operation): TokenChoice[] =>
      op.audience === 'public'
        ? ['none']
        : op.audience === 'reseller'
          ? ['reseller']
          : op.audience === 'any'
            ? ['customer', 'reseller']
            : ['customer'];

    /** Sends one request and checks the invariants. */
    async function exchange(op: Operation, req: RawRequest, expectStatus?: number): Promise<RawResponse> {
      const write = WRITES.has(op.method);
      const before = write ? await checksums() : undefined;
      let res: RawResponse;
      try {
        res = await send(h.app, req);
      } catch (err) {
        // A streamed answer that failed after its status was sent: the client sees a cut answer.
        throw new Error(`the answer broke off (${(err as Error).message}): ${describeExchange(req)}`);
      } finally {
        known = undefined;
      }
      const what = describeExchange(req, res);
      if (res.status >= 500) throw new Error(`answered ${res.status}: ${what}`);
      if (expectStatus !== undefined && res.status !== expectStatus)
        throw new Error(`answered ${res.status} instead of ${expectStatus}: ${what}`);
      if (res.status >= 400) {
        if (!op.statuses.includes(res.status))
          throw new Error(`answered ${res.status}, a status the OpenAPI document does not list: ${what}`);
        const problem = errorBodyProblem(res);
        if (problem) throw new Error(`error answer without the documented shape (${problem}): ${what}`);
        if (before) {
          const after = await checksums();
          const changed = changedTables(before, after);
          if (changed.length) throw new Error(`refused write changed ${changed.join(', ')}: ${what}`);
        }
      }
      return res;
    }

    /**
     * Objects a DELETE operation may remove come from fixtures of its own, so that the
     * operations do not depend on the order they run in; the others share one set.
     */
    const fixturesFor = async (op: Operation) =>
      op.method === 'DELETE' && op.pathParams.length ? createTenantFixtures(h, customerToken) : shared;

    const fixtureIdOf = (op: Operation, fixtures: TenantFixtures) => (param: string) =>
      fixtures.path[pathKeyOf(op.route, param)] ?? '';

    async function fuzz(op: Operation, tokens: TokenChoice[], expectStatus?: number, routable = false) {
      const fixtures = await fixturesFor(op);
      fillRoute(op.route, fixtures.path); // fails early when no fixture exists for a path parameter
      known = undefined;
      const examples = targetedExamples(op, tokens[0] as TokenChoice, routable).map((c): [FuzzCase] => [c]);
      const ctx = {
        fixtureId: fixtureIdOf(op, fixtures),
        token: tokenOf,
        get remoteAddress() {
          clientNo += 1;
          return `10.${(clientNo >> 16) & 255}.${(clientNo >> 8) & 255}.${clientNo & 255}`;
        },
      };
      const failures = new Map<string, string>();
      await fc.assert(
        fc.asyncProperty(caseArb(op, fc.constantFrom(...tokens), routable), async (c) => {
          try {
            await exchange(op, renderCase(op, c, ctx), expectStatus);
          } catch (err) {
            if (!COLLECT) throw err;
            const message = (err as Error).message;
            // One line per kind of failure: the message without ids and long values.
            const kind = message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').slice(0, 160);
            failures.set(kind, `${message}\n    case: ${JSON.stringify(c).slice(0, 400)}`);
          }
        }),
        { seed: SEED, numRuns: RUNS + examples.length, examples, includeErrorInReport: true },
      );
      if (failures.size) throw new Error(`${failures.size} kinds of failure:\n${[...failures.values()].join('\n')}`);
    }

    for (const op of operations)
      describe(op.id, () => {
        it('answers malformed input below 500 with the error shape, refused writes changing nothing', async () => {
          await fuzz(op, tokensFor(op));
        });

        // Public operations take no token: they have no such test rather than a skipped one.
        if (!op.public) {
          it('answers 401 without a token, whatever the input', async () => {
            await fuzz(op, ['none'], 401, true);
          });
        }
      });

    /**
     * Renaming to a name in use: for each PATCH X/{id}/ whose body has a name that POST X/
     * requires (configuration groups, role groups...), created with two names, the second
     * renamed to the first.
     */
    const renames = operations.filter(
      (op) =>
        op.method === 'PATCH' &&
        /^[^/]+\/\{id\}\/$/.test(op.route) &&
        op.body?.properties?.name &&
        all.some(
          (o) => o.method === 'POST' && o.route === op.route.replace('{id}/', '') && o.body?.required?.includes('name'),
        ),
    );
    /**
     * A PATCH changes only what it sends: for each PATCH whose route also answers GET, an empty
     * body leaves what the GET shows as it was (on fresh fixtures with values other than the
     * defaults).
     */
    const patchesWithGet = operations.filter(
      (op) => op.method === 'PATCH' && all.some((o) => o.method === 'GET' && o.route === op.route),
    );
    /** The token of the user an operation is for (reseller-only ones: the reseller's). */
    const ownToken = (op: Operation) => (op.audience === 'reseller' ? resellerToken : customerToken);
    for (const op of patchesWithGet)
      it(`${op.id} with an empty body changes nothing a GET shows`, async () => {
        const fixtures = await createTenantFixtures(h, customerToken);
        const url = `/api/v1/${fillRoute(op.route, fixtures.path)}`;
        const auth = { authorization: `Bearer ${ownToken(op)}` };
        const get = async () => {
          const res = await send(h.app, { method: 'GET', url, headers: auth });
          expect(res.status, `GET ${url}: ${res.text}`).toBe(200);
          return JSON.parse(res.text);
        };
        const before = await get();
        const req: RawRequest = {
          method: 'PATCH',
          url,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: '{}',
        };
        const res = await exchange(op, req);
        expect(res.status, describeExchange(req, res)).toBe(200);
        expect(await get()).toEqual(before);
      });

    /**
     * Collections whose creation follows rules the smallest sample body breaks (spec 5): the
     * names they take and the fields they need.
     */
    const CREATE_RULES: Record<
      string,
      { name?: fc.Arbitrary<string>; body?: Record<string, unknown> | (() => Record<string, unknown>) }
    > = {
      'applications/': {
        name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{1,30}$/),
        body: { type: 'web', redirectUri: 'https://fuzz.example/callback' },
      },
      'flows/': { body: { stages: [['password']] } },
      // A RADIUS client names an address and one of the customer's RADIUS applications.
      'radius-clients/': { body: () => ({ address: '192.0.2.1', applicationId: shared.radiusApplicationId }) },
      // Each customer comes with its first manager user, whose address no account may share.
      'customers/': { body: () => ({ manager_email: `fuzz-${serial}@customers.example` }) },
    };
    let serial = 0;
    for (const op of renames)
      it(`${op.id} to a name already in use answers 409 nameExists and changes nothing`, async () => {
        const collection = op.route.replace('{id}/', '');
        const create = all.find((o) => o.method === 'POST' && o.route === collection) as Operation;
        const auth = { authorization: `Bearer ${ownToken(op)}` };
        const json = { ...auth, 'content-type': 'application/json' };
        const rules = CREATE_RULES[collection];
        const name =
          rules?.name ??
          fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
            .filter((s) => s.trim() === s && s.length > 0 && !s.includes('\u0000'));
        await fc.assert(
          fc.asyncProperty(name, name, async (first, second) => {
            const ids: string[] = [];
            for (const n of [first, second]) {
              // A serial number keeps the names of earlier runs out of the way.
              const payload = JSON.stringify({
                ...sampleBody(create.body),
                ...(typeof rules?.body === 'function' ? rules.body() : rules?.body),
                name: `${n}${rules?.name ? '_' : ' '}${serial++}`,
              });
              const res = await send(h.app, { method: 'POST', url: `/api/v1/${collection}`, headers: json, payload });
              if (res.status !== 201) throw new Error(`creating in ${collection}: ${res.status} ${res.text}`);
              ids.push(JSON.parse(res.text).id);
            }
            const taken = await send(h.app, { method: 'GET', url: `/api/v1/${collection}${ids[0]}/`, headers: auth });
            const req: RawRequest = {
              method: 'PATCH',
              url: `/api/v1/${collection}${ids[1]}/`,
              headers: json,
              payload: JSON.stringify({ name: JSON.parse(taken.text).name }),
            };
            known = undefined;
            const body = JSON.parse((await exchange(op, req, 409)).text);
            expect(body.code).toBe('nameExists');
            expect(body.reason).toBe(ERRORS.nameExists);
          }),
          { seed: SEED, numRuns: Math.max(2, Math.min(RUNS, 10)), includeErrorInReport: true },
        );
      });
  });
}
