import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations, credentials, customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftDevice } from '../../test/soft-device.ts';
import { hotpAt } from './otp.ts';

const CERT = fs.readFileSync(path.join(import.meta.dirname, '../../test/fixtures/smartcard-cert.pem'), 'utf8');

describe.each(testDatabases())('credentials on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let customerId: string;
  let sms: {
    server: http.Server;
    url: string;
    received: Array<{ to: string; sender: string; message: string; auth: string }>;
  };

  const newMember = (fields: Record<string, unknown> = {}) => createMember(h, acme, fields);
  const create = (memberId: string, body: Record<string, unknown>, token = acme) =>
    post(h.app, `users/${memberId}/credentials/`, body, token);
  const test = (memberId: string, credId: string, value: string) =>
    post(h.app, `users/${memberId}/credentials/${credId}/test/`, { value }, acme);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    const received: typeof sms.received = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ ...JSON.parse(body), auth: req.headers.authorization ?? '' });
        res.end('{"status":"queued"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    sms = { server, received, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/send` };
  });
  afterAll(async () => {
    sms.server.close();
    await h.close();
  });

  it('issues only what the CMS settings allow: app with cms.smartphone, tokens and keys with cms.token, temporary cards with cms.temporary', async () => {
    const settings = (body: Record<string, unknown>) =>
      call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: body });
    const m = await newMember({ email: 'cms.rules@acme.example' });
    await settings({ smartphone: false, token: false, temporary: false });
    try {
      const detail = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body;
      expect(detail.allowed_credential_types).toEqual(expect.arrayContaining(['app', 'totp', 'keypair']));
      expect(detail.issuable_credential_types).toEqual(['mail', 'sms', 'password', 'pin']);
      for (const type of ['app', 'totp', 'hotp', 'smartcard']) {
        const refused = await create(m.id, { type, certificate: CERT });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: 'credentialNotIssued' });
      }
      expect((await create(m.id, { type: 'mail' })).status).toBe(201);
      const cards = await post(h.app, 'temporary-cards/', { count: 1 }, acme);
      expect(cards.body).toMatchObject({ code: 'temporaryCardsOff' });
      // Nothing was made of what was refused.
      const held = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
      expect(held.map((c: { type: string }) => c.type)).toEqual(['mail']);
    } finally {
      await settings({ smartphone: true, token: true, temporary: true });
    }
    expect((await create(m.id, { type: 'totp' })).status).toBe(201);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.issuable_credential_types).toContain('app');
  });

  it('creates a TOTP with the customer settings, shows the secret once, and refuses a reused code', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      sca: { totp_credential: { algorithm: 'SHA256', length: 8, time_step: 60 } },
    });
    const m = await newMember();
    const res = await create(m.id, { type: 'totp', description: 'Phone authenticator' });
    expect(res.status).toBe(201);
    const { credential, enrollment } = res.body;
    expect(credential).toMatchObject({
      type: 'totp',
      isEnrolled: false,
      is_web: true,
      description: 'Phone authenticator',
    });
    expect(enrollment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Portiere:m\w+\?/);
    expect(enrollment.otpauth_uri).toContain('algorithm=SHA256');
    expect(enrollment.otpauth_uri).toContain('digits=8');
    expect(enrollment.otpauth_uri).toContain('period=60');
    expect(enrollment.qr_code).toMatch(/^data:image\/png;base64,/);
    // Encrypted at rest: the stored value is not the secret.
    const [row] = await h.app.services.db.select().from(credentials).where(eq(credentials.id, credential.id));
    expect(row?.secretEnc).not.toContain(enrollment.secret);
    expect(h.app.services.box.decrypt(row?.secretEnc ?? '')).toBe(enrollment.secret);
    // The listing never shows the secret again.
    expect(JSON.stringify((await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body)).not.toContain(
      enrollment.secret,
    );

    const totp = new TOTP({ secret: Secret.fromBase32(enrollment.secret), algorithm: 'SHA256', digits: 8, period: 60 });
    const code = totp.generate({ timestamp: h.clock.now().getTime() });
    expect((await test(m.id, credential.id, code)).body).toMatchObject({ ok: true });
    expect((await test(m.id, credential.id, code)).body).toMatchObject({ ok: false });
    expect((await test(m.id, credential.id, '00000000')).body.ok).toBe(false);
    const member = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body;
    expect(member).toMatchObject({ enrolled: true, credential_types: ['totp'] });
    expect(member.enrolled_at).toBeTruthy();
    h.clock.advance(60);
    expect((await test(m.id, credential.id, totp.generate({ timestamp: h.clock.now().getTime() }))).body.ok).toBe(true);

    const second = await create(m.id, { type: 'totp' });
    expect(second.status).toBe(409);
    expect(second.body.reason).toBe('A totp credential for this user already exists.');
  });

  it('locks a HOTP after max_attempts wrong codes, advances its counter, and unlocks', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      sca: { hotp_credential: { max_attempts: 3, window: 5 } },
    });
    const m = await newMember();
    const { credential, enrollment } = (await create(m.id, { type: 'hotp' })).body;
    expect(enrollment.otpauth_uri).toContain('counter=0');
    const p = { algorithm: 'SHA1' as const, digits: 6, window: 5 };
    expect((await test(m.id, credential.id, hotpAt(enrollment.secret, p, 2))).body).toMatchObject({ ok: true });
    // Counter moved past 2: that code and the earlier ones are spent.
    expect((await test(m.id, credential.id, hotpAt(enrollment.secret, p, 2))).body).toEqual({
      ok: false,
      locked: false,
      attempts_left: 2,
    });
    expect((await test(m.id, credential.id, '000000')).body).toEqual({ ok: false, locked: false, attempts_left: 1 });
    expect((await test(m.id, credential.id, '000001')).body).toEqual({ ok: false, locked: true, attempts_left: 0 });
    expect((await test(m.id, credential.id, hotpAt(enrollment.secret, p, 3))).body).toMatchObject({
      ok: false,
      locked: true,
    });
    const unlocked = await post(h.app, `users/${m.id}/credentials/${credential.id}/unlock/`, {}, acme);
    expect(unlocked.body).toMatchObject({ locked: false, failed_attempts: 0 });
    expect((await test(m.id, credential.id, hotpAt(enrollment.secret, p, 3))).body.ok).toBe(true);
  });

  it('hashes PINs with the customer bounds and locks after the PIN max_attempts', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      sca: { pin_credential: { min_length: 5, max_length: 6, max_attempts: 2 } },
    });
    const m = await newMember();
    expect((await create(m.id, { type: 'pin', value: '1234' })).body.details.value.message).toBe(
      'The PIN must have between 5 and 6 digits.',
    );
    expect((await create(m.id, { type: 'pin', value: '12a45' })).body.details.value.message).toBe(
      'Only numbers are allowed.',
    );
    const { credential } = (await create(m.id, { type: 'pin', value: '24680' })).body;
    const [row] = await h.app.services.db.select().from(credentials).where(eq(credentials.id, credential.id));
    expect(row?.secretHash).toMatch(/^\$argon2id\$/);
    expect((await test(m.id, credential.id, '24680')).body.ok).toBe(true);
    expect((await test(m.id, credential.id, '11111')).body).toEqual({ ok: false, locked: false, attempts_left: 1 });
    expect((await test(m.id, credential.id, '11112')).body).toEqual({ ok: false, locked: true, attempts_left: 0 });
    expect((await test(m.id, credential.id, '24680')).body.ok).toBe(false);
  });

  it('checks a password against the policy and verifies it', async () => {
    const m = await newMember();
    expect((await create(m.id, { type: 'password', value: '1234567890123' })).body.details.value.message).toBe(
      'The password cannot be only numbers.',
    );
    const { credential } = (await create(m.id, { type: 'password', value: 'Correct-horse-9', windows_login: true }))
      .body;
    expect(credential).toMatchObject({ windows_login: true, isEnrolled: true });
    expect((await test(m.id, credential.id, 'Correct-horse-9')).body.ok).toBe(true);
    expect((await test(m.id, credential.id, 'wrong')).body).toMatchObject({ ok: false, attempts_left: 9 });
  });

  it('enrols an app: pending with a code, active after the device call, pending again after reset', async () => {
    const m = await newMember();
    const { credential, enrollment } = (await create(m.id, { type: 'app' })).body;
    expect(credential).toMatchObject({ status: 'pending', isEnrolled: false, deviceModel: null });
    expect(enrollment.confirmation_code).toMatch(/^\d{8}$/);
    expect(enrollment.qr_code).toMatch(/^data:image\/png;base64,/);
    const since = h.sink.mails.length;
    expect((await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {})).status).toBe(401);
    await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme);
    const mail = await h.sink.waitFor('person@acme.example', since);
    expect(mail.text).toContain(enrollment.confirmation_code);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['image/png']);

    const phone = new SoftDevice(() => h.clock.now().getTime());
    expect((await phone.enroll(h.app, enrollment.confirmation_code)).body).toMatchObject({
      id: credential.id,
      status: 'active',
    });
    expect((await phone.enroll(h.app, enrollment.confirmation_code)).status).toBe(404);
    expect((await phone.call(h.app, 'device/')).status).toBe(200);
    const listed = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body[0];
    expect(listed).toMatchObject({ status: 'active', deviceModel: 'Pixel 9', isEnrolled: true });
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.enrolled).toBe(true);

    const reset = await post(h.app, `users/${m.id}/credentials/${credential.id}/reset/`, {}, acme);
    expect(reset.body.credential).toMatchObject({ status: 'pending', deviceModel: null, isEnrolled: false });
    expect(reset.body.enrollment.confirmation_code).not.toBe(enrollment.confirmation_code);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.enrolled).toBe(false);
    expect((await phone.enroll(h.app, enrollment.confirmation_code)).status).toBe(404);
    // The reset unbinds the phone: its signed calls are refused, and it may enrol again.
    expect((await phone.call(h.app, 'device/')).body.code).toBe('deviceNotFound');
    const again = await phone.enroll(h.app, reset.body.enrollment.confirmation_code, { deviceModel: 'iPhone 16' });
    expect(again.body.status).toBe('active');
    // The operator can test the app's offline code (a TOTP of the secret the phone was given).
    const { secret, digits, period, algorithm } = again.body.totp;
    const totp = new TOTP({ secret, digits, period, algorithm });
    expect((await test(m.id, credential.id, totp.generate({ timestamp: h.clock.now().getTime() }))).body.ok).toBe(true);
    expect((await test(m.id, credential.id, 'abcdef')).body.ok).toBe(false);
  });

  it('mails a one-time code with the customer template and accepts it once', async () => {
    const noMail = await newMember({ email: '' });
    expect((await create(noMail.id, { type: 'mail' })).body.reason).toBe('This user has no email address.');
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      general: { send_otp: { subject: 'Acme code for {username}', content: 'Code: {otp}. Regards, {first_name}' } },
    });
    const m = await newMember({ email: 'mailcode@acme.example', first_name: 'Lia' });
    const { credential } = (await create(m.id, { type: 'mail' })).body;
    expect(credential.target).toBe('mailcode@acme.example');
    const since = h.sink.mails.length;
    expect((await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme)).body).toEqual({
      sent_to: 'mailcode@acme.example',
    });
    const mail = await h.sink.waitFor('mailcode@acme.example', since);
    expect(mail.subject).toBe(`Acme code for ${m.username}`);
    const code = /Code: (\d{6})\. Regards, Lia/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await test(m.id, credential.id, code)).body.ok).toBe(true);
    expect((await test(m.id, credential.id, code)).body.ok).toBe(false);
  });

  it('sends an SMS code through the customer gateway and verifies it', async () => {
    const m = await newMember();
    const { credential } = (await create(m.id, { type: 'sms' })).body;
    expect((await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme)).body.reason).toBe(
      'No SMS gateway is configured in the settings.',
    );
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      general: { sms_endpoint: sms.url, sms_api_token: 'gw-token', sms_sender: 'ACME', sms_message: 'Acme code {otp}' },
    });
    // The token is sealed at rest and never answered: the settings say only that one is set.
    const read = await call(h.app, 'GET', `customers/${customerId}/settings/`, acme);
    expect(read.body.settings.general.sms_api_token_set).toBe(true);
    expect(JSON.stringify(read.body)).not.toContain('gw-token');
    const [row] = await h.app.services.db.select().from(customers).where(eq(customers.id, customerId));
    expect(JSON.stringify(row)).not.toContain('gw-token');
    await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme);
    const last = sms.received.at(-1);
    expect(last).toMatchObject({ to: '+393331234567', sender: 'ACME', auth: 'Bearer gw-token' });
    const code = /Acme code (\d{6})/.exec(last?.message ?? '')?.[1] ?? '';
    expect((await test(m.id, credential.id, code)).body.ok).toBe(true);
  });

  it('reads a public key and a smartcard certificate, refusing invalid ones', async () => {
    const m = await newMember();
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const key = await create(m.id, { type: 'keypair', public_key: pem });
    expect(key.body.credential.fingerprint).toMatch(/^SHA256:/);
    expect(
      (await create(m.id, { type: 'keypair', public_key: 'ssh-rsa AAAA' })).body.details.public_key.message,
    ).toMatch(/not a valid PEM/);
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect((await create(m.id, { type: 'keypair', public_key: weak })).body.details.public_key.message).toBe(
      'RSA keys must have at least 2048 bits.',
    );
    const card = await create(m.id, { type: 'smartcard', certificate: CERT, windows_login: true });
    expect(card.body.credential).toMatchObject({
      subject: 'C=IT, O=Acme, CN=Giulia Rossi',
      issuer: 'C=IT, O=Acme, CN=Giulia Rossi',
    });
    expect(new Date(card.body.credential.validTo).getUTCFullYear()).toBe(2036);
    expect((await create(m.id, { type: 'smartcard', certificate: 'nope' })).status).toBe(400);
  });

  it("follows the member's configuration group", async () => {
    const [group] = await h.app.services.db
      .insert(configurations)
      .values({
        customerId,
        name: 'No SMS',
        allowed: ['password', 'mail', 'totp', 'app'],
        appCredentialBiometry: 'none',
      })
      .returning();
    const m = await newMember({ group_id: group?.id });
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.allowed_credential_types).toEqual([
      'mail',
      'password',
      'app',
      'totp',
      'keypair',
      'smartcard',
    ]);
    const refused = await create(m.id, { type: 'sms' });
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('The configuration of this user does not allow a sms credential.');
    expect((await create(m.id, { type: 'app_biometry' })).status).toBe(422);
  });

  it('disables, enables, edits and deletes a credential', async () => {
    const m = await newMember();
    const { credential } = (await create(m.id, { type: 'password', value: 'Another-pass-77' })).body;
    const url = `users/${m.id}/credentials/${credential.id}/`;
    expect(
      (await call(h.app, 'PATCH', url, acme, { isActive: false, is_api: true, description: 'Legacy' })).body,
    ).toMatchObject({
      isActive: false,
      is_api: true,
      description: 'Legacy',
    });
    expect((await test(m.id, credential.id, 'Another-pass-77')).body.ok).toBe(false);
    await call(h.app, 'PATCH', url, acme, { isActive: true });
    expect((await test(m.id, credential.id, 'Another-pass-77')).body.ok).toBe(true);
    expect((await call(h.app, 'DELETE', url, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body).toMatchObject({
      enrolled: false,
      credential_types: [],
    });
  });

  it("answers 404 for another customer's credentials", async () => {
    const m = await newMember();
    const { credential } = (await create(m.id, { type: 'password', value: 'Secret-pass-123' })).body;
    const gm = (await post(h.app, 'users/', { username: 'globex.person' }, globex)).body;
    expect(
      (await call(h.app, 'PATCH', `users/${m.id}/credentials/${credential.id}/`, globex, { isActive: false })).status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', `users/${m.id}/credentials/${credential.id}/`, globex)).status).toBe(404);
    expect(
      (await post(h.app, `users/${m.id}/credentials/${credential.id}/test/`, { value: 'Secret-pass-123' }, globex))
        .status,
    ).toBe(404);
    // The right credential id under another member is also not found.
    expect((await post(h.app, `users/${gm.id}/credentials/${credential.id}/unlock/`, {}, globex)).status).toBe(404);
    expect((await test(m.id, credential.id, 'Secret-pass-123')).body.ok).toBe(true);
  });
});
