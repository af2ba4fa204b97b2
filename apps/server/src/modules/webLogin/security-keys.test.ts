/**
 * Security keys through the API (issue 37): a software authenticator (test/soft-key.ts) registers
 * through the enrolment link and answers the web sign-in's key pair stage; the checks are
 * @simplewebauthn/server's. What a member would notice: the key signs them in (amr hwk), a key
 * answering someone else's challenge, from another origin, without the user verification the
 * group asks for, or with its counter behind (a clone) does not, and nothing before a first right
 * answer says which keys a member holds. The browser tests do the same with Chromium's virtual
 * authenticator.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { enroll, mailedLink } from '../../test/enrollment-links.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftKey } from '../../test/soft-key.ts';
import {
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  appWithFlow as sharedAppWithFlow,
  startSignIn,
  type WebMember,
} from '../../test/web-login.ts';

describe.each(testDatabases())('security keys on $name', (database) => {
  let h: Harness;
  let acme: string;

  const appWithFlow = (stages: string[][], group: Record<string, unknown> = {}) =>
    sharedAppWithFlow(h, acme, stages, { group });

  /** The member's enrolment link token. */
  const linkOf = async (m: WebMember) => {
    const email = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body.email as string;
    return mailedLink(h, acme, m.id, email);
  };

  /** A key registered for the member through their link. */
  const registered = async (m: WebMember) => {
    const token = await linkOf(m);
    const key = new SoftKey(PUBLIC_URL);
    const { options } = (await enroll(h, token, 'webauthn/', 'POST')).body;
    const created = await enroll(h, token, 'credentials/', 'POST', {
      type: 'keypair',
      webauthn: key.register(options),
      description: 'Desk key',
    });
    expect(created.status).toBe(201);
    return { key, token, id: created.body.credential.id as string };
  };

  const keyOf = async (m: WebMember, id: string) =>
    (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body.find((c: { id: string }) => c.id === id);

  /** A sign-in of `app` walked to its key stage (after the password when the flow asks it). */
  const atKeyStage = async (app: Awaited<ReturnType<typeof appWithFlow>>['app'], username: string, password = true) => {
    const s = await startSignIn(h, app);
    await s.api.identify(username);
    if (password) expect((await s.api.verify('password', PASSWORD)).body).toMatchObject({ stage: { index: 1 } });
    return s;
  };
  const optionsOf = async (uid: string) => (await post(h.app, `signin/${uid}/webauthn/`, {})).body.options;
  const answer = (uid: string, webauthn: unknown) =>
    post(h.app, `signin/${uid}/verify/`, { kind: 'keypair', value: '', webauthn });

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(async () => h?.close());

  it('registers a key from the enrolment link and signs in with it: password, then the key, amr hwk', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const { key, id } = await registered(m);
    expect(await keyOf(m, id)).toMatchObject({
      type: 'keypair',
      description: 'Desk key',
      isEnrolled: true,
      authenticator: { aaguid: '07070707-0707-0707-0707-070707070707', synced: false, cloned_at: null },
    });

    const s = await atKeyStage(app, m.username);
    const options = await optionsOf(s.uid);
    // Once the password was right, the options name the member's key.
    expect(options.allowCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['usb'] }]);
    const done = await answer(s.uid, key.assert(options));
    expect(done.body).toMatchObject({ done: true });
    const back = new URL(await s.browser.follow(done.body.redirect));
    const tokens = await client.authorizationCodeGrant(s.rp, back, s.request.checks);
    expect(tokens.claims()).toMatchObject({ sub: m.id, amr: ['pwd', 'hwk', 'mfa'] });
    const signIns = (await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme)).body.results;
    expect(signIns[0]).toMatchObject({ outcome: 'success', kinds: ['password', 'security_key'] });
  });

  it('names no key before a first right answer, for a member with one as for nobody', async () => {
    const { app, groupId } = await appWithFlow([['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const { key } = await registered(m);
    const known = await atKeyStage(app, m.username, false);
    const nobody = await atKeyStage(app, 'nobody@acme.example', false);
    expect((await optionsOf(known.uid)).allowCredentials).toEqual([]);
    expect((await optionsOf(nobody.uid)).allowCredentials).toEqual([]);
    // The discoverable key answers all the same; for nobody the same answer is a plain failure.
    expect((await answer(nobody.uid, key.assert(await optionsOf(nobody.uid)))).status).toBe(401);
    expect((await answer(known.uid, key.assert(await optionsOf(known.uid)))).body).toMatchObject({ done: true });
  });

  it('refuses an answer to another sign-in’s challenge, from another origin, or by another member’s key', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const other = await createWebMember(h, acme, groupId);
    const { key } = await registered(m);
    const { key: othersKey } = await registered(other);

    const first = await atKeyStage(app, m.username);
    const second = await atKeyStage(app, m.username);
    expect((await answer(second.uid, key.assert(await optionsOf(first.uid)))).status).toBe(401);
    expect((await answer(second.uid, key.assert(await optionsOf(second.uid), 'http://evil.test'))).status).toBe(401);
    expect((await answer(second.uid, othersKey.assert(await optionsOf(second.uid)))).status).toBe(401);
    expect((await answer(second.uid, key.assert(await optionsOf(second.uid)))).body).toMatchObject({ done: true });
  });

  it('refuses a key whose counter is behind as a clone: the key is locked until an operator unlocks it', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const { key, id } = await registered(m);
    const once = await atKeyStage(app, m.username);
    expect((await answer(once.uid, key.assert(await optionsOf(once.uid)))).body).toMatchObject({ done: true });

    key.counter -= 1;
    const cloned = await atKeyStage(app, m.username);
    expect((await answer(cloned.uid, key.assert(await optionsOf(cloned.uid)))).status).toBe(401);
    const marked = await keyOf(m, id);
    expect(marked.locked).toBe(true);
    expect(marked.authenticator.cloned_at).toEqual(expect.any(String));
    // Even the key's next, forward answer is refused while it is locked.
    const after = await atKeyStage(app, m.username);
    expect((await answer(after.uid, key.assert(await optionsOf(after.uid)))).status).toBe(401);
    const sign = await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme);
    expect(sign.body.results[0]).toMatchObject({ outcome: 'failure', reason: 'locked' });
  });

  it('asks for user verification where the group asks for biometry', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['keypair']], { app_credential_biometry: 'strong' });
    const m = await createWebMember(h, acme, groupId);
    const token = await linkOf(m);
    const { options } = (await enroll(h, token, 'webauthn/', 'POST')).body;
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const key = new SoftKey(PUBLIC_URL);
    key.verifies = false;
    const unverified = await enroll(h, token, 'credentials/', 'POST', {
      type: 'keypair',
      webauthn: key.register(options),
    });
    expect(unverified.body).toMatchObject({ code: 'webauthnRefused' });
    key.verifies = true;
    const fresh = (await enroll(h, token, 'webauthn/', 'POST')).body.options;
    expect(
      (await enroll(h, token, 'credentials/', 'POST', { type: 'keypair', webauthn: key.register(fresh) })).status,
    ).toBe(201);
    key.verifies = false;
    const s = await atKeyStage(app, m.username);
    expect((await answer(s.uid, key.assert(await optionsOf(s.uid)))).status).toBe(401);
  });

  it('refuses a registration for another member, from another origin, or of a key already held, storing nothing', async () => {
    const { groupId } = await appWithFlow([['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const other = await createWebMember(h, acme, groupId);
    const token = await linkOf(m);
    const othersOptions = (await enroll(h, await linkOf(other), 'webauthn/', 'POST')).body.options;
    const key = new SoftKey(PUBLIC_URL);
    const refused = [
      key.register(othersOptions),
      key.register((await enroll(h, token, 'webauthn/', 'POST')).body.options, 'http://evil.test'),
    ];
    for (const webauthn of refused) {
      const r = await enroll(h, token, 'credentials/', 'POST', { type: 'keypair', webauthn });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('webauthnRefused');
    }
    const options = (await enroll(h, token, 'webauthn/', 'POST')).body.options;
    expect(
      (await enroll(h, token, 'credentials/', 'POST', { type: 'keypair', webauthn: key.register(options) })).status,
    ).toBe(201);
    // The options exclude the key now held; registering it again anyway is refused.
    const again = (await enroll(h, token, 'webauthn/', 'POST')).body.options;
    expect(again.excludeCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['usb'] }]);
    const twice = await enroll(h, token, 'credentials/', 'POST', { type: 'keypair', webauthn: key.register(again) });
    expect(twice.status).toBe(409);
    const held = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    expect(held.filter((c: { type: string }) => c.type === 'keypair')).toHaveLength(1);
  });

  it('answers 400 to a key answer without an assertion or with a malformed one, and to a stage without keys', async () => {
    const { app, groupId } = await appWithFlow([['password'], ['keypair']]);
    const m = await createWebMember(h, acme, groupId);
    const s = await atKeyStage(app, m.username);
    expect((await post(h.app, `signin/${s.uid}/verify/`, { kind: 'keypair', value: '' })).status).toBe(400);
    expect((await answer(s.uid, { id: 'x', rawId: 'x', type: 'public-key' })).status).toBe(400);
    expect((await answer(s.uid, { id: '!!', rawId: '!!', type: 'public-key', response: {} })).status).toBe(400);
    const { app: passwordOnly, groupId: g2 } = await appWithFlow([['password']]);
    const m2 = await createWebMember(h, acme, g2);
    const p = await startSignIn(h, passwordOnly);
    await p.api.identify(m2.username);
    expect((await post(h.app, `signin/${p.uid}/webauthn/`, {})).status).toBe(400);
  });
});
