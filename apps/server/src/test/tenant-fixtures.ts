/**
 * One object of every kind a path parameter can point to, created through the API as a
 * customer user, and extra tenants and staff users inserted directly.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customers, laScripts, offlineGrants, resellers, staffUsers } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { call, type Harness, post } from './harness.ts';
import { fillRoute, type Operation, sampleBody, sampleValue } from './openapi-operations.ts';
import type { RawRequest } from './raw-request.ts';

/** Ids keyed by the route segment before the parameter, as fillRoute() reads them. */
export type PathIds = Record<string, string>;

export interface TenantFixtures {
  customerId: string;
  memberId: string;
  credentialId: string;
  groupId: string;
  roleId: string;
  /** An application of type RADIUS (RADIUS clients name one). */
  radiusApplicationId: string;
  /** A card that is not paired (deleting it would succeed). */
  cardId: string;
  /** A second card, paired to the member. */
  pairedCardId: string;
  /** Confirmation code of the member's pending app credential. */
  enrollmentCode: string;
  path: PathIds;
}

const unique = () => randomBytes(4).toString('hex');

async function must<T = Record<string, unknown>>(
  what: string,
  res: Promise<{ status: number; body: unknown }>,
  expected: number[] = [200, 201],
): Promise<T> {
  const { status, body } = await res;
  if (!expected.includes(status)) throw new Error(`fixture ${what}: ${status} ${JSON.stringify(body)}`);
  return body as T;
}

/**
 * As the customer user of `token`: a configuration group and a role group with the member in
 * both, the member with identities, a PIN, a mail and a pending app credential, a paired and an
 * unpaired temporary card, a hardware token in stock, an unused recovery code and an active recovery mode.
 */
export async function createTenantFixtures(h: Harness, token: string): Promise<TenantFixtures> {
  const app = h.app;
  const me = await must<{ customer: { id: string } | null }>('me', call(app, 'GET', 'me/', token));
  if (!me.customer) throw new Error('fixture me: not a customer user');
  const tag = unique();
  // Values other than the defaults, so that a change to them shows.
  const group = await must<{ id: string }>(
    'group',
    post(
      app,
      'groups/',
      {
        name: `Fixture group ${tag}`,
        description: 'Fixture group',
        app_credential_biometry: 'weak',
        workstation_login_enabled: false,
        allowed: ['password', 'pin', 'app', 'mail', 'sms', 'totp'],
      },
      token,
    ),
  );
  const role = await must<{ id: string }>(
    'role',
    post(app, 'roles/', { name: `Fixture role ${tag}`, description: 'Fixture role' }, token),
  );
  const username = `fixture-${tag}`;
  const member = await must<{ id: string }>(
    'member',
    post(
      app,
      'users/',
      {
        username,
        first_name: 'Fixture',
        last_name: tag,
        email: `${username}@example.com`,
        phone_number: '+393331234567',
        group_id: group.id,
        identities: [{ subject: `CN=${username}`, issuer: 'CN=Fixture CA' }],
      },
      token,
    ),
  );
  const credentialsUrl = `users/${member.id}/credentials/`;
  const pin = await must<{ id?: string; credential?: { id: string } }>(
    'pin credential',
    post(app, credentialsUrl, { type: 'pin', value: '1234', windows_login: true }, token),
  );
  await must('mail credential', post(app, credentialsUrl, { type: 'mail' }, token));
  const appCredential = await must<{ enrollment?: { confirmation_code?: string } }>(
    'app credential',
    post(app, credentialsUrl, { type: 'app' }, token),
  );
  await must('group member', post(app, `groups/${group.id}/users/`, { ids: [member.id] }, token));
  await must('role member', post(app, `roles/${role.id}/users/`, { ids: [member.id] }, token));
  const cards = await must<{ id: string }[]>('cards', post(app, 'temporary-cards/', { count: 2 }, token));
  const [card, paired] = cards;
  if (!card || !paired) throw new Error('fixture cards: expected two');
  const expiration = new Date(h.clock.now().getTime() + 30 * 86_400_000).toISOString();
  await must(
    'card pairing',
    post(app, `users/${member.id}/temporary-card/`, { card_id: paired.id, expiration_date: expiration }, token),
  );
  // A hardware token in stock, from a plain PSKC file (RFC 6030) of one key.
  const seed = randomBytes(20).toString('base64');
  await must(
    'hardware token import',
    post(
      app,
      'hardware-tokens/import/',
      {
        pskc: `<KeyContainer Version="1.0" xmlns="urn:ietf:params:xml:ns:keyprov:pskc"><KeyPackage><DeviceInfo><SerialNo>FX-${tag}</SerialNo></DeviceInfo><Key Id="FX-${tag}" Algorithm="urn:ietf:params:xml:ns:keyprov:pskc:hotp"><Data><Secret><PlainValue>${seed}</PlainValue></Secret></Data></Key></KeyPackage></KeyContainer>`,
      },
      token,
    ),
  );
  const hardwareToken = await must<{ results: { id: string }[] }>(
    'hardware token',
    call(app, 'GET', `hardware-tokens/?search=FX-${tag}`, token),
  );
  await must('recovery code', post(app, `users/${member.id}/recovery-codes/`, {}, token));
  await must('recovery mode', post(app, `users/${member.id}/recovery-mode/`, {}, token));
  const flow = await must<{ id: string }>(
    'flow',
    post(
      app,
      'flows/',
      { name: `Fixture flow ${tag}`, stages: [['password'], ['totp', 'app']], terminatingCredentials: ['app'] },
      token,
    ),
  );
  const application = await must<{ id: string }>(
    'application',
    post(
      app,
      'applications/',
      { name: `Fixture_${tag}`, type: 'web', redirectUri: 'https://fixture.example/cb', defaultFlowId: flow.id },
      token,
    ),
  );
  const appRole = await must<{ id: string }>(
    'app role',
    post(
      app,
      'app-roles/',
      { displayName: 'Fixture role', applicationId: application.id, groupId: group.id, flowId: flow.id },
      token,
    ),
  );
  // RADIUS: an application of its type and a client of it.
  const radiusApp = await must<{ id: string }>(
    'radius application',
    post(app, 'applications/', { name: `Fixture_radius_${tag}`, type: 'radius' }, token),
  );
  const radiusClient = await must<{ id: string }>(
    'radius client',
    post(
      app,
      'radius-clients/',
      { name: `Fixture ${tag}`, address: '192.0.2.0/28', applicationId: radiusApp.id },
      token,
    ),
  );

  // Login assistant: switched on directly (Globex has it off), then one object per path parameter.
  await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, me.customer.id));
  const laApp = await must<{ id: string }>(
    'la app',
    post(app, 'la-apps/', { name: `Fixture_la_${tag}`, kind: 'desktop', target: 'fixture.exe' }, token),
  );
  const profile = await must<{ id: string }>(
    'profile',
    post(
      app,
      'profiles/',
      {
        displayName: 'Fixture profile',
        appId: laApp.id,
        groupId: group.id,
        flowId: flow.id,
        steps: [
          { action: 'fill', target: 'user', value: 'username' },
          { action: 'press', key: 'Enter' },
        ],
      },
      token,
    ),
  );
  const loginGroup = await must<{ id: string }>(
    'login group',
    post(app, 'login-groups/', { name: `Fixture login group ${tag}`, description: 'Fixture' }, token),
  );
  await must(
    'login group app',
    post(app, `login-groups/${loginGroup.id}/applications/`, { appIds: [laApp.id] }, token),
  );
  const laUser = await must<{ id: string }>(
    'la user',
    post(
      app,
      'la-users/',
      { memberId: member.id, loginGroupId: loginGroup.id, username: `fx-${tag}`, password: 'Fixture-secret-1' },
      token,
    ),
  );

  // Reseller pages: a manager user of its own (never the signed-in admin, whose password a
  // fuzzed reset would change) and a script, inserted directly as a customer user cannot.
  const manager = await insertStaffUser(h, { customerId: me.customer.id }, `fixture-manager-${tag}@example.com`);
  const content = Buffer.from(`Write-Output "${tag}"\n`);
  const [script] = await h.app.services.db
    .insert(laScripts)
    .values({
      customerId: me.customer.id,
      name: `fixture-${tag}.ps1`,
      version: '1.0',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      uploadedBy: 'fixture',
    })
    .returning({ id: laScripts.id });
  if (!script) throw new Error('fixture script: insert failed');

  // Workstation login: a key, and offline material of the member's PIN credential on its
  // machine, inserted directly (a real grant needs a sign-in: workstation.test.ts makes them).
  const workstationKey = await must<{ id: string }>(
    'workstation key',
    post(app, 'workstation-keys/', { name: `Fixture key ${tag}`, machine: `FX-${tag}` }, token),
  );
  const credentialId = pin.id ?? pin.credential?.id;
  const [grant] = await h.app.services.db
    .insert(offlineGrants)
    .values({
      customerId: me.customer.id,
      memberId: member.id,
      credentialId: credentialId ?? '',
      keyId: workstationKey.id,
      machine: `FX-${tag}`,
      kind: 'hotp',
      refillHash: randomBytes(32).toString('base64url'),
      firstAt: 0,
      lastAt: 19,
      expiresAt: new Date(h.clock.now().getTime() + 7 * 86_400_000),
    })
    .returning({ id: offlineGrants.id });
  if (!grant) throw new Error('fixture offline grant: insert failed');
  const enrollmentCode = appCredential.enrollment?.confirmation_code;
  if (!credentialId) throw new Error(`fixture pin credential: no id in ${JSON.stringify(pin)}`);
  if (!enrollmentCode) throw new Error('fixture app credential: no confirmation code');
  const customerId = me.customer.id;
  return {
    customerId,
    memberId: member.id,
    credentialId,
    groupId: group.id,
    roleId: role.id,
    radiusApplicationId: radiusApp.id,
    cardId: card.id,
    pairedCardId: paired.id,
    enrollmentCode,
    path: {
      'customers/{id}': customerId,
      'users/{id}': member.id,
      'users/{uid}': member.id,
      'credentials/{cid}': credentialId,
      'groups/{id}': group.id,
      'roles/{id}': role.id,
      'temporary-cards/{id}': card.id,
      'hardware-tokens/{id}': hardwareToken.results[0]?.id ?? '',
      'la-apps/{id}': laApp.id,
      'profiles/{id}': profile.id,
      'login-groups/{id}': loginGroup.id,
      'applications/{appId}': laApp.id,
      'la-users/{id}': laUser.id,
      'applications/{id}': application.id,
      'flows/{id}': flow.id,
      'app-roles/{id}': appRole.id,
      'mail-templates/{name}': 'send_otp',
      // The members' pages load their customer's branding without a token.
      'branding/{customerId}': customerId,
      'logo/{kind}': 'logo',
      'manager-users/{userId}': manager.id,
      'workstation-keys/{id}': workstationKey.id,
      'radius-clients/{id}': radiusClient.id,
      'offline/{grantId}': grant.id,
      // A workstation's sign-in, which takes a workstation key these suites do not hold: an id
      // that names nothing (workstation.test.ts covers real ones).
      'sign-ins/{id}': randomBytes(18).toString('base64url'),
      'scripts/{scriptId}': script.id,
      // The login assistant's routes take its own tokens (a sign-in id, a session bearer), which
      // these suites do not hold: ids that name nothing. assistant.test.ts covers real ones.
      'sign-in/{id}': randomBytes(32).toString('base64url'),
      'apps/{id}': randomUUID(),
      'credentials/{id}': randomUUID(),
      // An enrolment link token (enroll/ routes) that no link recorded: enrollment.test.ts covers real ones.
      'enroll/{token}': randomBytes(32).toString('base64url'),
      // A web sign-in's interaction and an app approval that do not exist: oidc/*.test.ts covers real ones.
      'signin/{uid}': randomBytes(32).toString('base64url'),
      'approvals/{id}': randomUUID(),
    },
  };
}

export interface ExtraStaffUser {
  id: string;
  username: string;
  password: string;
}

/** A staff user inserted directly (sign in with signIn(h, username)). */
export async function insertStaffUser(
  h: Harness,
  tenant: { customerId: string } | { resellerId: string },
  username = `staff-${unique()}@example.com`,
): Promise<ExtraStaffUser> {
  const [row] = await h.app.services.db
    .insert(staffUsers)
    .values({
      username,
      email: username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      userType: 'customerId' in tenant ? 'CustomerUser' : 'ResellerUser',
      scopes: ['admin'],
      ...tenant,
    })
    .returning({ id: staffUsers.id });
  if (!row) throw new Error('insert staff user failed');
  return { id: row.id, username, password: DEMO_PASSWORD };
}

export interface ExtraReseller {
  resellerId: string;
  /** A customer of this reseller (none of the demo customers). */
  customerId: string;
  /** Its ResellerUser staff user. */
  user: ExtraStaffUser;
}

/** A second reseller that owns none of the demo customers, with one customer and a staff user. */
export async function insertReseller(h: Harness, name = `Contoso ${unique()}`): Promise<ExtraReseller> {
  const db = h.app.services.db;
  const [reseller] = await db.insert(resellers).values({ name }).returning({ id: resellers.id });
  if (!reseller) throw new Error('insert reseller failed');
  const [customer] = await db
    .insert(customers)
    .values({ resellerId: reseller.id, name: `${name} customer`, licenses: 10 })
    .returning({ id: customers.id });
  if (!customer) throw new Error('insert customer failed');
  const user = await insertStaffUser(h, { resellerId: reseller.id }, `partner-${unique()}@example.com`);
  return { resellerId: reseller.id, customerId: customer.id, user };
}

/** The id of a demo customer by name ('Acme', 'Globex'). */
export async function customerIdByName(h: Harness, name: string): Promise<string> {
  const [row] = await h.app.services.db.select({ id: customers.id }).from(customers).where(eq(customers.name, name));
  if (!row) throw new Error(`no customer ${name}`);
  return row.id;
}

/** Deletes a staff user row directly (its tokens must stop working). */
export async function deleteStaffUser(h: Harness, id: string): Promise<void> {
  await h.app.services.db.delete(staffUsers).where(eq(staffUsers.id, id));
}

/**
 * Body properties that name an object of the tenant: a well-formed body points them at the
 * fixtures, so that a call that wrongly went through would act on real objects.
 */
function bodyIds(fx: TenantFixtures): Record<string, unknown> {
  return {
    ids: [fx.memberId],
    group_id: fx.groupId,
    card_id: fx.cardId,
    member_id: fx.memberId,
    role_id: fx.roleId,
    credential_id: fx.credentialId,
    customer_id: fx.customerId,
  };
}

/** A well-formed body for an operation: its required properties, ids from the fixtures. */
export function bodyFor(op: Operation, fx: TenantFixtures): Record<string, unknown> | undefined {
  if (!op.body) return undefined;
  const body = sampleBody(op.body);
  const ids = bodyIds(fx);
  for (const name of Object.keys(op.body.properties ?? {})) {
    if (name in ids && (name in body || name.endsWith('ids'))) body[name] = ids[name];
  }
  return body;
}

/** A well-formed request for an operation on a tenant's objects. */
export function requestFor(op: Operation, fx: TenantFixtures, token?: string, ids: PathIds = fx.path): RawRequest {
  const query = op.query
    .filter((q) => q.required)
    .map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(String(sampleValue(q.schema)))}`)
    .join('&');
  const body = bodyFor(op, fx);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  return {
    method: op.method,
    url: `/api/v1/${fillRoute(op.route, ids)}${query ? `?${query}` : ''}`,
    headers,
    ...(body ? { payload: JSON.stringify(body) } : {}),
  };
}
