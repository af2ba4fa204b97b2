/**
 * The smartphone app through the API (issue 38), with a software device (test/soft-device.ts)
 * that signs its calls as the app does: what a member would notice. The number the sign-in page
 * shows approves it; another number or a denial ends it, "not me" flags the member; with
 * biometry only the phone's authenticator (test/soft-key.ts) approves; after an operator's reset,
 * and for a copy of the device's record without its private key, the calls are refused.
 */
import { DEVICE_NUMBER_CHOICES, type DeviceApproval } from '@portiere/contracts';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftDevice } from '../../test/soft-device.ts';
import { SoftKey } from '../../test/soft-key.ts';
import {
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  appWithFlow as sharedAppWithFlow,
  startSignIn,
  type WebMember,
} from '../../test/web-login.ts';

describe.each(testDatabases())('the smartphone app on $name', (database) => {
  let h: Harness;
  let acme: string;

  const appWithFlow = (stages: string[][], group: Record<string, unknown> = {}) =>
    sharedAppWithFlow(h, acme, stages, { group });
  const phoneOf = () => new SoftDevice(() => h.clock.now().getTime());

  /** A member of a group whose flow is password then the app, with a bound phone. */
  const enrolled = async (type: 'app' | 'app_biometry' = 'app', biometry = 'none') => {
    const { app, groupId } = await appWithFlow([['password'], [type]], { app_credential_biometry: biometry });
    const m = await createWebMember(h, acme, groupId);
    const created = await post(h.app, `users/${m.id}/credentials/`, { type }, acme);
    expect(created.status).toBe(201);
    return {
      app,
      m,
      credentialId: created.body.credential.id as string,
      code: created.body.enrollment.confirmation_code,
    };
  };

  /** A sign-in walked to its app stage, the phone asked: the number the page shows. */
  const asked = async (app: Awaited<ReturnType<typeof appWithFlow>>['app'], m: WebMember) => {
    const s = await startSignIn(h, app);
    await s.api.identify(m.username);
    expect((await s.api.verify('password', PASSWORD)).body).toMatchObject({ stage: { index: 1 } });
    const sent = await s.api.send('app');
    expect(sent.status).toBe(202);
    return { s, number: sent.body.number as number };
  };

  const reasonOf = async (m: WebMember) =>
    (await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme)).body.results[0].reason;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(async () => h?.close());

  it('binds the phone by its key and approves with the number the sign-in page shows', async () => {
    const { app, m, credentialId, code } = await enrolled();
    const phone = phoneOf();
    const bound = await phone.enroll(h.app, code);
    expect(bound.body).toMatchObject({ id: credentialId, status: 'active', kind: 'app', biometry: 'none' });
    expect(bound.body.username).toBe(m.username);
    expect(bound.body.totp).toMatchObject({ digits: 6, period: 30, algorithm: 'SHA1' });
    // The server keeps the public key only: the listing shows the device, no secret.
    const listed = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body[0];
    expect(JSON.stringify(listed)).not.toContain(bound.body.totp.secret);
    expect((await phone.call(h.app, 'device/')).body).toMatchObject({ id: credentialId, username: m.username });

    const { s, number } = await asked(app, m);
    const [request] = await phone.pending(h.app);
    expect(request?.choices).toHaveLength(DEVICE_NUMBER_CHOICES);
    expect(request?.choices).toContain(number);
    expect(request?.place).toBeTruthy();
    // Approving without a number is refused and changes nothing.
    const id = (request as DeviceApproval).id;
    expect((await phone.answer(h.app, id, { approve: true })).body.code).toBe('deviceNumberRequired');
    expect((await s.api.verify('app', '')).body).toEqual({ done: false, pending: true });
    expect((await phone.answer(h.app, id, { approve: true, number })).status).toBe(204);
    expect((await s.api.verify('app', '')).body).toMatchObject({ done: true });
    const trail = (await call(h.app, 'GET', `audit/?action=device.approve&target_id=${credentialId}`, acme)).body;
    expect(trail.results.map((e: { outcome: string }) => e.outcome).sort()).toEqual(['failure', 'success']);
  });

  it('ends the sign-in on another number, on a denial, and flags the member on "this was not me"', async () => {
    const { app, m, code } = await enrolled();
    const phone = phoneOf();
    await phone.enroll(h.app, code);

    const wrong = await asked(app, m);
    const [request] = await phone.pending(h.app);
    const other = request?.choices.find((n) => n !== wrong.number);
    expect((await phone.answer(h.app, (request as DeviceApproval).id, { approve: true, number: other })).status).toBe(
      204,
    );
    expect((await wrong.s.api.verify('app', '')).body.code).toBe('signInWrongNumber');
    expect(await reasonOf(m)).toBe('wrong_number');

    const denied = await asked(app, m);
    await phone.answer(h.app, (await phone.pending(h.app))[0]?.id ?? '', { approve: false });
    expect((await denied.s.api.verify('app', '')).body.code).toBe('signInDenied');
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.reported_sign_in_at).toBeNull();

    const reported = await asked(app, m);
    await phone.answer(h.app, (await phone.pending(h.app))[0]?.id ?? '', { approve: false, not_me: true });
    expect((await reported.s.api.verify('app', '')).body.code).toBe('signInReported');
    expect(await reasonOf(m)).toBe('reported_by_member');
    const flagged = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body.reported_sign_in_at;
    expect(h.clock.now().getTime() - Date.parse(flagged)).toBeLessThan(10_000);
    expect((await call(h.app, 'GET', 'audit/?action=device.report', acme)).body.count).toBeGreaterThan(0);
  });

  it('refuses a copy of the device without its key, a stale or altered signature, and a reset device', async () => {
    const { app, m, credentialId, code } = await enrolled();
    const phone = phoneOf();
    await phone.enroll(h.app, code);
    const { s, number } = await asked(app, m);
    const [request] = await phone.pending(h.app);
    const id = (request as DeviceApproval).id;

    // A copy of the app's record (its credential id) with another key approves nothing.
    const copy = phone.impostor();
    expect((await copy.answer(h.app, id, { approve: true, number })).body.code).toBe('deviceNotFound');
    expect((await copy.call(h.app, 'device/approvals/')).status).toBe(404);
    // A signature two minutes old (a replay) is refused.
    phone.skewMs = -120_000;
    expect((await phone.answer(h.app, id, { approve: true, number })).status).toBe(404);
    phone.skewMs = 0;
    // A signed body with its number changed in transit no longer verifies.
    const signedAt = h.clock.now().getTime();
    const signed = await phone.call(h.app, 'device/');
    expect(signed.status).toBe(200);
    const forged = await post(h.app, `device/approvals/${id}/`, {
      approve: true,
      number,
      device: { id: credentialId, signed_at: signedAt, signature: 'A'.repeat(86) },
    });
    expect(forged.body.code).toBe('deviceNotFound');
    expect((await s.api.verify('app', '')).body).toEqual({ done: false, pending: true });

    // The operator resets the credential: the phone is unbound and told so on its next call.
    expect((await post(h.app, `users/${m.id}/credentials/${credentialId}/reset/`, {}, acme)).status).toBe(200);
    expect((await phone.call(h.app, 'device/')).body.code).toBe('deviceNotFound');
    expect((await phone.answer(h.app, id, { approve: true, number })).status).toBe(404);
    // Nothing approved the sign-in: it still waits.
    expect((await s.api.verify('app', '')).body).toEqual({ done: false, pending: true });
  });

  it('approves with biometry only through the phone’s authenticator with user verification', async () => {
    const { app, m, code } = await enrolled('app_biometry', 'strong');
    const phone = phoneOf();
    // The group asks for biometry: enrolment registers the phone's authenticator.
    expect((await phone.enroll(h.app, code)).body.code).toBe('deviceBiometryRequired');
    const options = (await post(h.app, 'enroll/app/webauthn/', { confirmation_code: code })).body.options;
    expect(options.authenticatorSelection).toMatchObject({
      authenticatorAttachment: 'platform',
      userVerification: 'required',
    });
    const key = new SoftKey(PUBLIC_URL);
    const bound = await phone.enroll(h.app, code, { webauthn: key.register(options) });
    expect(bound.body).toMatchObject({ kind: 'app_biometry', biometry: 'strong' });

    const { s, number } = await asked(app, m);
    const id = (await phone.pending(h.app))[0]?.id ?? '';
    expect((await phone.answer(h.app, id, { approve: true, number })).body.code).toBe('deviceBiometryRequired');
    const challenge = async () => (await phone.call(h.app, `device/approvals/${id}/webauthn/`)).body.options;
    // Without user verification (a tap, no fingerprint) the phone's answer is refused.
    key.verifies = false;
    key.counter += 1;
    const untouched = await phone.answer(h.app, id, { approve: true, number, webauthn: key.assert(await challenge()) });
    expect(untouched.body.code).toBe('webauthnRefused');
    key.verifies = true;
    key.counter += 1;
    const verified = await phone.answer(h.app, id, { approve: true, number, webauthn: key.assert(await challenge()) });
    expect(verified.status).toBe(204);
    expect((await s.api.verify('app', '')).body).toMatchObject({ done: true });

    // A plain app's account needs none: its options are refused.
    const plain = await enrolled();
    expect((await post(h.app, 'enroll/app/webauthn/', { confirmation_code: plain.code })).body.code).toBe(
      'deviceBiometryNotNeeded',
    );
  });

  it('accepts the app’s offline code at a stage of the app, once', async () => {
    const { app, m, code } = await enrolled();
    const bound = await phoneOf().enroll(h.app, code);
    const { secret, digits, period, algorithm } = bound.body.totp;
    const offline = new TOTP({ secret, digits, period, algorithm }).generate({ timestamp: h.clock.now().getTime() });
    const s = await startSignIn(h, app);
    await s.api.identify(m.username);
    await s.api.verify('password', PASSWORD);
    expect((await s.api.verify('app', offline)).body).toMatchObject({ done: true });
    const again = await startSignIn(h, app);
    await again.api.identify(m.username);
    await again.api.verify('password', PASSWORD);
    expect((await again.api.verify('app', offline)).status).toBe(401);
  });

  it('refuses a key that is not P-256 and an unknown code, and binds nothing', async () => {
    const { m, code } = await enrolled();
    const rsa = await post(h.app, 'enroll/app/', {
      confirmation_code: code,
      deviceModel: 'Pixel 9',
      public_key: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
    });
    expect(rsa.status).toBe(400);
    expect((await phoneOf().enroll(h.app, '00000000')).status).toBe(404);
    const listed = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    expect(listed.find((c: { type: string }) => c.type === 'app')).toMatchObject({ status: 'pending' });
  });
});
