/**
 * PATCH changes exactly the fields it is sent (issue 7): for every PATCH operation, a random
 * subset of fields with random valid values is sent, and every field not sent reads back
 * unchanged while every field sent reads back as sent. fast-check, fixed seed.
 */
import { API_KEY_SCOPES, CONFIGURATION_CREDENTIAL_TYPES } from '@portiere/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from './test/harness.ts';

const RUNS = Number(process.env.PATCH_RUNS ?? 12);
const SEED = 7;
type Json = Record<string, unknown>;

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/);
const text = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.]{0,30}[A-Za-z0-9.]$/);
const isoDate = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Fields a sent key changes in the answer (derived fields included). */
function expectOnlySent(before: Json, after: Json, sent: Json, affects: Record<string, string[]> = {}) {
  const touched = new Set(Object.keys(sent).flatMap((k) => affects[k] ?? [k]));
  for (const key of Object.keys(before)) {
    if (!touched.has(key)) expect(after[key], `${key} was not sent`).toEqual(before[key]);
  }
}

describe.each(testDatabases())('PATCH changes only what it is sent, on $name', (database) => {
  let h: Harness;
  let token: string;
  let reseller: string;
  let customerId: string;
  let groupIds: string[];
  let seq = 0;
  const unique = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    h = await startHarness(database);
    token = (await signIn(h, 'admin@acme.example')).access;
    reseller = (await signIn(h, 'partner@northwind.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', token)).body.customer.id;
    groupIds = [];
    for (const name of ['Partial A', 'Partial B'])
      groupIds.push((await post(h.app, 'groups/', { name }, token)).body.id);
  });
  afterAll(() => h.close());

  const patchAndRead = async (url: string, body: Json, read: () => Promise<Json>) => {
    const res = await call(h.app, 'PATCH', url, token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return read();
  };

  it('users/{id}/', async () => {
    const memberPatch = fc.record(
      {
        username: fc.constant(null).map(() => unique('member')),
        first_name: word,
        last_name: word,
        email: word.map((w) => `${w.toLowerCase()}@acme.example`),
        phone_number: fc.stringMatching(/^\d{10}$/).map((d) => `+39${d}`),
        group_id: fc.oneof(
          fc.constantFrom(...[0, 1]).map((i) => groupIds[i] as string),
          fc.constant(null),
        ),
        extra_info: fc.oneof(
          fc.constant(''),
          fc.dictionary(word, word, { maxKeys: 3 }).map((o) => JSON.stringify(o)),
        ),
        identities: fc.array(
          fc.record({ subject: word, issuer: word, validTo: fc.option(isoDate), microsoft_identity: word }),
          { maxLength: 2 },
        ),
        identity_not_valid_after: fc.option(isoDate),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(memberPatch, async (sent) => {
        const created = await post(
          h.app,
          'users/',
          {
            username: unique('member'),
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: 'ada@acme.example',
            phone_number: '+393331234567',
            group_id: groupIds[0],
            extra_info: '{"desk":"4B"}',
            identities: [{ subject: 'ada', issuer: 'AD', validTo: null, microsoft_identity: 'ada@acme' }],
            identity_not_valid_after: '2031-05-01T00:00:00.000Z',
          },
          token,
        );
        expect(created.status).toBe(201);
        const url = `users/${created.body.id}/`;
        const read = async () => (await call(h.app, 'GET', url, token)).body as Json;
        const before = await read();
        const after = await patchAndRead(url, sent as Json, read);
        expectOnlySent(before, after, sent as Json, {
          first_name: ['first_name', 'full_name'],
          last_name: ['last_name', 'full_name'],
          group_id: ['group', 'allowed_credential_types', 'issuable_credential_types'],
        });
        const { group_id, ...plain } = sent as Json;
        expect(after).toMatchObject(plain);
        if ('group_id' in sent) expect((after.group as { id: string } | null)?.id ?? null).toBe(group_id);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('users/{id}/credentials/{cid}/', async () => {
    const member = (await post(h.app, 'users/', { username: unique('cred'), email: 'c@acme.example' }, token)).body;
    const credentialPatch = fc.record(
      {
        description: text,
        is_web: fc.boolean(),
        is_api: fc.boolean(),
        isActive: fc.boolean(),
        windows_login: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(credentialPatch, async (sent) => {
        const created = await post(
          h.app,
          `users/${member.id}/credentials/`,
          {
            type: 'keypair',
            description: 'Laptop key',
            is_web: false,
            is_api: true,
            windows_login: true,
            public_key: PUBLIC_KEY,
          },
          token,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.credential.id as string;
        const read = async () =>
          ((await call(h.app, 'GET', `users/${member.id}/credentials/`, token)).body as Json[]).find(
            (c) => c.id === id,
          ) as Json;
        const before = await read();
        const after = await patchAndRead(`users/${member.id}/credentials/${id}/`, sent as Json, read);
        expectOnlySent(before, after, sent as Json);
        expect(after).toMatchObject(sent);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('groups/{id}/', async () => {
    const groupPatch = fc.record(
      {
        name: fc.constant(null).map(() => unique('group')),
        description: text,
        app_credential_biometry: fc.constantFrom('none', 'weak', 'strong'),
        workstation_login_enabled: fc.boolean(),
        web_login_enabled: fc.boolean(),
        allowed: fc.subarray([...CONFIGURATION_CREDENTIAL_TYPES]),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(groupPatch, async (sent) => {
        const created = await post(
          h.app,
          'groups/',
          {
            name: unique('group'),
            description: 'Night shift',
            app_credential_biometry: 'weak',
            workstation_login_enabled: false,
            web_login_enabled: false,
            allowed: ['pin', 'totp', 'app'],
          },
          token,
        );
        const url = `groups/${created.body.id}/`;
        const read = async () => (await call(h.app, 'GET', url, token)).body as Json;
        const before = await read();
        const after = await patchAndRead(url, sent as Json, read);
        expectOnlySent(before, after, sent as Json, {
          allowed: ['allowed', 'allowed_credential_types'],
          app_credential_biometry: ['app_credential_biometry', 'allowed_credential_types'],
        });
        const { allowed, ...plain } = sent as Json;
        expect(after).toMatchObject(plain);
        if (allowed) expect([...(after.allowed as string[])].sort()).toEqual([...(allowed as string[])].sort());
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('roles/{id}/', async () => {
    const rolePatch = fc.record(
      { name: fc.constant(null).map(() => unique('role')), description: text },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(rolePatch, async (sent) => {
        const created = await post(h.app, 'roles/', { name: unique('role'), description: 'Can open doors' }, token);
        const url = `roles/${created.body.id}/`;
        const read = async () => (await call(h.app, 'GET', url, token)).body as Json;
        const before = await read();
        const after = await patchAndRead(url, sent as Json, read);
        expectOnlySent(before, after, sent as Json);
        expect(after).toMatchObject(sent);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('radius-clients/{id}/', async () => {
    const radiusApp = async () =>
      (await post(h.app, 'applications/', { name: unique('Radius').replace(/-/g, '_'), type: 'radius' }, token)).body;
    const apps = [await radiusApp(), await radiusApp()];
    const octet = fc.integer({ min: 0, max: 255 });
    const clientPatch = fc.record(
      {
        name: text,
        address: fc.oneof(
          fc.tuple(octet, octet, octet, octet).map((o) => o.join('.')),
          fc.tuple(octet, octet, fc.integer({ min: 8, max: 24 })).map(([a, b, m]) => `10.${a}.${b}.0/${m}`),
        ),
        applicationId: fc.constantFrom(...apps.map((a) => a.id as string)),
        enabled: fc.boolean(),
        requireMessageAuthenticator: fc.boolean(),
        approvalWait: fc.integer({ min: 1, max: 60 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(clientPatch, async (sent) => {
        const created = await post(
          h.app,
          'radius-clients/',
          {
            name: unique('client'),
            address: '192.0.2.0/24',
            applicationId: apps[0]?.id,
            enabled: false,
            requireMessageAuthenticator: false,
            approvalWait: 40,
          },
          token,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const url = `radius-clients/${created.body.id}/`;
        const read = async () => (await call(h.app, 'GET', url, token)).body as Json;
        const before = await read();
        const after = await patchAndRead(url, sent as Json, read);
        expectOnlySent(before, after, sent as Json, { applicationId: ['application'] });
        const { applicationId, ...plain } = sent;
        expect(after).toMatchObject(plain);
        if (applicationId) expect((after.application as Json).id).toBe(applicationId);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('customers/{id}/', async () => {
    const customerPatch = fc.record(
      {
        name: fc.constant(null).map(() => unique('Customer')),
        domain: word.map((w) => `${w.toLowerCase()}.example`),
        licenses: fc.integer({ min: 0, max: 100_000 }),
        license_expiration: fc.option(isoDate.map((d) => d.slice(0, 10))),
        la_enabled: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(customerPatch, async (sent) => {
        const created = await call(h.app, 'POST', 'customers/', reseller, {
          name: unique('Customer'),
          domain: 'start.example',
          licenses: 10,
          license_expiration: '2030-06-30',
          la_enabled: true,
          manager_email: `${unique('manager')}@start.example`,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const url = `customers/${created.body.id}/`;
        const read = async () => (await call(h.app, 'GET', url, reseller)).body as Json;
        const before = await read();
        const res = await call(h.app, 'PATCH', url, reseller, sent);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const after = await read();
        expectOnlySent(before, after, sent as Json);
        expect(after).toMatchObject(sent);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('customers/{id}/manager-users/{userId}/', async () => {
    const future = fc
      .date({ min: new Date('2031-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
    const managerPatch = fc.record(
      { scopes: fc.subarray([...API_KEY_SCOPES]), expiration: fc.option(future) },
      { requiredKeys: [] },
    );
    const base = `customers/${customerId}/manager-users/`;
    await fc.assert(
      fc.asyncProperty(managerPatch, async (sent) => {
        const email = `${unique('manager')}@acme.example`;
        const created = await call(h.app, 'POST', base, reseller, {
          email,
          scopes: ['members:read', 'audit:read'],
          expiration: '2035-01-01T00:00:00.000Z',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = async () =>
          (await call(h.app, 'GET', `${base}?search=${email}`, reseller)).body.results[0] as Json;
        const before = await read();
        const res = await call(h.app, 'PATCH', `${base}${created.body.id}/`, reseller, sent);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const after = await read();
        expectOnlySent(before, after, sent as Json);
        if (sent.expiration !== undefined) expect(after.expiration).toBe(sent.expiration);
        // Scopes read back in the contract's order.
        if (sent.scopes) expect(after.scopes).toEqual(API_KEY_SCOPES.filter((s) => sent.scopes?.includes(s)));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('customers/{id}/settings/', async () => {
    // Leaves with their valid values; a PATCH sends a random subset, nested as sections.
    const leaves: Record<string, fc.Arbitrary<unknown>> = {
      'general.address': text,
      'general.language': fc.constantFrom('en', 'fr'),
      'general.primary_color': fc.stringMatching(/^#[0-9A-F]{6}$/),
      'general.sms_sender': word.map((w) => w.slice(0, 11)),
      'general.enable_sso': fc.boolean(),
      'general.id_token_duration': fc.integer({ min: 60, max: 86_400 }),
      'general.send_otp.subject': text.map((t) => `${t} {otp}`),
      'sca.pin_credential.max_attempts': fc.integer({ min: 1, max: 10 }),
      'sca.totp_credential.time_step': fc.integer({ min: 10, max: 60 }),
      'sca.hotp_credential.algorithm': fc.constantFrom('SHA1', 'SHA256', 'SHA512'),
      'cms.card_code_length': fc.integer({ min: 6, max: 12 }),
      'cms.printer': fc.boolean(),
      'cms.transport_puk.length': fc.integer({ min: 6, max: 12 }),
      'enroller.personal': fc.boolean(),
      'la.autologon': fc.boolean(),
    };
    const settingsPatch = fc.record(leaves, { requiredKeys: [] }).filter((p) => Object.keys(p).length > 0);
    const url = `customers/${customerId}/settings/`;
    const flatten = (o: unknown, prefix = ''): Json =>
      Object.entries(o as Json).reduce<Json>((acc, [k, v]) => {
        const path = prefix ? `${prefix}.${k}` : k;
        return v && typeof v === 'object' && !Array.isArray(v)
          ? Object.assign(acc, flatten(v, path))
          : Object.assign(acc, { [path]: v });
      }, {});
    const nest = (flat: Json): Json => {
      const out: Json = {};
      for (const [path, v] of Object.entries(flat)) {
        const keys = path.split('.');
        let node = out;
        for (const k of keys.slice(0, -1)) {
          node[k] ??= {};
          node = node[k] as Json;
        }
        node[keys.at(-1) as string] = v;
      }
      return out;
    };
    await fc.assert(
      fc.asyncProperty(settingsPatch, async (sent) => {
        const read = async () => flatten((await call(h.app, 'GET', url, token)).body.settings);
        const before = await read();
        const after = await patchAndRead(url, nest(sent as Json), read);
        expectOnlySent(before, after, sent as Json);
        expect(after).toMatchObject(sent);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

const PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
-----END PUBLIC KEY-----`;
