/**
 * The enrolment link: mailed by the console's action, good once, bound to its member and
 * customer, expiring; a spent or expired one can ask the managers for a new one; the token never
 * reaches the log.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { ENROLLMENT_LINK_HOURS, ERRORS } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { importPKCS8, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollmentLinks, mailQueue } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { enroll, mailedLink } from '../../test/enrollment-links.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { issueLink } from './link.ts';

const refused = (code: 'enrollmentLinkInvalid' | 'enrollmentLinkExpired' | 'enrollmentLinkUsed') => ({
  status: 410,
  body: { reason: ERRORS[code], code },
});

describe.each(testDatabases())('enrolment links on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let logText = '';
  const log = {
    write: (line: string) => {
      logText += line;
    },
  };

  const newMember = async (name: string, fields: Record<string, unknown> = {}) =>
    createMember(h, acme, { email: `${name}@acme.example`, first_name: name, ...fields });
  const settings = (patch: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, patch);
  /** A TOTP set up and confirmed through the link, so the member can complete. */
  const enrolTotp = async (token: string) => {
    const started = await enroll(h, token, 'credentials/', 'POST', { type: 'totp' });
    expect(started.status).toBe(201);
    const totp = new TOTP({ secret: Secret.fromBase32(started.body.secret) });
    const code = totp.generate({ timestamp: h.clock.now().getTime() });
    const confirmed = await enroll(h, token, `credentials/${started.body.credential.id}/confirm/`, 'POST', {
      value: code,
    });
    expect(confirmed.body).toMatchObject({ ok: true, credential: { enrolled: true } });
    return started.body.credential.id as string;
  };

  beforeAll(async () => {
    h = await startHarness(database, {}, log);
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
  });
  // Keeps the staff token fresh whatever the tests do with the clock.
  beforeEach(async () => {
    acme = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h?.close());

  it('works once: set up, confirm, complete; the member is enrolled and the link is spent', async () => {
    await settings({ sca: { callback_url_successful_enroll: 'https://intranet.acme.example/welcome' } });
    const m = await newMember('ada', { last_name: 'Lovelace' });
    const token = await mailedLink(h, acme, m.id, 'ada@acme.example');

    const session = await enroll(h, token);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      member: { first_name: 'ada', username: m.username },
      customer_id: customerId,
      language: 'en',
      credentials: [],
      policy: { password_min_length: 10, pin_min_length: 4, pin_max_length: 8, totp_length: 6, hotp_length: 6 },
    });
    expect(session.body.allowed).toContain('totp');
    const expires = Date.parse(session.body.expires_at) - h.clock.now().getTime();
    expect(Math.abs(expires - ENROLLMENT_LINK_HOURS * 3_600_000)).toBeLessThan(60_000);

    const early = await enroll(h, token, 'complete/', 'POST');
    expect(early).toEqual({
      status: 422,
      body: { reason: ERRORS.enrollmentNothingEnrolled, code: 'enrollmentNothingEnrolled' },
    });

    const started = await enroll(h, token, 'credentials/', 'POST', { type: 'totp' });
    expect(started.status).toBe(201);
    expect(started.body.credential).toMatchObject({ type: 'totp', enrolled: false, target: null });
    expect(started.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const id = started.body.credential.id;
    const wrong = await enroll(h, token, `credentials/${id}/confirm/`, 'POST', { value: '000000' });
    expect(wrong.body).toMatchObject({ ok: false, locked: false, credential: { enrolled: false } });
    const code = new TOTP({ secret: Secret.fromBase32(started.body.secret) }).generate({
      timestamp: h.clock.now().getTime(),
    });
    const right = await enroll(h, token, `credentials/${id}/confirm/`, 'POST', { value: code });
    expect(right.body).toMatchObject({ ok: true, locked: false, credential: { id, enrolled: true } });
    expect((await enroll(h, token)).body.credentials).toEqual([
      { id, type: 'totp', description: '', enrolled: true, target: null },
    ]);

    const done = await enroll(h, token, 'complete/', 'POST');
    expect(done).toEqual({ status: 200, body: { redirect_url: 'https://intranet.acme.example/welcome' } });
    const member = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body;
    expect(member.enrolled).toBe(true);
    expect(Date.parse(member.enrolled_at)).toBeGreaterThan(0);

    for (const [path, method] of [
      ['', 'GET'],
      ['credentials/', 'POST'],
      [`credentials/${id}/`, 'GET'],
      ['complete/', 'POST'],
    ] as const) {
      expect(
        await enroll(h, token, path, method, method === 'POST' ? { type: 'pin', value: '1234' } : undefined),
      ).toEqual(refused('enrollmentLinkUsed'));
    }

    // What the operator sees in the trail: the member's own steps.
    const trail = (await call(h.app, 'GET', `audit/?target_id=${m.id}`, acme)).body.results as {
      action: string;
      actor_type: string;
      outcome: string;
    }[];
    const byMember = trail.filter((e) => e.actor_type === 'member').map((e) => `${e.action} ${e.outcome}`);
    expect(byMember.sort()).toEqual([
      'enrollment.completed failure',
      'enrollment.completed success',
      'enrollment.credential_confirmed failure',
      'enrollment.credential_confirmed success',
      'enrollment.credential_started success',
    ]);
  });

  it('answers redirect_url null without a callback URL', async () => {
    await settings({ sca: { callback_url_successful_enroll: '' } });
    const m = await newMember('bea');
    const token = await mailedLink(h, acme, m.id, 'bea@acme.example');
    await enrolTotp(token);
    expect(await enroll(h, token, 'complete/', 'POST')).toEqual({ status: 200, body: { redirect_url: null } });
  });

  it('keeps older links open when a new one is sent, and spends them all on completion', async () => {
    const m = await newMember('cleo');
    const first = await mailedLink(h, acme, m.id, 'cleo@acme.example');
    const second = await mailedLink(h, acme, m.id, 'cleo@acme.example');
    expect(first).not.toBe(second);
    expect((await enroll(h, first)).status).toBe(200);
    expect((await enroll(h, second)).status).toBe(200);
    await enrolTotp(second);
    expect((await enroll(h, second, 'complete/', 'POST')).status).toBe(200);
    expect(await enroll(h, first)).toEqual(refused('enrollmentLinkUsed'));
    expect(await enroll(h, second)).toEqual(refused('enrollmentLinkUsed'));
    // A link sent after completion is a new one.
    const third = await mailedLink(h, acme, m.id, 'cleo@acme.example');
    expect((await enroll(h, third)).body.credentials).toEqual([expect.objectContaining({ enrolled: true })]);
  });

  it('refuses an expired link, and one whose clock ran out while open', async () => {
    const m = await newMember('dora');
    const db = h.app.services.db;
    const past = new Date(h.clock.now().getTime() - (ENROLLMENT_LINK_HOURS * 3600 + 1) * 1000);
    const { token: expired } = await issueLink(db, h.app.services.keys, customerId, m.id, past);
    expect(await enroll(h, expired)).toEqual(refused('enrollmentLinkExpired'));
    expect(await enroll(h, expired, 'credentials/', 'POST', { type: 'totp' })).toEqual(
      refused('enrollmentLinkExpired'),
    );

    const token = await mailedLink(h, acme, m.id, 'dora@acme.example');
    expect((await enroll(h, token)).status).toBe(200);
    h.clock.advance(ENROLLMENT_LINK_HOURS * 3600 + 1);
    expect(await enroll(h, token)).toEqual(refused('enrollmentLinkExpired'));
  });

  it('refuses tampered, foreign-signed and unrecorded tokens, and binds a token to its member and customer', async () => {
    const m = await newMember('eve');
    const token = await mailedLink(h, acme, m.id, 'eve@acme.example');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const keys = h.app.services.keys;
    const sign = (body: Record<string, unknown>, key = keys.privateKey) =>
      new SignJWT(body).setProtectedHeader({ alg: 'RS256', kid: keys.kid }).sign(key);

    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreignKey = await importPKCS8(
      foreign.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'RS256',
    );
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const globex = (await signIn(h, 'admin@globex.example')).access;
    const stranger = await createMember(h, globex, { email: 'stranger@globex.example' });
    const globexId = (await call(h.app, 'GET', 'me/', globex)).body.customer.id;
    const bad = {
      tampered: `${header}.${payload}.${flipped}`,
      'payload changed': `${header}.${otherPayload}.${signature}`,
      'foreign key': await sign(claims, foreignKey),
      'alg none': unsigned,
      'jti never recorded': await sign({ ...claims, jti: randomBytes(16).toString('base64url') }),
      'another purpose': await sign({ ...claims, purpose: 'access' }),
      // Signed by the server itself (the strongest forgery): the recorded jti does not follow.
      "another customer's member": await sign({ ...claims, sub: stranger.id, customer_id: globexId }),
      "another customer's member, this customer": await sign({ ...claims, sub: stranger.id }),
      'this member, another customer': await sign({ ...claims, customer_id: globexId }),
      garbage: 'not-a-token',
      long: 'x'.repeat(3000),
    };
    for (const [what, t] of Object.entries(bad)) {
      expect(await enroll(h, t), what).toEqual(refused('enrollmentLinkInvalid'));
      expect(await enroll(h, t, 'complete/', 'POST'), what).toEqual(refused('enrollmentLinkInvalid'));
    }
    // The genuine link still works, and only for its member.
    expect((await enroll(h, token)).body.member.username).toBe(m.username);
    // A credential id of another member is no credential of this link's member.
    const strangers = await post(h.app, `users/${stranger.id}/credentials/`, { type: 'totp' }, globex);
    const foreignId = strangers.body.credential.id;
    expect((await enroll(h, token, `credentials/${foreignId}/`)).status).toBe(404);
    expect((await enroll(h, token, `credentials/${foreignId}/`, 'DELETE')).status).toBe(404);
    expect((await enroll(h, token, `credentials/${foreignId}/confirm/`, 'POST', { value: '123456' })).status).toBe(404);
  });

  it('refuses the link of a blocked member', async () => {
    const m = await newMember('fay');
    const token = await mailedLink(h, acme, m.id, 'fay@acme.example');
    expect((await post(h.app, `users/${m.id}/block/`, {}, acme)).status).toBe(200);
    expect(await enroll(h, token)).toEqual(refused('enrollmentLinkInvalid'));
    expect((await post(h.app, `users/${m.id}/unblock/`, {}, acme)).status).toBe(200);
    expect((await enroll(h, token)).status).toBe(200);
  });

  it('asks the managers for a new link once a day, for expired or spent links only; 202 whatever the token', async () => {
    const managers = ['admin@acme.example', 'newhire@acme.example'];
    const mailsTo = (since: number) =>
      h.sink.mails
        .slice(since)
        .filter((mail) => /enrolment link requested/i.test(mail.subject))
        .map((mail) => mail.to)
        .sort();
    const ask = (token: string) => post(h.app, 'enroll/request-link/', { token });
    const m = await newMember('hal', { last_name: 'Jordan' });
    const db = h.app.services.db;

    // Garbage, an open link: 202 and no mail.
    let since = h.sink.mails.length;
    expect(await ask('garbage')).toEqual({ status: 202, body: undefined });
    const open = await mailedLink(h, acme, m.id, 'hal@acme.example');
    since = h.sink.mails.length;
    expect((await ask(open)).status).toBe(202);
    expect(mailsTo(since)).toEqual([]);

    // Expired: each manager is asked, once a day.
    const past = new Date(h.clock.now().getTime() - (ENROLLMENT_LINK_HOURS * 3600 + 60) * 1000);
    const { token: expired } = await issueLink(db, h.app.services.keys, customerId, m.id, past);
    since = h.sink.mails.length;
    expect((await ask(expired)).status).toBe(202);
    expect(mailsTo(since)).toEqual(managers);
    const mail = h.sink.mails.slice(since).find((x) => x.to.includes('admin@acme.example'));
    expect(mail?.subject).toBe(`New enrolment link requested for ${m.username}`);
    expect(mail?.text).toContain('hal Jordan');
    expect(mail?.text).toContain('has expired');
    expect(mail?.text).toContain(`/users/${m.id}`);
    expect(mail?.text).not.toContain(expired);
    since = h.sink.mails.length;
    expect((await ask(expired)).status).toBe(202);
    expect(mailsTo(since)).toEqual([]);

    // A day later, a spent link asks again.
    await db
      .update(enrollmentLinks)
      .set({ lastLinkRequestAt: new Date(h.clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(enrollmentLinks.memberId, m.id));
    await enrolTotp(open);
    expect((await enroll(h, open, 'complete/', 'POST')).status).toBe(200);
    since = h.sink.mails.length;
    expect((await ask(open)).status).toBe(202);
    expect(mailsTo(since)).toEqual(managers);
    expect(h.sink.mails.at(-1)?.text).toContain('was already used');

    const trail = (await call(h.app, 'GET', `audit/?target_id=${m.id}&action=enrollment.link_requested`, acme)).body;
    expect(trail.count).toBe(2);
    expect(trail.results[0]).toMatchObject({ actor_type: 'member', outcome: 'success', details: { managers: 2 } });
  });

  it('never writes the link token to the log', async () => {
    const m = await newMember('ivy');
    const token = await mailedLink(h, acme, m.id, 'ivy@acme.example');
    await enrolTotp(token);
    await enroll(h, token, 'complete/', 'POST');
    await enroll(h, token);
    await post(h.app, 'enroll/request-link/', { token });
    expect(logText).toContain('/api/v1/enroll/***/complete/');
    expect(logText).not.toContain(token);
    expect(logText).not.toContain(token.split('.')[2]);
  });
  it('keeps the link and its mail, queued, while the mail server is down', async () => {
    const m = await newMember('gil');
    const db = h.app.services.db;
    // Last in the file: the mail server stays down.
    await h.sink.stop();
    const sent = await post(h.app, `users/${m.id}/send-enrollment/`, {}, acme);
    expect(sent.status).toBe(200);
    expect(await db.select().from(enrollmentLinks).where(eq(enrollmentLinks.memberId, m.id))).toHaveLength(1);
    // Retried until the server is back (mail/queue.test.ts).
    expect((await db.select().from(mailQueue)).map((r) => [r.kind, r.attempts])).toEqual([['enrollment_link', 1]]);
  });
});
