/**
 * Smartcards' PINs (issue 37) as a member and an operator meet them: issuing a card mails its
 * transport PIN (the "send smartcard PIN" mail) and shows it nowhere else; a PIN reset mails a
 * single-use code; a workstation trades the code for the answer to the card's challenge, keyed by
 * the PUK, which no answer or mail ever carries; the CMS rule decides who may at a workstation.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { issueKey, workstation } from '../../test/workstation.ts';

const CERT = fs.readFileSync(path.join(import.meta.dirname, '../../test/fixtures/smartcard-cert.pem'), 'utf8');
const PUK = '86420975';
const ADMIN = { account: 'helpdesk', groups: ['Domain Users'], admin: true };

describe.each(testDatabases())('smartcard PINs on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let memberNo = 0;
  /** Every line the app logs, at every level. */
  const logged: string[] = [];

  const cms = (body: Record<string, unknown>) =>
    call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: body });
  /** A member with a mail address, and a smartcard issued to them by the operator. */
  const withCard = async () => {
    memberNo += 1;
    const email = `card${memberNo}@acme.example`;
    const m = await createMember(h, acme, { email, username: email, first_name: 'Carla' });
    const since = h.sink.mails.length;
    const issued = await post(h.app, `users/${m.id}/credentials/`, { type: 'smartcard', certificate: CERT }, acme);
    expect(issued.status).toBe(201);
    const mail = await h.sink.waitFor(email, since);
    return { m, email, issued, mail, card: issued.body.credential.id as string };
  };
  const codeOf = (text: string) => /\b(\d{8})\b/.exec(text)?.[1] ?? '';
  const challenge = () => randomBytes(16).toString('hex');

  beforeAll(async () => {
    h = await startHarness(database, {}, { write: (line) => logged.push(line) });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    await cms({ transport_pin: { length: 6, default: '{secret}' }, transport_puk: { length: 8, default: PUK } });
  });
  afterAll(async () => h?.close());

  it('mails the transport PIN of an issued card to the member, and shows it to no one else', async () => {
    const { email, issued, mail } = await withCard();
    expect(issued.body.enrollment).toEqual({ pin_sent_to: email });
    expect(mail.subject).toBe('Your smartcard PIN');
    const pin = /PIN of your smartcard is (\d+)/.exec(mail.text)?.[1] ?? '';
    expect(pin).toMatch(/^\d{6}$/);
    expect(JSON.stringify(issued.body)).not.toContain(pin);
    const second = await withCard();
    // `{secret}`: each card its own.
    expect(/is (\d+)/.exec(second.mail.text)?.[1]).not.toBe(pin);
  });

  it('enables a PIN reset whose mailed code unblocks the card once at a workstation, the PUK never shown', async () => {
    const { m, email, card } = await withCard();
    const since = h.sink.mails.length;
    const reset = await post(h.app, `users/${m.id}/credentials/${card}/pin-reset/`, {}, acme);
    expect(reset.status).toBe(200);
    expect(reset.body.sent_to).toBe(email);
    const mail = await h.sink.waitFor(email, since);
    expect(mail.subject).toBe('Reset your token PIN');
    const code = codeOf(mail.text);
    expect(code).toHaveLength(8);
    const held = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    expect(held[0].pin_reset_until).toEqual(reset.body.expires_at);

    const ws = workstation(h, (await issueKey(h, acme)).key);
    const c = challenge();
    const wrong = await ws.raw('smartcards/unblock/', {
      username: email,
      auth_code: '00000000',
      challenge: c,
      operator: ADMIN,
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'pinResetInvalid' } });
    const unblocked = await ws.raw('smartcards/unblock/', {
      username: email,
      auth_code: code,
      challenge: c,
      operator: ADMIN,
    });
    expect(unblocked.status).toBe(200);
    // What a card holding the PUK computes, and checks, before it takes a new PIN.
    expect(unblocked.body.response).toBe(createHmac('sha256', PUK).update(Buffer.from(c, 'hex')).digest('hex'));
    const again = await ws.raw('smartcards/unblock/', {
      username: email,
      auth_code: code,
      challenge: c,
      operator: ADMIN,
    });
    expect(again.status).toBe(401);
    expect((await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body[0].pin_reset_until).toBeNull();

    // The PUK is in no mail, no answer and no log line.
    for (const sent of h.sink.mails) expect(sent.text).not.toContain(PUK);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(PUK);
    for (const body of [reset.body, held, unblocked.body]) expect(JSON.stringify(body)).not.toContain(PUK);
    const trail = await call(h.app, 'GET', 'audit/?action=credential.pin_reset', acme);
    expect(trail.body.results[0]).toMatchObject({ action: 'credential.pin_reset' });
  });

  it('lets only the CMS group (when set), else an administrator, unblock at a workstation', async () => {
    const { m, email, card } = await withCard();
    const since = h.sink.mails.length;
    await post(h.app, `users/${m.id}/credentials/${card}/pin-reset/`, {}, acme);
    const code = codeOf((await h.sink.waitFor(email, since)).text);
    const ws = workstation(h, (await issueKey(h, acme)).key);
    const ask = (operator: typeof ADMIN) =>
      ws.raw('smartcards/unblock/', { username: email, auth_code: code, challenge: challenge(), operator });
    expect(await ask({ ...ADMIN, admin: false })).toMatchObject({ status: 403, body: { code: 'cmsAdminRequired' } });
    await cms({ active_directory_group: 'CMS-Operators' });
    try {
      expect(await ask(ADMIN)).toMatchObject({ status: 403, body: { code: 'cmsGroupRequired' } });
      // Refused operators spent nothing: the code still works for one in the group.
      expect((await ask({ account: 'olga', groups: ['cms-operators'], admin: false })).status).toBe(200);
    } finally {
      await cms({ active_directory_group: '' });
    }
  });

  it('spends a reset after five wrong codes, and refuses a reset for other kinds', async () => {
    const { m, email, card } = await withCard();
    const since = h.sink.mails.length;
    await post(h.app, `users/${m.id}/credentials/${card}/pin-reset/`, {}, acme);
    const code = codeOf((await h.sink.waitFor(email, since)).text);
    const ws = workstation(h, (await issueKey(h, acme)).key);
    const ask = (auth_code: string) =>
      ws.raw('smartcards/unblock/', { username: email, auth_code, challenge: challenge(), operator: ADMIN });
    for (let i = 0; i < 5; i += 1) expect((await ask('11111111')).status).toBe(401);
    expect((await ask(code)).status).toBe(401);

    const totp = await post(h.app, `users/${m.id}/credentials/`, { type: 'totp' }, acme);
    const refused = await post(h.app, `users/${m.id}/credentials/${totp.body.credential.id}/pin-reset/`, {}, acme);
    expect(refused).toMatchObject({ status: 422, body: { code: 'pinResetNotSmartcard' } });
    const bad = await ws.raw('smartcards/unblock/', {
      username: email,
      auth_code: code,
      challenge: 'zz',
      operator: ADMIN,
    });
    expect(bad.status).toBe(400);
  });
});
