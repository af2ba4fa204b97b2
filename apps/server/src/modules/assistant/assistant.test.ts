/**
 * The login assistant's own API as a real assistant uses it: a member passes the customer's la
 * flow with real credentials (an independent TOTP computation, a code from the real SMTP sink),
 * reads their apps and credentials, steps up for an app whose profile has a flow, and the
 * customer's la settings are enforced. LA data is inserted directly (the operator CRUD is
 * another area); members and their credentials go through the members API.
 */
import { ERRORS } from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantSessions,
  credentials,
  customers,
  laApps,
  laFlows,
  laUsers,
  loginGroupApps,
  loginGroups,
  profiles,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

const PASSWORD = 'Corr3ct-Horse-Battery!';
const PIN = '482913';

interface Member {
  id: string;
  username: string;
  totp: TOTP;
}

describe.each(testDatabases())('the login assistant API on $name', (database) => {
  let h: Harness;
  let acme: string;
  let acmeId: string;
  let staffAt = 0;
  let groupId: string;
  let loginGroupId: string;
  /** Reached through the login group: one needs no flow, one has a profile with a PIN flow. */
  let plainApp: string;
  let guardedApp: string;

  const db = () => h.app.services.db;
  /** A staff token that has not expired on the test clock. */
  const staff = async () => {
    if (h.clock.now().getTime() - staffAt > 10 * 60_000) {
      acme = (await signIn(h, 'admin@acme.example')).access;
      staffAt = h.clock.now().getTime();
    }
    return acme;
  };
  const setLaFlow = async (customerId: string, stages: string[][], terminating: string[] = []) => {
    const values = { customerId, stages: stages as never, terminatingCredentials: terminating as never };
    await db().insert(laFlows).values(values).onConflictDoUpdate({ target: laFlows.customerId, set: values });
  };
  const setLa = async (la: Record<string, boolean>) => {
    const res = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, await staff(), { la });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const start = (username: string, body: Record<string, unknown> = {}, bearer?: string, customer = acmeId) =>
    post(h.app, 'assistant/sign-in/', { customer, username, ...body }, bearer);
  const verify = (id: string, kind: string, value: string) =>
    post(h.app, `assistant/sign-in/${id}/verify/`, { kind, value });
  /** The current TOTP code on the test clock, computed independently of the server. */
  const code = (m: Member) => m.totp.generate({ timestamp: h.clock.now().getTime() });

  /** A member of the configuration group with a password, a PIN and a TOTP, and a credential in the login group. */
  async function newMember(fields: Record<string, unknown> = {}, withLaUser = true): Promise<Member> {
    const token = await staff();
    const m = await createMember(h, token, { group_id: groupId, ...fields });
    const url = `users/${m.id}/credentials/`;
    expect((await post(h.app, url, { type: 'password', value: PASSWORD }, token)).status).toBe(201);
    expect((await post(h.app, url, { type: 'pin', value: PIN }, token)).status).toBe(201);
    const totp = await post(h.app, url, { type: 'totp' }, token);
    expect(totp.status).toBe(201);
    const parsed = URI.parse(totp.body.enrollment.otpauth_uri);
    if (!(parsed instanceof TOTP)) throw new Error('not a TOTP uri');
    if (withLaUser) await addLaUser(acmeId, m.id, loginGroupId, `${m.username}@legacy`, `secret-of-${m.username}`);
    return { id: m.id, username: m.username, totp: parsed };
  }

  async function addLaUser(customerId: string, memberId: string, group: string, username: string, password: string) {
    const [row] = await db()
      .insert(laUsers)
      .values({
        customerId,
        memberId,
        loginGroupId: group,
        username,
        passwordEnc: h.app.services.box.encrypt(password),
        autologon: true,
      })
      .returning();
    return row?.id as string;
  }

  /** Password then TOTP: the assistant session's token. */
  async function session(m: Member): Promise<string> {
    h.clock.advance(30); // a TOTP step not used before
    const s = await start(m.username);
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const first = await verify(s.body.sign_in_id, 'password', PASSWORD);
    expect(first.body).toEqual({ done: false, stage: { index: 1, count: 2, kinds: ['totp'] } });
    const second = await verify(s.body.sign_in_id, 'totp', code(m));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return second.body.access_token;
  }

  beforeAll(async () => {
    h = await startHarness(database);
    acmeId = await customerIdByName(h, 'Acme');
    const token = await staff();
    const group = await post(
      h.app,
      'groups/',
      { name: 'Assistant group', allowed: ['password', 'pin', 'totp', 'mail', 'sms'] },
      token,
    );
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    groupId = group.body.id;
    const pinFlow = await post(h.app, 'flows/', { name: 'PIN step-up', stages: [['pin']] }, token);
    expect(pinFlow.status).toBe(201);
    await setLaFlow(acmeId, [['password'], ['totp']]);

    const [lg] = await db().insert(loginGroups).values({ customerId: acmeId, name: 'Office' }).returning();
    loginGroupId = lg?.id as string;
    const [plain, guarded] = await db()
      .insert(laApps)
      .values([
        { customerId: acmeId, name: 'Accounting', kind: 'desktop', target: 'ledger.exe' },
        { customerId: acmeId, name: 'Payroll', kind: 'web', target: 'https://payroll.example/*' },
      ])
      .returning();
    plainApp = plain?.id as string;
    guardedApp = guarded?.id as string;
    const steps = [{ action: 'fill', target: '#user', value: 'username', text: '' }] as never;
    const [plainDefault] = await db()
      .insert(profiles)
      .values({ customerId: acmeId, displayName: 'Ledger', appId: plainApp, groupId, steps })
      .returning();
    await db().update(laApps).set({ profileId: plainDefault?.id }).where(eq(laApps.id, plainApp));
    await db()
      .insert(profiles)
      .values({ customerId: acmeId, displayName: 'Payroll PIN', appId: guardedApp, groupId, flowId: pinFlow.body.id });
    await db()
      .insert(loginGroupApps)
      .values([
        { customerId: acmeId, loginGroupId, appId: plainApp },
        { customerId: acmeId, loginGroupId, appId: guardedApp },
      ]);
  });
  afterAll(() => h?.close());

  it('signs a member in through a password and TOTP flow, lists their apps and types in the right credential', async () => {
    const m = await newMember();
    const token = await session(m);
    expect(token).toMatch(/^[\w-]{43}$/);

    const me = await call(h.app, 'GET', 'assistant/me/', token);
    expect(me.status).toBe(200);
    expect(me.body.member).toMatchObject({ id: m.id, username: m.username });
    expect(me.body.settings).toEqual({
      user_create_credential: false,
      user_change_password: true,
      force_password_generation: false,
      autologon: false,
    });
    expect(me.body.apps.map((a: { name: string }) => a.name)).toEqual(['Accounting', 'Payroll']);
    const [accounting, payroll] = me.body.apps;
    expect(accounting).toMatchObject({
      kind: 'desktop',
      target: 'ledger.exe',
      unlocked: true,
      profile: { displayName: 'Ledger', requires_flow: false, steps: [{ action: 'fill', target: '#user' }] },
    });
    expect(payroll).toMatchObject({ unlocked: false, profile: { displayName: 'Payroll PIN', requires_flow: true } });
    expect(me.body.credentials).toEqual([
      {
        id: accounting.credential_id,
        loginGroup: { id: loginGroupId, name: 'Office' },
        username: `${m.username}@legacy`,
        autologon: false,
      },
    ]);
    expect(me.body.login_groups).toEqual([{ id: loginGroupId, name: 'Office' }]);

    const secret = await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token);
    expect(secret).toEqual({
      status: 200,
      body: { username: `${m.username}@legacy`, password: `secret-of-${m.username}`, autologon: false },
    });
  });

  it('asks for the app flow before releasing a guarded app, and releases it once passed in this session', async () => {
    const m = await newMember();
    const token = await session(m);
    const refused = await call(h.app, 'GET', `assistant/apps/${guardedApp}/credential/`, token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'assistantStepUpRequired' } });

    // A step-up needs the session of the same member.
    expect((await start(m.username, { app_id: guardedApp })).status).toBe(401);
    const other = await newMember();
    expect((await start(other.username, { app_id: guardedApp }, token)).status).toBe(401);

    const up = await start(m.username, { app_id: guardedApp }, token);
    expect(up.status).toBe(201);
    expect(up.body.stage).toEqual({ index: 0, count: 1, kinds: ['pin'] });
    expect((await verify(up.body.sign_in_id, 'pin', '000000')).status).toBe(401);
    const passed = await verify(up.body.sign_in_id, 'pin', PIN);
    expect(passed.status).toBe(200);
    expect(passed.body.done).toBe(true);
    expect(passed.body.access_token).toBeUndefined();

    const secret = await call(h.app, 'GET', `assistant/apps/${guardedApp}/credential/`, token);
    expect(secret).toMatchObject({ status: 200, body: { password: `secret-of-${m.username}` } });
    const me = await call(h.app, 'GET', 'assistant/me/', token);
    expect(me.body.apps.find((a: { id: string }) => a.id === guardedApp).unlocked).toBe(true);
    // Another session of the same member has not passed it.
    const second = await session(m);
    expect((await call(h.app, 'GET', `assistant/apps/${guardedApp}/credential/`, second)).status).toBe(403);

    // The member's Activity tab shows the assistant's events, never a secret.
    const events = await call(h.app, 'GET', `audit/?target_type=member&target_id=${m.id}`, await staff());
    const actions = events.body.results.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'assistant.sign_in',
        'assistant.sign_in_failure',
        'assistant.step_up',
        'assistant.secret_read',
      ]),
    );
    const text = JSON.stringify(events.body);
    expect(text).not.toContain(`secret-of-${m.username}`);
    expect(text).not.toContain(PIN);
    expect(text).not.toContain(PASSWORD);
    const read = events.body.results.find(
      (e: { action: string; outcome: string }) => e.action === 'assistant.secret_read' && e.outcome === 'success',
    );
    expect(read).toMatchObject({
      actor_type: 'member',
      actor_id: m.id,
      details: { app_id: guardedApp, app: 'Payroll' },
    });
  });

  it('sends a mail stage code through the real mail server and accepts it', async () => {
    await setLaFlow(acmeId, [['mail']]);
    try {
      const m = await newMember({ email: 'mail-stage@acme.example' });
      const token = await staff();
      expect((await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, token)).status).toBe(201);
      const s = await start(m.username);
      expect(s.body.stage.kinds).toEqual(['mail']);
      const since = h.sink.mails.length;
      const sent = await post(h.app, `assistant/sign-in/${s.body.sign_in_id}/send/`, { kind: 'mail' });
      expect(sent.status).toBe(202);
      const otp = await h.sink.otpFor('mail-stage@acme.example', since);
      // Unknown usernames get the same answer, and nothing is sent.
      const unknown = await start('nobody-at-all');
      expect(await post(h.app, `assistant/sign-in/${unknown.body.sign_in_id}/send/`, { kind: 'mail' })).toEqual(sent);
      // A kind the stage does not offer is refused.
      expect((await post(h.app, `assistant/sign-in/${s.body.sign_in_id}/send/`, { kind: 'sms' })).status).toBe(400);

      const done = await verify(s.body.sign_in_id, 'mail', otp);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ done: true, token_type: 'Bearer' });
      expect((await call(h.app, 'GET', 'assistant/me/', done.body.access_token)).status).toBe(200);
    } finally {
      await setLaFlow(acmeId, [['password'], ['totp']]);
    }
  });

  it('sends no code to a mail credential that was never confirmed (one started in the enrolment portal)', async () => {
    await setLaFlow(acmeId, [['mail']]);
    try {
      const m = await newMember({ email: 'unconfirmed-mail@acme.example' });
      const token = await staff();
      const created = await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, token);
      expect(created.status).toBe(201);
      const id = created.body.credential.id as string;
      const codeSent = async () =>
        (await db().select().from(credentials).where(eq(credentials.id, id)))[0]?.codeExpiresAt != null;
      await db().update(credentials).set({ isEnrolled: false }).where(eq(credentials.id, id));
      const s = await start(m.username);
      // The same answer as for a member with a confirmed credential, and no code is made or sent.
      expect((await post(h.app, `assistant/sign-in/${s.body.sign_in_id}/send/`, { kind: 'mail' })).status).toBe(202);
      expect(await codeSent()).toBe(false);
      // Once confirmed, the same call sends one.
      await db().update(credentials).set({ isEnrolled: true }).where(eq(credentials.id, id));
      const since = h.sink.mails.length;
      expect((await post(h.app, `assistant/sign-in/${s.body.sign_in_id}/send/`, { kind: 'mail' })).status).toBe(202);
      expect(await codeSent()).toBe(true);
      await h.sink.otpFor('unconfirmed-mail@acme.example', since);
    } finally {
      await setLaFlow(acmeId, [['password'], ['totp']]);
    }
  });

  it('answers a wrong value, an unknown username and a blocked member identically', async () => {
    const m = await newMember();
    const blocked = await newMember();
    const token = await staff();
    expect((await post(h.app, `users/${blocked.id}/block/`, {}, token)).status).toBeLessThan(300);
    const answers = [];
    for (const [username, value] of [
      [m.username, 'wrong-password'],
      ['no-such-member', PASSWORD],
      [blocked.username, PASSWORD],
    ] as const) {
      const s = await start(username);
      expect(s.status).toBe(201);
      expect(Object.keys(s.body).sort()).toEqual(['expires_in', 'sign_in_id', 'stage']);
      answers.push(await verify(s.body.sign_in_id, 'password', value));
    }
    expect(answers[0]).toEqual({ status: 401, body: { reason: ERRORS.login, code: 'login' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // A kind the member lacks is the same failure too.
    await setLaFlow(acmeId, [['hotp']]);
    try {
      const s = await start(m.username);
      expect(await verify(s.body.sign_in_id, 'hotp', '123456')).toEqual(answers[0]);
    } finally {
      await setLaFlow(acmeId, [['password'], ['totp']]);
    }
  });

  it('spends a sign-in after five wrong answers, and locks a credential at its own limit', async () => {
    const m = await newMember();
    await setLaFlow(acmeId, [['pin']]);
    try {
      const s = await start(m.username);
      for (let i = 0; i < 5; i++) expect((await verify(s.body.sign_in_id, 'pin', '999999')).status).toBe(401);
      expect(await verify(s.body.sign_in_id, 'pin', PIN)).toMatchObject({
        status: 404,
        body: { code: 'assistantSignInExpired' },
      });
      // The PIN reached the customer's max attempts (5): locked, so even the right PIN fails now.
      const again = await start(m.username);
      expect(await verify(again.body.sign_in_id, 'pin', PIN)).toMatchObject({ status: 401, body: { code: 'login' } });
      const creds = await call(h.app, 'GET', `users/${m.id}/credentials/`, await staff());
      expect(creds.body.find((c: { type: string }) => c.type === 'pin')).toMatchObject({ locked: true });
    } finally {
      await setLaFlow(acmeId, [['password'], ['totp']]);
    }
  });

  it('throttles repeated failures for a username like the staff sign-in (429)', async () => {
    const m = await newMember();
    for (let i = 0; i < 6; i++) {
      const s = await start(m.username);
      expect((await verify(s.body.sign_in_id, 'password', `wrong-${i}`)).status).toBe(401);
    }
    const s = await start(m.username);
    const barred = await verify(s.body.sign_in_id, 'password', PASSWORD);
    expect(barred).toMatchObject({ status: 429, body: { code: 'signInThrottled' } });
    // The bar lifts by itself.
    h.clock.advance(31);
    expect((await verify(s.body.sign_in_id, 'password', PASSWORD)).body).toMatchObject({ done: false });
  });

  it('refuses a sign-in that has expired, and removes it when the next one starts', async () => {
    const m = await newMember();
    const s = await start(m.username);
    h.clock.advance(5 * 60 + 1);
    expect(await verify(s.body.sign_in_id, 'password', PASSWORD)).toEqual({
      status: 404,
      body: { reason: ERRORS.assistantSignInExpired, code: 'assistantSignInExpired' },
    });
    const left = () =>
      db()
        .select({ id: assistantSessions.id })
        .from(assistantSessions)
        .where(eq(assistantSessions.tokenHash, sha256(s.body.sign_in_id)));
    expect(await left()).toHaveLength(1);
    expect((await start(m.username)).status).toBe(201);
    expect(await left()).toEqual([]);
  });

  it('ends the flow early on a terminating credential', async () => {
    await setLaFlow(acmeId, [['password', 'pin'], ['totp']], ['pin']);
    try {
      const m = await newMember();
      const s = await start(m.username);
      expect(s.body.stage).toEqual({ index: 0, count: 2, kinds: ['password', 'pin'] });
      const done = await verify(s.body.sign_in_id, 'pin', PIN);
      expect(done.body).toMatchObject({ done: true, token_type: 'Bearer' });
      // A kind of a later stage is not accepted early.
      const other = await start(m.username);
      expect((await verify(other.body.sign_in_id, 'totp', code(m))).status).toBe(400);
    } finally {
      await setLaFlow(acmeId, [['password'], ['totp']]);
    }
  });

  it('refuses everything for customers without the login assistant, and without a flow', async () => {
    const m = await newMember();
    const token = await session(m);
    await db().update(customers).set({ laEnabled: false }).where(eq(customers.id, acmeId));
    try {
      expect(await start(m.username)).toMatchObject({ status: 403, body: { code: 'laDisabled' } });
      expect(await call(h.app, 'GET', 'assistant/me/', token)).toMatchObject({
        status: 403,
        body: { code: 'laDisabled' },
      });
    } finally {
      await db().update(customers).set({ laEnabled: true }).where(eq(customers.id, acmeId));
    }
    const globex = await customerIdByName(h, 'Globex');
    expect(await start('anyone', {}, undefined, globex)).toMatchObject({ status: 403, body: { code: 'laDisabled' } });
    await db().update(customers).set({ laEnabled: true }).where(eq(customers.id, globex));
    try {
      expect(await start('anyone', {}, undefined, globex)).toMatchObject({
        status: 422,
        body: { code: 'laFlowNotSet' },
      });
    } finally {
      await db().update(customers).set({ laEnabled: false }).where(eq(customers.id, globex));
    }
  });

  it("keeps a session to its own customer: another customer's apps and credentials are not found", async () => {
    const globexId = await customerIdByName(h, 'Globex');
    await db().update(customers).set({ laEnabled: true }).where(eq(customers.id, globexId));
    try {
      await setLaFlow(globexId, [['password']]);
      const globex = (await signIn(h, 'admin@globex.example')).access;
      const gm = await createMember(h, globex);
      expect(
        (await post(h.app, `users/${gm.id}/credentials/`, { type: 'password', value: PASSWORD }, globex)).status,
      ).toBe(201);
      const [glg] = await db().insert(loginGroups).values({ customerId: globexId, name: 'Globex office' }).returning();
      await addLaUser(globexId, gm.id, glg?.id as string, 'globex-user', 'globex-secret');

      const s = await start(gm.username, {}, undefined, globexId);
      const done = await verify(s.body.sign_in_id, 'password', PASSWORD);
      expect(done.status).toBe(200);
      const token = done.body.access_token;
      expect((await call(h.app, 'GET', 'assistant/me/', token)).body).toMatchObject({
        member: { id: gm.id },
        apps: [],
        login_groups: [{ name: 'Globex office' }],
      });
      expect(await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token)).toMatchObject({
        status: 404,
        body: { code: 'laAppNotFound' },
      });
      const acmeCredential = await db().select({ id: laUsers.id }).from(laUsers).where(eq(laUsers.customerId, acmeId));
      expect((await call(h.app, 'PATCH', `assistant/credentials/${acmeCredential[0]?.id}/`, token, {})).status).toBe(
        404,
      );
      // A step-up for an Acme member with the Globex session is refused.
      const m = await newMember();
      expect((await start(m.username, { app_id: plainApp }, token)).status).toBe(401);
      // The same username in Acme is another member: the sign-in is for the customer named.
      expect((await start(gm.username)).status).toBe(201);
    } finally {
      await db().update(customers).set({ laEnabled: false }).where(eq(customers.id, globexId));
    }
  });

  it('lets members add credentials and change passwords only as the la settings allow', async () => {
    const m = await newMember({}, false);
    const token = await session(m);
    const input = { loginGroupId, username: 'self-made', password: 'Typed-by-member-1' };
    expect(await post(h.app, 'assistant/credentials/', input, token)).toMatchObject({
      status: 403,
      body: { code: 'laSettingForbids' },
    });
    await setLa({ user_create_credential: true });
    const before = await db().select().from(loginGroups).where(eq(loginGroups.id, loginGroupId));
    const created = await post(h.app, 'assistant/credentials/', input, token);
    expect(created).toMatchObject({ status: 201, body: { password: null } });
    const after = await db().select().from(loginGroups).where(eq(loginGroups.id, loginGroupId));
    expect(after[0]?.credentialsCount).toBe((before[0]?.credentialsCount ?? 0) + 1);
    expect(await post(h.app, 'assistant/credentials/', input, token)).toMatchObject({
      status: 409,
      body: { code: 'laUserExists' },
    });
    const [stored] = await db().select().from(laUsers).where(eq(laUsers.id, created.body.id));
    expect(stored?.passwordEnc).not.toContain('Typed-by-member-1');
    expect(await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token)).toMatchObject({
      body: { username: 'self-made', password: 'Typed-by-member-1' },
    });

    // Forced generation: a sent password is refused, none gets one made by the server.
    await setLa({ force_password_generation: true });
    const patchUrl = `assistant/credentials/${created.body.id}/`;
    expect(await call(h.app, 'PATCH', patchUrl, token, { password: 'Mine-again-2' })).toMatchObject({
      status: 422,
      body: { code: 'laPasswordGenerated' },
    });
    const generated = await call(h.app, 'PATCH', patchUrl, token, {});
    expect(generated.status).toBe(200);
    expect(generated.body.password).toHaveLength(20);
    expect(await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token)).toMatchObject({
      body: { password: generated.body.password },
    });

    // Another member's credential is not theirs to change.
    const other = await newMember();
    const [otherCredential] = await db()
      .select({ id: laUsers.id })
      .from(laUsers)
      .where(and(eq(laUsers.memberId, other.id), eq(laUsers.loginGroupId, loginGroupId)));
    expect((await call(h.app, 'PATCH', `assistant/credentials/${otherCredential?.id}/`, token, {})).status).toBe(404);

    await setLa({ user_change_password: false, force_password_generation: false });
    expect(await call(h.app, 'PATCH', patchUrl, token, { password: 'Mine-again-3' })).toMatchObject({
      status: 403,
      body: { code: 'laSettingForbids' },
    });

    // Autologon reaches the assistant only while the customer's setting is on.
    await db().update(laUsers).set({ autologon: true }).where(eq(laUsers.id, created.body.id));
    expect((await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token)).body.autologon).toBe(false);
    await setLa({ autologon: true });
    expect((await call(h.app, 'GET', `assistant/apps/${plainApp}/credential/`, token)).body.autologon).toBe(true);
    await setLa({ user_create_credential: false, user_change_password: true, autologon: false });
  });

  it('ends the session and its step-ups on sign-out', async () => {
    const m = await newMember();
    const token = await session(m);
    const up = await start(m.username, { app_id: guardedApp }, token);
    expect((await post(h.app, 'assistant/sign-out/', undefined, token)).status).toBe(204);
    expect(await call(h.app, 'GET', 'assistant/me/', token)).toMatchObject({
      status: 401,
      body: { code: 'unauthenticated' },
    });
    expect((await verify(up.body.sign_in_id, 'pin', PIN)).status).toBe(404);
    expect((await post(h.app, 'assistant/sign-out/', undefined, token)).status).toBe(401);
  });

  it("ends the member's session and sign-ins in progress when an operator blocks them; unblocked, they sign in afresh", async () => {
    const m = await newMember();
    const token = await session(m);
    const up = await start(m.username, { app_id: guardedApp }, token);
    expect((await post(h.app, `users/${m.id}/block/`, {}, await staff())).status).toBe(200);
    expect((await post(h.app, `users/${m.id}/unblock/`, {}, await staff())).status).toBe(200);
    expect((await call(h.app, 'GET', 'assistant/me/', token)).status).toBe(401);
    expect((await verify(up.body.sign_in_id, 'pin', PIN)).status).toBe(404);
    expect((await call(h.app, 'GET', 'assistant/me/', await session(m))).status).toBe(200);
  });
});
