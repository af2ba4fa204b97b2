/**
 * Tenancy and authentication of every operation, generated from the server's OpenAPI document;
 * one test file per group of operations (tenancy-<group>.test.ts).
 *
 * Another tenant's ids answer 404 and change nothing; every non-public operation refuses a
 * missing, expired, malformed or deleted user's token (401) and the other user type (403),
 * changing nothing. Requests are well formed (fixture ids in paths and bodies), so a refusal
 * comes from the check under test and not from validation.
 */
import { ACCESS_TOKEN_TTL_S, TOKEN_CLOCK_TOLERANCE_S } from '@portiere/contracts';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './databases.ts';
import { type Harness, post, signIn, startHarness } from './harness.ts';
import { type Operation, pathKeys } from './openapi-operations.ts';
import { type OperationGroup, operationsOf } from './operation-groups.ts';
import { describeExchange, errorBodyProblem, type RawRequest, type RawResponse, send } from './raw-request.ts';
import { changedTables, tableChecksums } from './table-checksums.ts';
import {
  createTenantFixtures,
  customerIdByName,
  deleteStaffUser,
  type ExtraReseller,
  insertReseller,
  insertStaffUser,
  requestFor,
  type TenantFixtures,
} from './tenant-fixtures.ts';

export async function tenancySuite(group: OperationGroup) {
  const { mine: operations } = await operationsOf(group);
  const guarded = operations.filter((op) => !op.public);
  const withIds = guarded.filter((op) => op.pathParams.length > 0 && op.audience !== 'reseller');
  const withCustomerId = guarded.filter(
    (op) => pathKeys(op.route).includes('customers/{id}') && (op.audience === 'any' || op.audience === 'reseller'),
  );
  const singleType = guarded.filter((op) => op.audience === 'customer' || op.audience === 'reseller');

  describe.each(testDatabases())(`tenancy and authentication of the ${group} operations on $name`, (database) => {
    let h: Harness;
    let acme: string;
    let globex: string;
    let northwind: string;
    let acmeFx: TenantFixtures;
    let globexFx: TenantFixtures;
    let contoso: ExtraReseller;
    let contosoToken: string;

    beforeAll(async () => {
      h = await startHarness(database);
      acme = (await signIn(h, 'admin@acme.example')).access;
      globex = (await signIn(h, 'admin@globex.example')).access;
      northwind = (await signIn(h, 'partner@northwind.example')).access;
      acmeFx = await createTenantFixtures(h, acme);
      globexFx = await createTenantFixtures(h, globex);
      contoso = await insertReseller(h);
      contosoToken = (await signIn(h, contoso.user.username)).access;
    });
    afterAll(() => h?.close());

    /** The token of the demo user of an operation's audience (Acme's user when both may call). */
    const ownToken = (op: Operation) => (op.audience === 'reseller' ? northwind : acme);

    /** Sends a request that must be refused with `status`; answers what changed. */
    async function refused(req: RawRequest, status: number): Promise<RawResponse> {
      const db = h.app.services.db;
      const before = await tableChecksums(db, { excludeSignInBookkeeping: true });
      const res = await send(h.app, req);
      const after = await tableChecksums(db, { excludeSignInBookkeeping: true });
      const what = describeExchange(req, res);
      expect(res.status, what).toBe(status);
      expect(errorBodyProblem(res), what).toBeUndefined();
      expect(changedTables(before, after), `tables changed by ${what}`).toEqual([]);
      return res;
    }

    it('the fixtures are reachable by their own tenant (GET operations answer 200)', async () => {
      for (const op of withIds.filter((o) => o.method === 'GET')) {
        const req = requestFor(op, acmeFx, acme);
        const res = await send(h.app, req);
        expect(res.status, describeExchange(req, res)).toBe(200);
      }
    });

    it('the checksums see a write', async () => {
      const before = await tableChecksums(h.app.services.db);
      expect((await post(h.app, 'roles/', { name: `Checksum ${Date.now()}` }, acme)).status).toBe(201);
      expect(changedTables(before, await tableChecksums(h.app.services.db))).toContain('role_groups');
    });

    for (const op of withIds)
      describe(op.id, () => {
        it("answers 404 to Acme's user with Globex's ids, changing nothing", async () => {
          await refused(requestFor(op, globexFx, acme), 404);
        });
      });

    for (const op of withCustomerId)
      describe(op.id, () => {
        it('answers 404 to a reseller that does not own the customer, changing nothing', async () => {
          const contosoCustomer = { ...acmeFx.path, 'customers/{id}': contoso.customerId };
          await refused(requestFor(op, acmeFx, contosoToken), 404);
          await refused(requestFor(op, globexFx, contosoToken), 404);
          await refused(requestFor(op, acmeFx, northwind, contosoCustomer), 404);
        });
      });

    for (const op of guarded)
      describe(op.id, () => {
        it('answers 401 without a token, changing nothing', async () => {
          await refused(requestFor(op, acmeFx), 401);
        });

        it('answers 401 to an expired access token, changing nothing', async () => {
          const token = ownToken(op);
          // Past the lifetime and the verification tolerance; moved back afterwards so the other
          // tests keep their tokens.
          const seconds = ACCESS_TOKEN_TTL_S + TOKEN_CLOCK_TOLERANCE_S + 60;
          h.clock.advance(seconds);
          try {
            await refused(requestFor(op, acmeFx, token), 401);
          } finally {
            h.clock.advance(-seconds);
          }
        });

        it('answers 401 to malformed tokens, changing nothing', async () => {
          const failures: string[] = [];
          for (const [name, token] of Object.entries(await malformedTokens(ownToken(op)))) {
            const req = requestFor(op, acmeFx, token);
            try {
              await refused(req, 401);
            } catch (err) {
              failures.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
            }
          }
          expect(failures).toEqual([]);
        });
      });

    for (const op of singleType)
      describe(op.id, () => {
        it(`answers 403 to the other user type, changing nothing`, async () => {
          // Northwind owns Acme: only the user type stands between its token and Acme's objects.
          await refused(requestFor(op, acmeFx, op.audience === 'customer' ? northwind : acme), 403);
        });
      });

    describe('tokens of staff users that no longer exist', () => {
      let goneCustomerUser: string;
      let goneResellerUser: string;
      let neverExisted: string;
      let goneFx: TenantFixtures;

      beforeAll(async () => {
        // Extra users of their own, so the demo users stay; fixtures of their own, in case a
        // token that should be refused goes through and deletes something.
        goneFx = await createTenantFixtures(h, acme);
        const acmeId = await customerIdByName(h, 'Acme');
        const customerUser = await insertStaffUser(h, { customerId: acmeId });
        const resellerUser = await insertStaffUser(h, { resellerId: contoso.resellerId });
        goneCustomerUser = (await signIn(h, customerUser.username)).access;
        goneResellerUser = (await signIn(h, resellerUser.username)).access;
        await deleteStaffUser(h, customerUser.id);
        await deleteStaffUser(h, resellerUser.id);
        // Signed with the server's own key, for a subject that was never a staff user.
        const claims = decodeJwt(acme);
        neverExisted = await new SignJWT({ ...claims, user_username: 'nobody@acme.example' })
          .setProtectedHeader({ alg: 'RS256', kid: h.app.services.keys.kid, typ: 'JWT' })
          .setSubject('00000000-0000-4000-8000-000000000000')
          .sign(h.app.services.keys.privateKey);
      });

      /** A DELETE that wrongly goes through must not take the shared fixtures from the others. */
      const fixturesFor = async (op: Operation) => (op.method === 'DELETE' ? createTenantFixtures(h, acme) : goneFx);

      for (const op of guarded)
        describe(op.id, () => {
          it('answers 401 to the token of a deleted staff user, changing nothing', async () => {
            const token = op.audience === 'reseller' ? goneResellerUser : goneCustomerUser;
            await refused(requestFor(op, await fixturesFor(op), token), 401);
          });

          // The never-existing user is forged as a customer user; reseller-only operations would answer 403.
          if (op.audience !== 'reseller') {
            it('answers 401 to a correctly signed token of a staff user that never existed', async () => {
              await refused(requestFor(op, await fixturesFor(op), neverExisted), 401);
            });
          }
        });
    });

    /** Tokens that must not authenticate, derived from a valid one. */
    async function malformedTokens(valid: string): Promise<Record<string, string>> {
      const [header = '', payload = '', signature = ''] = valid.split('.');
      const claims = decodeJwt(valid);
      const { kid } = decodeProtectedHeader(valid);
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const other = await generateKeyPair('RS256');
      const keys = h.app.services.keys;
      const sign = (extra: Record<string, unknown>, build?: (j: SignJWT) => SignJWT) => {
        const jwt = new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' });
        return (build ? build(jwt) : jwt).sign(keys.privateKey);
      };
      const { exp: _exp, ...withoutExp } = claims;
      return {
        garbage: 'not-a-token',
        empty: '',
        truncated: valid.slice(0, -10),
        'two parts': `${header}.${payload}`,
        'signature of another token': `${header}.${payload}.${Buffer.from(signature, 'base64url').reverse().toString('base64url')}`,
        'payload changed to another customer': `${header}.${b64({ ...claims, customer_id: globexFx.customerId })}.${signature}`,
        'payload changed to a reseller': `${header}.${b64({ ...claims, user_type: 'ResellerUser', reseller_id: contoso.resellerId })}.${signature}`,
        'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        'signed by another key': await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .sign(other.privateKey),
        'HS256 with the public key as secret': await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
          .sign(new TextEncoder().encode(keys.publicPem)),
        'wrong issuer': await sign({}, (j) => j.setIssuer('someone-else')),
        'no expiry': await new SignJWT(withoutExp)
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .sign(keys.privateKey),
        'not valid yet': await sign({}, (j) => j.setNotBefore(Math.floor(h.clock.now().getTime() / 1000) + 3600)),
        'no tenant claim': await sign({ customer_id: undefined, reseller_id: undefined }),
        'no subject': await sign({ sub: undefined }),
        'unknown user type': await sign({ user_type: 'Administrator' }),
      };
    }
  });
}
