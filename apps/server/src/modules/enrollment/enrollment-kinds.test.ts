/**
 * Each kind of credential as a member sets it up through the enrolment link, with its real
 * verification: TOTP and HOTP codes, mail codes from the SMTP sink, SMS codes from a gateway,
 * password and PIN bounds, the app on its device, keys and certificates; what the group and the
 * enroller settings forbid; attempt limits.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ERRORS, LOGIN_OTP_MAX_TRIES } from '@portiere/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { enroll, mailedLink } from '../../test/enrollment-links.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftDevice } from '../../test/soft-device.ts';
import { hotpAt } from '../credentials/otp.ts';

const CERT = fs.readFileSync(path.join(import.meta.dirname, '../../test/fixtures/smartcard-cert.pem'), 'utf8');

describe.each(testDatabases())('setting up each kind through the link on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let sms: { server: http.Server; url: string; received: { to: string; message: string }[] };
  let memberNo = 0;

  /** A new member of Acme (in `group` when given) and the token of their mailed link. */
  const linkOf = async (fields: Record<string, unknown> = {}) => {
    memberNo += 1;
    const email = `kind${memberNo}@acme.example`;
    const m = await createMember(h, acme, { email, first_name: `Kind${memberNo}`, ...fields });
    return { member: m, token: await mailedLink(h, acme, m.id, email), email };
  };
  const start = (token: string, body: Record<string, unknown>) => enroll(h, token, 'credentials/', 'POST', body);
  const confirm = (token: string, id: string, value: string) =>
    enroll(h, token, `credentials/${id}/confirm/`, 'POST', { value });
  const settings = (patch: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, patch);
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  /** The refusal's field errors by their catalogue keys (the messages are the catalogue's). */
  const fieldKeys = (res: { body: { details?: Record<string, { key: string }> } }) =>
    Object.fromEntries(Object.entries(res.body.details ?? {}).map(([field, e]) => [field, e.key]));

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const received: typeof sms.received = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('{"status":"queued"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    sms = { server, received, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/send` };
    await settings({ general: { sms_endpoint: sms.url, sms_api_token: 'gw-token', sms_message: 'Code {otp}' } });
  });
  // A fresh staff token, and a new minute for the per-link limits.
  beforeEach(async () => {
    acme = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(async () => {
    sms?.server.close();
    await h?.close();
  });

  it('TOTP: one code from the QR secret confirms it; a second TOTP is refused', async () => {
    await settings({ sca: { totp_credential: { algorithm: 'SHA256', length: 8, time_step: 60 } } });
    const { token, member } = await linkOf();
    expect((await enroll(h, token)).body.policy.totp_length).toBe(8);
    const { body } = await start(token, { type: 'totp' });
    expect(body.otpauth_uri).toContain('algorithm=SHA256');
    const totp = new TOTP({ secret: Secret.fromBase32(body.secret), algorithm: 'SHA256', digits: 8, period: 60 });
    const code = totp.generate({ timestamp: h.clock.now().getTime() });
    expect((await confirm(token, body.credential.id, code)).body).toMatchObject({ ok: true });
    // Confirmed: no more codes are taken here.
    expect((await confirm(token, body.credential.id, code)).body.code).toBe('credentialNotTestable');
    expect(await start(token, { type: 'totp' })).toEqual({
      status: 409,
      body: {
        reason: 'A totp credential for this user already exists.',
        code: 'credentialExists',
        params: { type: 'totp' },
      },
    });
    const staffView = (await call(h.app, 'GET', `users/${member.id}/credentials/`, acme)).body;
    expect(staffView).toEqual([expect.objectContaining({ type: 'totp', isEnrolled: true })]);
    await settings({ sca: { totp_credential: { algorithm: 'SHA1', length: 6, time_step: 30 } } });
  });

  it('HOTP: the code of counter 0 confirms it', async () => {
    const { token } = await linkOf();
    const { body } = await start(token, { type: 'hotp' });
    expect(body.otpauth_uri).toContain('counter=0');
    const code = hotpAt(body.secret, { algorithm: 'SHA1', digits: 6, window: 10 }, 0);
    expect((await confirm(token, body.credential.id, code)).body).toMatchObject({
      ok: true,
      credential: { type: 'hotp', enrolled: true },
    });
  });

  it('HOTP: wrong codes lock it after its maximum, and the lock is reported', async () => {
    await settings({ sca: { hotp_credential: { max_attempts: 3 } } });
    const { token } = await linkOf();
    const { body } = await start(token, { type: 'hotp' });
    const id = body.credential.id;
    expect((await confirm(token, id, '000000')).body).toMatchObject({ ok: false, locked: false, attempts_left: 2 });
    expect((await confirm(token, id, '000001')).body).toMatchObject({ ok: false, locked: false, attempts_left: 1 });
    expect((await confirm(token, id, '000002')).body).toMatchObject({ ok: false, locked: true, attempts_left: 0 });
    const right = hotpAt(body.secret, { algorithm: 'SHA1', digits: 6, window: 10 }, 0);
    expect((await confirm(token, id, right)).body).toMatchObject({
      ok: false,
      locked: true,
      credential: { enrolled: false },
    });
    await settings({ sca: { hotp_credential: { max_attempts: 5 } } });
  });

  it('mail: the code mailed to the member confirms it; the address is shown partly hidden', async () => {
    const { token, email } = await linkOf();
    const since = h.sink.mails.length;
    const { status, body } = await start(token, { type: 'mail' });
    expect(status).toBe(201);
    expect(body.sent_to).toBe(`k***@acme.example`);
    expect(body.credential).toMatchObject({ type: 'mail', enrolled: false, target: 'k***@acme.example' });
    const code = codeIn((await h.sink.waitFor(email, since)).subject);
    expect((await confirm(token, body.credential.id, code)).body).toMatchObject({
      ok: true,
      credential: { enrolled: true },
    });
    expect(JSON.stringify((await enroll(h, token)).body)).not.toContain(email);
  });

  it('mail: a given address gets the code; a wrong code is spent after the tries a mailed code allows', async () => {
    const { token } = await linkOf();
    const bad = await start(token, { type: 'mail', target: 'not-an-address' });
    expect(bad).toMatchObject({
      status: 400,
      body: { reason: ERRORS.credentialInvalidInput, code: 'credentialInvalidInput' },
    });
    expect(fieldKeys(bad)).toEqual({ target: 'email' });
    expect((await enroll(h, token)).body.credentials).toEqual([]);
    const since = h.sink.mails.length;
    const { body } = await start(token, { type: 'mail', target: 'private.box@example.org' });
    expect(body.sent_to).toBe('p***@example.org');
    const code = codeIn((await h.sink.waitFor('private.box@example.org', since)).subject);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < LOGIN_OTP_MAX_TRIES; i++) {
      expect((await confirm(token, body.credential.id, wrong)).body.ok).toBe(false);
    }
    expect((await confirm(token, body.credential.id, code)).body).toMatchObject({
      ok: false,
      credential: { enrolled: false },
    });
    // A new code (not within the minute of the last one) confirms it.
    h.clock.advance(61);
    const again = h.sink.mails.length;
    const resent = await enroll(h, token, `credentials/${body.credential.id}/send/`, 'POST');
    expect(resent.body).toMatchObject({ sent_to: 'p***@example.org', credential: { enrolled: false } });
    const fresh = codeIn((await h.sink.waitFor('private.box@example.org', again)).subject);
    expect((await confirm(token, body.credential.id, fresh)).body.ok).toBe(true);
  });

  it('SMS: the code the gateway carries confirms it; one code a minute', async () => {
    const { token } = await linkOf({ phone_number: '+393331234567' });
    const before = sms.received.length;
    const { body } = await start(token, { type: 'sms' });
    expect(body.sent_to).toBe('+39******4567');
    expect(sms.received.length).toBe(before + 1);
    const first = sms.received.at(-1);
    expect(first?.to).toBe('+393331234567');
    // Within the minute: no second SMS, the first code stays good.
    const resent = await enroll(h, token, `credentials/${body.credential.id}/send/`, 'POST');
    expect(resent.status).toBe(200);
    expect(sms.received.length).toBe(before + 1);
    expect((await confirm(token, body.credential.id, codeIn(first?.message ?? ''))).body).toMatchObject({
      ok: true,
      credential: { type: 'sms', enrolled: true, target: '+39******4567' },
    });
    const { token: other } = await linkOf();
    expect(fieldKeys(await start(other, { type: 'sms', target: '+39123' }))).toEqual({ target: 'phone' });
  });

  it('password and PIN: set at once within the bounds', async () => {
    await settings({ sca: { pin_credential: { min_length: 5, max_length: 6 } } });
    const { token } = await linkOf();
    expect((await enroll(h, token)).body.policy).toMatchObject({ pin_min_length: 5, pin_max_length: 6 });
    const short = await start(token, { type: 'password', value: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.details).toMatchObject({ value: { key: 'minLength', params: { min: 10 } } });
    expect(fieldKeys(await start(token, { type: 'password', value: '1234567890123' }))).toEqual({
      value: 'notOnlyNumbers',
    });
    const password = await start(token, { type: 'password', value: 'correct horse battery' });
    expect(password.status).toBe(201);
    expect(password.body.credential).toMatchObject({ type: 'password', enrolled: true });
    expect((await start(token, { type: 'pin', value: '1234' })).body.details).toMatchObject({
      value: { key: 'pinLength', params: { min: 5, max: 6 } },
    });
    expect((await start(token, { type: 'pin', value: '1234567' })).status).toBe(400);
    expect(fieldKeys(await start(token, { type: 'pin', value: '12a45' }))).toEqual({ value: 'onlyNumbers' });
    const pin = await start(token, { type: 'pin', value: '24680' });
    expect(pin.body.credential).toMatchObject({ type: 'pin', enrolled: true });
    // Confirmed at once: nothing to drop or confirm.
    expect((await enroll(h, token, `credentials/${pin.body.credential.id}/`, 'DELETE')).status).toBe(403);
    expect((await confirm(token, pin.body.credential.id, '24680')).body.code).toBe('credentialNotTestable');
    expect((await enroll(h, token, 'complete/', 'POST')).status).toBe(200);
    await settings({ sca: { pin_credential: { min_length: 4, max_length: 8 } } });
  });

  it('app: pending until the device enrols with its confirmation code, then enrolled', async () => {
    const { token, member } = await linkOf();
    const { body } = await start(token, { type: 'app' });
    expect(body.confirmation_code).toMatch(/^\d{8}$/);
    expect(body.enrollment_url).toContain(`code=${body.confirmation_code}`);
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);
    const id = body.credential.id;
    expect((await enroll(h, token, `credentials/${id}/`)).body).toEqual({
      id,
      type: 'app',
      description: '',
      enrolled: false,
      target: null,
    });
    expect((await enroll(h, token, 'complete/', 'POST')).body.code).toBe('enrollmentNothingEnrolled');
    const device = await new SoftDevice(() => h.clock.now().getTime()).enroll(h.app, body.confirmation_code);
    expect(device.body).toMatchObject({ id, status: 'active' });
    expect((await enroll(h, token, `credentials/${id}/`)).body.enrolled).toBe(true);
    expect((await enroll(h, token, 'complete/', 'POST')).status).toBe(200);
    expect((await call(h.app, 'GET', `users/${member.id}/`, acme)).body.enrolled).toBe(true);
  });

  it('drops a credential started and not confirmed, so it can be started again', async () => {
    const { token, member } = await linkOf();
    const first = await start(token, { type: 'app' });
    expect((await enroll(h, token, `credentials/${first.body.credential.id}/`, 'DELETE')).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${member.id}/credentials/`, acme)).body).toEqual([]);
    expect((await start(token, { type: 'app' })).status).toBe(201);
  });

  it('key pair and smartcard certificate: checked and stored', async () => {
    const { token } = await linkOf();
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const key = await start(token, { type: 'keypair', public_key: pem });
    expect(key.status).toBe(201);
    expect(key.body.credential).toMatchObject({ type: 'keypair', enrolled: true });
    expect(fieldKeys(await start(token, { type: 'keypair', public_key: 'not a key' }))).toEqual({
      public_key: 'publicKey',
    });
    const card = await start(token, { type: 'smartcard', certificate: CERT });
    expect(card.body.credential).toMatchObject({ type: 'smartcard', enrolled: true });
  });

  it('offers only what the group allows and the enroller settings enable; anything else is 403', async () => {
    const forbidden = {
      status: 403,
      body: { reason: ERRORS.enrollmentKindNotAllowed, code: 'enrollmentKindNotAllowed' },
    };
    const group = await post(
      h.app,
      'groups/',
      { name: `Enrol ${Date.now()}`, allowed: ['password', 'totp', 'app'], app_credential_biometry: 'none' },
      acme,
    );
    const { token, member } = await linkOf({ group_id: group.body.id });
    // Key pairs and smartcards are governed by no group switch: offered as in the console.
    expect((await enroll(h, token)).body.allowed).toEqual(['password', 'app', 'totp', 'keypair', 'smartcard']);
    expect(await start(token, { type: 'pin', value: '1234' })).toEqual(forbidden);
    expect(await start(token, { type: 'app_biometry' })).toEqual(forbidden);

    await settings({ enroller: { token: false, personal: true, smartphone: false } });
    expect((await enroll(h, token)).body.allowed).toEqual(['password']);
    expect(await start(token, { type: 'totp' })).toEqual(forbidden);
    expect(await start(token, { type: 'app' })).toEqual(forbidden);
    await settings({ enroller: { token: true, personal: false, smartphone: true } });
    expect(await start(token, { type: 'password', value: 'correct horse battery' })).toEqual(forbidden);
    expect((await call(h.app, 'GET', `users/${member.id}/credentials/`, acme)).body).toEqual([]);
    await settings({ enroller: { token: true, personal: true, smartphone: true } });

    const trail = (await call(h.app, 'GET', `audit/?target_id=${member.id}&outcome=failure`, acme)).body;
    expect(trail.results[0]).toMatchObject({
      action: 'enrollment.credential_started',
      actor_type: 'member',
      reason: 'enrollmentKindNotAllowed',
    });
  });

  it('limits the codes tried and sent per link, whatever the address', async () => {
    const { token } = await linkOf();
    const { body } = await start(token, { type: 'totp' });
    const tries = [];
    for (let i = 0; i < 11; i++) {
      tries.push((await confirm(token, body.credential.id, '000000')).status);
    }
    expect(tries.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(tries[10]).toBe(429);
    const limited = await confirm(token, body.credential.id, '000000');
    expect(limited.body).toEqual({ reason: ERRORS.rateLimited, code: 'rateLimited' });
    // Another link is counted apart.
    const { token: other } = await linkOf();
    const started = await start(other, { type: 'totp' });
    expect((await confirm(other, started.body.credential.id, '000000')).status).toBe(200);
  });
});
