/**
 * Online sign-in with the built client against the real server over HTTP: each stage of Acme's
 * workstation flow answered at the client's prompts (password, PIN, TOTP, HOTP, a mail code
 * through the SMTP sink, the app approved on a phone, a recovery code, a key pair signing the
 * server's challenge), a temporary card, the session printed and the offline material kept;
 * another customer's key gets nowhere.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../server/src/test/databases.ts';
import { call, post } from '../../server/src/test/harness.ts';
import { SoftDevice } from '../../server/src/test/soft-device.ts';
import { createFlow } from '../../server/src/test/web-login.ts';
import { issueKey } from '../../server/src/test/workstation.ts';
import { Client } from './support/client.ts';
import {
  credential,
  member,
  offlineFile,
  PASSWORD,
  type Portiere,
  startPortiere,
  totpCode,
  writeConfig,
} from './support/portiere.ts';

const CHOOSE = /Choose \[1\]: /;

describe.each(testDatabases())('workstation client online on $name', (database) => {
  let p: Portiere;

  beforeAll(async () => {
    p = await startPortiere(
      database,
      {
        stages: [
          ['password', 'pin', 'keypair', 'smartcard'],
          ['totp', 'hotp', 'mail', 'app'],
        ],
        terminating: ['keypair', 'smartcard'],
      },
      // The fewest TOTP values the settings allow: each is an argon2id hash the server computes.
      { offline_totp_hours: 1 },
    );
  });
  afterAll(async () => p?.close());

  const signin = (config: string, ...who: string[]) => new Client(['signin', ...who, '--config', config]);

  it('signs in with password then TOTP, prints the session and keeps TOTP values offline, 0600', async () => {
    const m = await member(p, {
      identities: [{ subject: 'S-1-5-21-7', issuer: 'ACME', validTo: null, microsoft_identity: 'ada@acme.example' }],
    });
    expect((await post(p.h.app, `users/${m.id}/autologon/`, { enabled: true }, p.acme)).status).toBe(200);
    const { file, stateDir } = writeConfig(p);
    const c = signin(file, m.username);
    // The first stage offers what this machine can answer: no key file, so no key pair nor smartcard.
    await c.waitFor(
      /Step 1 of 2\. Sign in with:\n {2}1\) Password \[password\]\n {2}2\) PIN \[pin\]\n {2}3\) Recovery/,
    );
    await c.answer(CHOOSE, 'password');
    await c.answer(/Password: /, PASSWORD);
    await c.waitFor(/Step 2 of 2/);
    await c.answer(CHOOSE, 'totp');
    await c.answer(/Authenticator code: /, totpCode(p.h, m));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      member_id: m.id,
      username: m.username,
      identity: { subject: 'S-1-5-21-7', microsoft_identity: 'ada@acme.example' },
      autologon: true,
      amr: ['pwd', 'otp', 'mfa'],
      offline: false,
    });
    // Nothing secret reaches the screen.
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
    const kept = offlineFile(stateDir, m.username);
    expect(kept?.mode).toBe(0o600);
    expect(fs.statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(kept?.json.material).toMatchObject({ username: m.username, kind: 'totp', digits: 6, period: 30 });
    expect(kept?.json.session).toMatchObject({ member_id: m.id, autologon: true });
    // The server's record names this machine.
    const record = (await call(p.h.app, 'GET', `users/${m.id}/sign-ins/?channel=workstation`, p.acme)).body.results[0];
    expect(record).toMatchObject({ machine: 'WS-TEST', outcome: 'success' });
  });

  it('signs in with password then HOTP, choosing the kinds the configuration prefers without asking', async () => {
    const m = await member(p);
    const hotp = await credential(p, m, { type: 'hotp' });
    const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 });
    const { file, stateDir } = writeConfig(p, { kinds: ['hotp', 'password'] });
    const c = signin(file, m.username);
    await c.answer(/Password: /, PASSWORD);
    await c.answer(/Token code: /, token.generate({ counter: 0 }));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('Choose');
    expect(JSON.parse(r.stdout)).toMatchObject({ member_id: m.id, identity: null, autologon: false });
    // HOTP first: the next 20 counters, from the one after the code just used.
    const kept = offlineFile(stateDir, m.username)?.json;
    expect(kept.material).toMatchObject({ kind: 'hotp', period: 0 });
    expect(kept.material.values.map((v: { at: number }) => v.at)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(kept.used).toBeNull();
  });

  it('signs in with a PIN, retyped after a wrong one', async () => {
    const m = await member(p);
    await credential(p, m, { type: 'pin', value: '482913' });
    const { file } = writeConfig(p);
    const c = signin(file, m.username);
    await c.answer(CHOOSE, '2');
    await c.answer(/PIN: /, '000000');
    await c.waitFor(/PIN: that was not right\./);
    await c.answer(CHOOSE, 'pin');
    await c.answer(/PIN: /, '482913');
    await c.answer(CHOOSE, 'totp');
    await c.answer(/Authenticator code: /, totpCode(p.h, m));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).amr).toContain('mfa');
  });

  it('identifies by a temporary card, and keeps the material under the member’s name', async () => {
    const m = await member(p);
    const [card] = (await post(p.h.app, 'temporary-cards/', { count: 1 }, p.acme)).body;
    const expiration = new Date(p.h.clock.now().getTime() + 86_400_000).toISOString();
    const paired = await post(
      p.h.app,
      `users/${m.id}/temporary-card/`,
      { card_id: card.id, expiration_date: expiration },
      p.acme,
    );
    expect(paired.status).toBeLessThan(300);
    const { file, stateDir } = writeConfig(p);
    const c = new Client(['signin', '--card', card.cardCode, '--config', file]);
    await c.answer(CHOOSE, 'password');
    await c.answer(/Password: /, PASSWORD);
    await c.answer(CHOOSE, 'totp');
    await c.answer(/Authenticator code: /, totpCode(p.h, m));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ member_id: m.id, username: m.username });
    expect(offlineFile(stateDir, m.username)?.json.session.member_id).toBe(m.id);
  });

  it('takes a recovery code while recovery mode is on', async () => {
    const m = await member(p);
    const settings = (cms: Record<string, unknown>) =>
      call(p.h.app, 'PATCH', `customers/${p.customerId}/settings/`, p.acme, { cms });
    expect((await settings({ recovery_disable_tokens: true })).status).toBe(200);
    try {
      const mode = await post(p.h.app, `users/${m.id}/recovery-mode/`, {}, p.acme);
      expect(mode.body.code).toBeTruthy();
      const { file } = writeConfig(p);
      const c = signin(file, m.username);
      await c.waitFor(/3\) Recovery code \[recovery\]/);
      await c.answer(CHOOSE, 'recovery');
      await c.answer(/Recovery code: /, mode.body.code);
      const r = await c.exited;
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).member_id).toBe(m.id);
    } finally {
      await call(p.h.app, 'DELETE', `users/${m.id}/recovery-mode/`, p.acme);
      await settings({ recovery_disable_tokens: false });
    }
  });

  it('signs in with a key pair: the Ed25519 key file signs the server’s challenge', async () => {
    const m = await member(p);
    const pair = generateKeyPairSync('ed25519');
    await credential(p, m, { type: 'keypair', public_key: pair.publicKey.export({ type: 'spki', format: 'pem' }) });
    const keyFile = path.join(p.dir, `${m.username}.pem`);
    fs.writeFileSync(keyFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const { file } = writeConfig(p, { keys: { keypair: keyFile } });
    const c = signin(file, m.username);
    await c.waitFor(/3\) Key pair \[keypair\]/);
    await c.answer(CHOOSE, 'keypair');
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ member_id: m.id, amr: ['swk'] });

    // Another key signs nothing the server takes.
    const other = path.join(p.dir, `${m.username}-other.pem`);
    fs.writeFileSync(other, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const wrong = signin(writeConfig(p, { keys: { keypair: other }, kinds: ['keypair'] }).file, m.username);
    await wrong.waitFor(/Key pair: that was not right\./);
    expect((await wrong.giveUp()).code).toBe(1);
  });

  it('sends a mail code first, and waits while the app is approved on the phone', async () => {
    const m = await member(p);
    const address: string = (await call(p.h.app, 'GET', `users/${m.id}/`, p.acme)).body.email;
    await credential(p, m, { type: 'mail' });
    const byMail = signin(writeConfig(p).file, m.username);
    await byMail.answer(CHOOSE, 'password');
    await byMail.answer(/Password: /, PASSWORD);
    const since = p.h.sink.mails.length;
    await byMail.answer(CHOOSE, 'mail');
    await byMail.waitFor(/Code sent to .*@acme\.example\./);
    await byMail.answer(/Code sent by mail: /, await p.h.sink.otpFor(address, since));
    const mailed = await byMail.exited;
    expect(mailed.code, mailed.stderr).toBe(0);

    const app = await credential(p, m, { type: 'app' });
    const phone = new SoftDevice(() => p.h.clock.now().getTime());
    await phone.enroll(p.h.app, app.enrollment.confirmation_code);
    const byApp = signin(writeConfig(p).file, m.username);
    await byApp.answer(CHOOSE, 'password');
    await byApp.answer(/Password: /, PASSWORD);
    await byApp.answer(CHOOSE, 'app');
    await byApp.waitFor(/Approve on Pixel 9\./);
    const number = Number((await byApp.waitFor(/Pick (\d+) in the app\./))[1]);
    // The client polls meanwhile; the phone sees the machine asking and picks the client's number.
    const [request] = await phone.pending(p.h.app);
    expect(request?.application).toBe('WS-TEST');
    expect((await phone.answer(p.h.app, request?.id ?? '', { approve: true, number })).status).toBe(204);
    const approved = await byApp.exited;
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout).member_id).toBe(m.id);
  });

  it("signs no Acme member in with Globex's key", async () => {
    const m = await member(p);
    const flow = await createFlow(p.h, p.globex, [['password']]);
    const globexId = (await call(p.h.app, 'GET', 'me/', p.globex)).body.customer.id;
    await call(p.h.app, 'PATCH', `customers/${globexId}/settings/`, p.globex, { workstation: { flow_id: flow.id } });
    const globexKey = (await issueKey(p.h, p.globex, 'GX-1')).key;
    const { file, stateDir } = writeConfig(p, { key: globexKey, machine: 'GX-1' });
    const c = signin(file, m.username);
    // Globex's flow, for a name Globex does not know: the right password is still wrong there.
    await c.answer(CHOOSE, 'password');
    await c.answer(/Password: /, PASSWORD);
    await c.waitFor(/Password: that was not right\./);
    await c.waitFor(CHOOSE);
    const r = await c.giveUp();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(offlineFile(stateDir, m.username)).toBeNull();
    const records = (await call(p.h.app, 'GET', `users/${m.id}/sign-ins/?channel=workstation`, p.acme)).body;
    expect(records.results.filter((s: { outcome: string }) => s.outcome === 'success')).toEqual([]);
  });
});
