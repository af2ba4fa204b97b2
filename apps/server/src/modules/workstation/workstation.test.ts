/**
 * Workstation login through the real app and database: the keys operators issue and revoke, the
 * online sign-in over the engine with only the credentials usable for Windows login (password,
 * PIN, TOTP, HOTP, a mail code through the SMTP sink, the app, a recovery code, a card, a key pair
 * and a smartcard signing a challenge), the refusals that say why only after a right answer, the
 * Windows session's identity and autologon, offline material and its refill and revocation, and
 * another customer's key seeing nothing.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify as argon2Verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { HOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { SoftDevice } from '../../test/soft-device.ts';
import { createFlow, createGroup, createWebMember, PASSWORD, totpCode, type WebMember } from '../../test/web-login.ts';
import { issueKey, workstation } from '../../test/workstation.ts';

/** A self-signed certificate and its key, valid `days` from now (openssl, as a card's issuer would). */
function certificate(days: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        String(days),
        '-subj',
        '/CN=Smartcard Test',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases())('workstation login on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let customerId: string;
  let groupId: string;
  let machineKey: string;

  const settings = (workstation: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { workstation });
  /** A member of the group with a password and TOTP usable for Windows login. */
  const member = async (fields: Record<string, unknown> = {}) => {
    const m = await createWebMember(h, acme, groupId, fields);
    const creds = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    for (const c of creds.results ?? creds)
      await call(h.app, 'PATCH', `users/${m.id}/credentials/${c.id}/`, acme, { windows_login: true });
    return m;
  };
  const credential = async (m: { id: string }, body: Record<string, unknown>) => {
    const res = await post(h.app, `users/${m.id}/credentials/`, { windows_login: true, ...body }, acme);
    expect(res.status).toBe(201);
    return res.body;
  };
  const signedIn = async (m: WebMember, key = machineKey) => {
    const ws = workstation(h, key);
    const started = await ws.start(m.username);
    expect(started.status).toBe(201);
    return { ws, id: started.body.id as string, started: started.body };
  };

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    const flow = await createFlow(
      h,
      acme,
      [
        ['password', 'pin', 'keypair', 'smartcard'],
        ['totp', 'hotp', 'mail', 'app'],
      ],
      ['keypair', 'smartcard'],
    );
    expect((await settings({ flow_id: flow.id })).status).toBe(200);
    machineKey = (await issueKey(h, acme, 'PC-0001')).key;
  });
  afterAll(async () => h?.close());

  it('issues a key shown once, lists it without its secret, and refuses it once revoked', async () => {
    const issued = await issueKey(h, acme, null);
    expect(issued.key).toMatch(/^pwk_[\w-]{22}_[\w-]{43}$/);
    const list = (await call(h.app, 'GET', 'workstation-keys/', acme)).body;
    const listed = list.results.find((k: { id: string }) => k.id === issued.id);
    expect(listed).toMatchObject({ machine: null });
    expect(JSON.stringify(list)).not.toContain(issued.key.split('_')[2]);

    // A fleet key must name its machine; with it, it works.
    const m = await member();
    expect((await workstation(h, issued.key).start(m.username)).body.code).toBe('workstationMachineRequired');
    expect((await workstation(h, issued.key, 'LAPTOP-7').start(m.username)).status).toBe(201);
    expect((await workstation(h, 'pwk_nonsense').start(m.username)).status).toBe(401);

    // Another customer cannot revoke it; its own operator can, and the next call is refused.
    expect((await call(h.app, 'DELETE', `workstation-keys/${issued.id}/`, globex)).status).toBe(404);
    expect((await call(h.app, 'DELETE', `workstation-keys/${issued.id}/`, acme)).status).toBe(204);
    const refused = await workstation(h, issued.key, 'LAPTOP-7').start(m.username);
    expect(refused).toMatchObject({ status: 401, body: { code: 'workstationKeyInvalid' } });
  });

  it('signs a member in with password then TOTP, and answers the Windows identity and autologon', async () => {
    const usedBefore = (await call(h.app, 'GET', 'dashboard/', acme)).body.customers[0].sign_ins.workstation.success;
    const m = await member({
      identities: [{ subject: 'S-1-5-21-1', issuer: 'ACME', validTo: null, microsoft_identity: 'ada@acme.example' }],
    });
    expect((await post(h.app, `users/${m.id}/autologon/`, { enabled: true }, acme)).status).toBe(200);
    const { ws, id, started } = await signedIn(m);
    expect(started.stage).toEqual({ index: 0, count: 2, kinds: ['password', 'pin', 'keypair', 'smartcard'] });
    expect((await ws.verify(id, 'password', PASSWORD)).body).toMatchObject({ done: false, stage: { index: 1 } });
    const done = await ws.verify(id, 'totp', totpCode(h, m));
    expect(done.body).toMatchObject({
      done: true,
      session: {
        member_id: m.id,
        username: m.username,
        identity: { subject: 'S-1-5-21-1', microsoft_identity: 'ada@acme.example' },
        autologon: true,
        amr: ['pwd', 'otp', 'mfa'],
      },
      offline: null,
    });
    // The member's Workstation tab and the audit trail have it.
    const record = (await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=workstation`, acme)).body.results[0];
    expect(record).toMatchObject({ channel: 'workstation', machine: 'PC-0001', outcome: 'success' });
    expect(record.kinds).toEqual(['password', 'totp']);
    expect((await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=web`, acme)).body.count).toBe(0);
    const events = (await call(h.app, 'GET', `audit/?action=workstation.sign_in&target_id=${m.id}`, acme)).body;
    expect(events.count).toBe(1);
    expect(events.results[0]).toMatchObject({ action: 'workstation.sign_in', outcome: 'success' });
    // The dashboard counts it (the day's tally is added once the sign-in has committed).
    await expect
      .poll(async () => (await call(h.app, 'GET', 'dashboard/', acme)).body.customers[0].sign_ins.workstation.success)
      .toBe(usedBefore + 1);
  });

  it('takes only credentials usable for Windows login, and no autologon without an identity', async () => {
    const m = await createWebMember(h, acme, groupId);
    const { ws, id } = await signedIn(m);
    // The password exists, but not for Windows login.
    expect((await ws.verify(id, 'password', PASSWORD)).status).toBe(401);
    await credential(m, { type: 'pin', value: '482913' });
    expect((await ws.verify(id, 'pin', '482913')).status).toBe(200);
    const hotp = await credential(m, { type: 'hotp' });
    const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 });
    const done = await ws.verify(id, 'hotp', token.generate({ counter: 0 }));
    expect(done.body).toMatchObject({ done: true, session: { identity: null, autologon: false } });
  });

  it('sends a mail code through the mail server, and waits for the app to approve', async () => {
    const m = await member();
    const byMail = await signedIn(m);
    await byMail.ws.verify(byMail.id, 'password', PASSWORD);
    // A mail credential made by an operator mails the member's own address.
    const address: string = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body.email;
    await credential(m, { type: 'mail' });
    const since = h.sink.mails.length;
    expect((await byMail.ws.send(byMail.id, 'mail')).body.sent_to).toMatch(/@acme\.example$/);
    const code = await h.sink.otpFor(address, since);
    expect((await byMail.ws.verify(byMail.id, 'mail', code)).body.done).toBe(true);

    const created = await credential(m, { type: 'app' });
    const phone = new SoftDevice(() => h.clock.now().getTime());
    await phone.enroll(h.app, created.enrollment.confirmation_code);
    const byApp = await signedIn(m);
    await byApp.ws.verify(byApp.id, 'password', PASSWORD);
    const sent = await byApp.ws.send(byApp.id, 'app');
    expect(sent.body.sent_to).toBe('Pixel 9');
    expect((await byApp.ws.verify(byApp.id, 'app', '')).body).toEqual({ done: false, pending: true });
    const [request] = await phone.pending(h.app);
    // The phone sees the machine asking, and the number the workstation shows among its choices.
    expect(request?.application).toBe('PC-0001');
    expect(request?.choices).toContain(sent.body.number);
    await phone.answer(h.app, request?.id ?? '', { approve: true, number: sent.body.number });
    expect((await byApp.ws.verify(byApp.id, 'app', '')).body.done).toBe(true);
  });

  it('identifies by a paired card, and takes a recovery code while recovery mode is on', async () => {
    const m = await member();
    const [card] = (await post(h.app, 'temporary-cards/', { count: 1 }, acme)).body;
    const expiration = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    await post(h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: expiration }, acme);
    const ws = workstation(h, machineKey);
    const byCard = (await ws.card(card.cardCode)).body;
    expect(byCard.username).toBe(`${'*'.repeat(card.cardCode.length - 2)}${card.cardCode.slice(-2)}`);
    await ws.verify(byCard.id, 'password', PASSWORD);
    expect((await ws.verify(byCard.id, 'totp', totpCode(h, m))).body.session.member_id).toBe(m.id);

    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { recovery_disable_tokens: true } });
    const mode = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    const { id } = await signedIn(m);
    expect((await ws.verify(id, 'password', PASSWORD)).status).toBe(401);
    const done = await ws.verify(id, 'recovery', mode.body.code);
    expect(done.body).toMatchObject({ done: true, session: { member_id: m.id } });
    await call(h.app, 'DELETE', `users/${m.id}/recovery-mode/`, acme);
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { recovery_disable_tokens: false } });
  });

  it('signs in with a key pair and with a smartcard by signing a challenge; an expired certificate is refused', async () => {
    const m = await member();
    const pair = generateKeyPairSync('ed25519');
    await credential(m, { type: 'keypair', public_key: pair.publicKey.export({ type: 'spki', format: 'pem' }) });
    const byKey = await signedIn(m);
    // No challenge asked: nothing to sign.
    expect((await byKey.ws.verify(byKey.id, 'keypair', 'AAAA')).status).toBe(409);
    const { challenge } = (await byKey.ws.challenge(byKey.id, 'keypair')).body;
    const signature = sign(null, Buffer.from(challenge, 'base64'), pair.privateKey).toString('base64');
    const byKeyDone = await byKey.ws.verify(byKey.id, 'keypair', signature);
    expect(byKeyDone.body).toMatchObject({ done: true, session: { amr: ['swk'] } });

    // A signature by another key, or a challenge signed twice, proves nothing.
    const other = generateKeyPairSync('ed25519');
    const again = await signedIn(m);
    const c2 = (await again.ws.challenge(again.id, 'keypair')).body.challenge;
    const forged = sign(null, Buffer.from(c2, 'base64'), other.privateKey).toString('base64');
    expect((await again.ws.verify(again.id, 'keypair', forged)).status).toBe(401);
    expect((await again.ws.verify(again.id, 'keypair', signature)).status).toBe(409);

    const card = certificate(1);
    await credential(m, { type: 'smartcard', certificate: card.cert });
    const byCard = await signedIn(m);
    const c3 = (await byCard.ws.challenge(byCard.id, 'smartcard')).body.challenge;
    const cardSignature = sign('sha256', Buffer.from(c3, 'base64'), card.key).toString('base64');
    expect((await byCard.ws.verify(byCard.id, 'smartcard', cardSignature)).body).toMatchObject({
      done: true,
      session: { amr: ['sc'] },
    });

    // Two days on, the certificate has expired: a right signature is refused and recorded as such.
    h.clock.advance(2 * 86_400);
    try {
      const late = await signedIn(m);
      const c4 = (await late.ws.challenge(late.id, 'smartcard')).body.challenge;
      const lateSig = sign('sha256', Buffer.from(c4, 'base64'), card.key).toString('base64');
      expect((await late.ws.verify(late.id, 'smartcard', lateSig)).status).toBe(401);
    } finally {
      h.clock.advance(-2 * 86_400);
    }
    const record = (await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=workstation`, acme)).body.results[0];
    expect(record).toMatchObject({ outcome: 'failure', reason: 'certificate_expired' });
  });

  it('says why only after a right answer: blocked, group without workstation login, identity expired', async () => {
    const blocked = await member();
    await call(h.app, 'POST', `users/${blocked.id}/block/`, acme);
    const b = await signedIn(blocked);
    expect((await b.ws.verify(b.id, 'password', 'wrong')).status).toBe(401);
    expect((await b.ws.verify(b.id, 'password', PASSWORD)).body.code).toBe('signInBlocked');
    expect((await b.ws.verify(b.id, 'password', PASSWORD)).body.code).toBe('signInBlocked');

    const closedGroup = (await createGroup(h, acme, { workstation_login_enabled: false })).id;
    const outsider = await member({ group_id: closedGroup });
    const o = await signedIn(outsider);
    expect((await o.ws.verify(o.id, 'password', PASSWORD)).body.code).toBe('workstationLoginDisabled');

    const past = new Date(h.clock.now().getTime() - 86_400_000).toISOString();
    const leaver = await member({
      identities: [{ subject: 'S-1-5-21-9', issuer: 'ACME', validTo: past, microsoft_identity: '' }],
    });
    const l = await signedIn(leaver);
    expect((await l.ws.verify(l.id, 'password', PASSWORD)).body.code).toBe('workstationIdentityExpired');

    // An unknown name walks the same flow and never gets further.
    const nobody = workstation(h, machineKey);
    const n = (await nobody.start('no-such-member')).body;
    expect(n.stage.kinds).toEqual(['password', 'pin', 'keypair', 'smartcard']);
    expect((await nobody.verify(n.id, 'password', PASSWORD)).status).toBe(401);
  });

  it('gives offline HOTP values only as slow hashes, refills with a new token, and ends at revocation', async () => {
    const m = await member();
    const hotp = await credential(m, { type: 'hotp' });
    const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 });
    const { ws, id } = await signedIn(m);
    await ws.verify(id, 'password', PASSWORD);
    const done = (await ws.verify(id, 'hotp', token.generate({ counter: 0 }), true)).body;
    const material = done.offline;
    expect(material).toMatchObject({ username: m.username, kind: 'hotp', digits: 6, period: 0 });
    expect(material.values).toHaveLength(20);
    expect(material.values[0].at).toBe(1);
    // Each value is an argon2id hash of the code for its counter, with its own salt; no secret in it.
    const [first, second] = material.values;
    expect(first.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2Verify(first.hash, token.generate({ counter: 1 }))).toBe(true);
    expect(await argon2Verify(second.hash, token.generate({ counter: 1 }))).toBe(false);
    expect(JSON.stringify(material)).not.toContain(hotp.enrollment.secret);

    // The operator sees the machine holding it.
    const grants = (await call(h.app, 'GET', `users/${m.id}/workstation/offline/`, acme)).body;
    expect(grants.results).toEqual([expect.objectContaining({ id: material.id, machine: 'PC-0001', values: 20 })]);

    // The machine used counters 1 to 3 offline: the refill moves the online counter past them.
    const refilled = await ws.refill(material.refill_token, 3);
    expect(refilled.status).toBe(200);
    expect(refilled.body.values[0].at).toBe(4);
    expect(refilled.body.refill_token).not.toBe(material.refill_token);
    expect((await ws.refill(material.refill_token)).body.code).toBe('workstationOfflineGone');
    const online = await signedIn(m);
    await online.ws.verify(online.id, 'password', PASSWORD);
    expect((await online.ws.verify(online.id, 'hotp', token.generate({ counter: 3 }))).status).toBe(401);

    // Another machine's key cannot refill it; after the operator's revocation, nobody can.
    const elsewhere = await issueKey(h, acme, 'PC-0002');
    expect((await workstation(h, elsewhere.key).refill(refilled.body.refill_token)).status).toBe(404);
    expect((await call(h.app, 'DELETE', `users/${m.id}/workstation/offline/${material.id}/`, globex)).status).toBe(404);
    expect((await call(h.app, 'DELETE', `users/${m.id}/workstation/offline/${material.id}/`, acme)).status).toBe(204);
    expect((await ws.refill(refilled.body.refill_token)).body.code).toBe('workstationOfflineGone');
    expect((await call(h.app, 'GET', `users/${m.id}/workstation/offline/`, acme)).body.count).toBe(0);
  });

  it('spends the codes a machine used offline even when its refill is refused, and renews a token once', async () => {
    const m = await member();
    const hotp = await credential(m, { type: 'hotp' });
    const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 });
    const { ws, id } = await signedIn(m);
    await ws.verify(id, 'password', PASSWORD);
    const material = (await ws.verify(id, 'hotp', token.generate({ counter: 0 }), true)).body.offline;

    // Two refills with the one token at once: one renews it, the other finds it spent.
    const both = await Promise.all([ws.refill(material.refill_token), ws.refill(material.refill_token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    const renewed = both.find((r) => r.status === 200)?.body;

    // Eight days on the material has expired: the refill is refused, yet the codes the machine
    // used offline (counters 1 to 5) are spent online, and the grant is gone from the list.
    h.clock.advance(8 * 86_400);
    try {
      const late = await ws.refill(renewed.refill_token, 5);
      expect(late).toMatchObject({ status: 404, body: { code: 'workstationOfflineGone' } });
    } finally {
      h.clock.advance(-8 * 86_400);
    }
    const online = await signedIn(m);
    await online.ws.verify(online.id, 'password', PASSWORD);
    expect((await online.ws.verify(online.id, 'hotp', token.generate({ counter: 4 }))).status).toBe(401);
    expect((await call(h.app, 'GET', `users/${m.id}/workstation/offline/`, acme)).body.count).toBe(0);
    const again = await signedIn(m);
    await again.ws.verify(again.id, 'password', PASSWORD);
    expect((await again.ws.verify(again.id, 'hotp', token.generate({ counter: 6 }))).body.done).toBe(true);
  });

  it('refuses a member blocked after their first right answer at the last stage, with no offline material', async () => {
    const m = await member();
    const { ws, id } = await signedIn(m);
    await ws.verify(id, 'password', PASSWORD);
    await call(h.app, 'POST', `users/${m.id}/block/`, acme);
    const last = await ws.verify(id, 'totp', totpCode(h, m), true);
    expect(last).toMatchObject({ status: 403, body: { code: 'signInBlocked' } });
    // An app credential not usable for Windows login is not asked at a workstation.
    await call(h.app, 'POST', `users/${m.id}/unblock/`, acme);
    const created = await post(h.app, `users/${m.id}/credentials/`, { type: 'app' }, acme);
    await new SoftDevice(() => h.clock.now().getTime()).enroll(h.app, created.body.enrollment.confirmation_code);
    const byApp = await signedIn(m);
    await byApp.ws.verify(byApp.id, 'password', PASSWORD);
    expect((await byApp.ws.send(byApp.id, 'app')).body.sent_to).toBe('');
  });

  it('gives a window of TOTP values as hashes of the codes of their time steps, and none when offline is off', async () => {
    await settings({ offline_totp_hours: 1 });
    const m = await member();
    const { ws, id } = await signedIn(m);
    await ws.verify(id, 'password', PASSWORD);
    // The code typed online, of the current step, is spent: the offline values start at the next step.
    const typedAt = Math.floor(h.clock.now().getTime() / 30_000);
    const typed = m.totp.generate({ timestamp: h.clock.now().getTime() });
    const material = (await ws.verify(id, 'totp', typed, true)).body.offline;
    h.clock.advance(30);
    expect(material).toMatchObject({ kind: 'totp', period: 30, digits: 6 });
    expect(material.values[0].at).toBe(typedAt + 1);
    // An hour of 30-second steps from now on, each value the hash of its step's code.
    expect(material.values).toHaveLength(121);
    const at = material.values.find((v: { at: number }) => v.at === typedAt + 10);
    expect(await argon2Verify(at.hash, m.totp.generate({ timestamp: (typedAt + 10) * 30_000 }))).toBe(true);

    await settings({ offline_days: 0 });
    try {
      const again = await signedIn(m);
      await again.ws.verify(again.id, 'password', PASSWORD);
      expect((await again.ws.verify(again.id, 'totp', totpCode(h, m), true)).body).toMatchObject({
        done: true,
        offline: null,
      });
      // Nor can the machine refill what it holds.
      expect((await ws.refill(material.refill_token)).body.code).toBe('workstationOfflineGone');
    } finally {
      await settings({ offline_days: 7, offline_totp_hours: 2 });
    }
  });

  it("gives a resynchronised hardware token's TOTP values at its own clock's codes", async () => {
    const m = await member();
    // The token runs 5 steps ahead (as a resync records it in the credential's parameters).
    const [totp] = await h.app.services.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.memberId, m.id), eq(credentials.type, 'totp')));
    if (!totp) throw new Error('no TOTP credential');
    await h.app.services.db
      .update(credentials)
      .set({ params: { ...totp.params, drift: 5 } })
      .where(eq(credentials.id, totp.id));
    const { ws, id } = await signedIn(m);
    await ws.verify(id, 'password', PASSWORD);
    const now = h.clock.now().getTime();
    const step = Math.floor(now / 30_000);
    const material = (await ws.verify(id, 'totp', m.totp.generate({ timestamp: now + 5 * 30_000 }), true)).body.offline;
    // Looked up by the machine's clock (ours), each value is the code the token shows then.
    expect(material.values[0].at).toBe(step + 1);
    const next = material.values.find((v: { at: number }) => v.at === step + 3);
    expect(await argon2Verify(next.hash, m.totp.generate({ timestamp: (step + 3 + 5) * 30_000 }))).toBe(true);
  });

  it("gives another customer's workstation nothing of Acme's members", async () => {
    const m = await member();
    const flow = await createFlow(h, globex, [['password']]);
    const globexId = (await call(h.app, 'GET', 'me/', globex)).body.customer.id;
    await call(h.app, 'PATCH', `customers/${globexId}/settings/`, globex, { workstation: { flow_id: flow.id } });
    const theirs = workstation(h, (await issueKey(h, globex, 'GX-1')).key);
    const s = (await theirs.start(m.username)).body;
    expect((await theirs.verify(s.id, 'password', PASSWORD)).status).toBe(401);
    // Nor Acme's sign-ins in progress, nor its offline material, nor its flow.
    const ours = await signedIn(m);
    expect((await theirs.verify(ours.id, 'password', PASSWORD)).status).toBe(404);
    const hotp = await credential(m, { type: 'hotp' });
    await ours.ws.verify(ours.id, 'password', PASSWORD);
    const code = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 }).generate({ counter: 0 });
    const material = (await ours.ws.verify(ours.id, 'hotp', code, true)).body.offline;
    expect((await theirs.refill(material.refill_token)).body.code).toBe('workstationOfflineGone');
    expect((await ours.ws.refill(material.refill_token)).status).toBe(200);
    // A flow of Acme's cannot be Globex's workstation flow.
    const acmeFlow = await createFlow(h, acme, [['password']]);
    const patched = await call(h.app, 'PATCH', `customers/${globexId}/settings/`, globex, {
      workstation: { flow_id: acmeFlow.id },
    });
    expect(patched.status).toBe(400);
  });
});
