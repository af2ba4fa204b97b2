/**
 * The RADIUS server through the real app and database, with clients nobody here wrote: Debian's
 * radclient (Access-Accept for a password with the TOTP appended and through a challenge,
 * Access-Reject for a wrong code, nothing for a wrong secret or a missing Message-Authenticator)
 * and pam_radius_auth driven by pamtester (a PAM service asking the code in a challenge). Drops are
 * counted in /metrics; sign-ins reach the member's record and the audit trail; Reply-Messages are
 * in the customer's language; a retransmission is answered again, never counted twice.
 */
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OIDC_PATH } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import radius from 'radius';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pamRadiusPath } from '../../../../scripts/ensure-radius.mjs';
import { radiusSignIns } from '../db/schema/index.ts';
import { purgeExpiredSignIns } from '../signIn/purge.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { pamtester } from '../test/pamtester.ts';
import { quoted, radclient } from '../test/radius.ts';
import { SoftDevice } from '../test/soft-device.ts';
import {
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  PASSWORD,
  totpCode,
  type WebMember,
} from '../test/web-login.ts';

const METRICS_TOKEN = 'radius-test-metrics-token';

describe.each(testDatabases())('RADIUS on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;
  let port: number;
  let groupId: string;
  let applicationId: string;
  let client: { id: string; name: string; secret: string };

  /** A RADIUS client of acme's for 127.0.0.1, registered as an operator does; its secret as shown once. */
  async function addClient(fields: Record<string, unknown> = {}) {
    const name = `VPN ${randomBytes(3).toString('hex')}`;
    const res = await post(
      h.app,
      'radius-clients/',
      { name, address: '127.0.0.1', applicationId, approvalWait: 5, ...fields },
      acme,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, name, secret: res.body.secret as string };
  }
  const member = () => createWebMember(h, acme, groupId);
  const ask = (
    attrs: Record<string, string>,
    opts: { secret?: string; messageAuthenticator?: boolean; timeoutS?: number } = {},
  ) => radclient(port, opts.secret ?? client.secret, attrs, opts);
  const login = (m: WebMember, password: string, more: Record<string, string> = {}) =>
    ask({ 'User-Name': quoted(m.username), 'User-Password': quoted(password), ...more });
  const dropped = async (reason: string) => {
    const res = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const m = new RegExp(`portiere_radius_dropped_total\\{reason="${reason}"\\} (\\d+)`).exec(res.body);
    return Number(m?.[1] ?? Number.NaN);
  };

  beforeAll(async () => {
    h = await startHarness(database, { RADIUS_PORT: '0', RADIUS_HOST: '127.0.0.1', METRICS_TOKEN });
    port = h.app.radiusAddress()?.port ?? 0;
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    const flow = await createFlow(h, acme, [['password'], ['totp']]);
    // A RADIUS application without a default flow: only groups with an app role get in.
    const app = await createApplication(h, acme, 'radius' as 'machine');
    applicationId = app.id;
    const role = await post(
      h.app,
      'app-roles/',
      {
        displayName: 'VPN users',
        applicationId,
        groupId,
        flowId: flow.id,
        radiusAttributes: [
          { name: 'Class', value: 'vpn-staff' },
          { name: 'Filter-Id', value: 'staff-acl' },
          { name: 'Session-Timeout', value: '3600' },
        ],
      },
      acme,
    );
    expect(role.status).toBe(201);
    client = await addClient();
  });
  afterAll(async () => h?.close());

  it('accepts a password with the TOTP code appended, with the attributes of the member app role', async () => {
    const m = await member();
    const res = await login(m, `${PASSWORD}${totpCode(h, m)}`);
    expect(res.code, res.output).toBe('Access-Accept');
    expect(res.attributes).toMatchObject({
      Class: '0x76706e2d7374616666',
      'Filter-Id': 'staff-acl',
      'Session-Timeout': '3600',
    });

    // The console sees when the device last spoke.
    expect((await call(h.app, 'GET', `radius-clients/${client.id}/`, acme)).body.last_used_at).not.toBeNull();
    const records = (await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=radius`, acme)).body;
    expect(records.results[0]).toMatchObject({
      channel: 'radius',
      outcome: 'success',
      machine: client.name,
      kinds: ['password', 'totp'],
      application: { id: applicationId },
    });
    // Listed under RADIUS only, not among the web sign-ins.
    expect((await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=web`, acme)).body.count).toBe(0);
    const trail = (await call(h.app, 'GET', `audit/?action=radius.sign_in&target_id=${m.id}`, acme)).body;
    expect(trail.results[0]).toMatchObject({ outcome: 'success', actor_type: 'member', source_ip: '127.0.0.1' });
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
  });

  it('asks for the code in a challenge when the password comes alone, and refuses a wrong code', async () => {
    const m = await member();
    const first = await login(m, PASSWORD);
    expect(first.code, first.output).toBe('Access-Challenge');
    expect(first.attributes['Reply-Message']).toBe('Enter the code from your authenticator app or token.');
    const state = first.attributes.State ?? '';
    expect(state).toMatch(/^0x[0-9a-f]+$/);

    const right = await login(m, totpCode(h, m), { State: state });
    expect(right.code, right.output).toBe('Access-Accept');
    // The State is spent: it opens nothing again.
    expect((await login(m, totpCode(h, m), { State: state })).code).toBe('Access-Reject');

    const again = await login(m, PASSWORD);
    const wrong = await login(m, '000000', { State: again.attributes.State ?? '' });
    expect(wrong.code).toBe('Access-Reject');
    expect(wrong.attributes['Reply-Message']).toBe('Sign-in failed.');
    const records = (await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=radius&outcome=failure`, acme)).body;
    expect(records.results[0]).toMatchObject({ reason: 'wrong_answer', kinds: ['password'] });
  });

  it('signs nobody in through the clients of an application no longer of type RADIUS', async () => {
    const app = await createApplication(h, acme, 'radius' as 'machine');
    const group = await createGroup(h, acme);
    const flow = await createFlow(h, acme, [['password']]);
    await createAppRole(h, acme, app.id, group.id, flow.id);
    const device = await addClient({ applicationId: app.id });
    const m = await createWebMember(h, acme, group.id);
    const as = (secret: string) =>
      radclient(port, secret, { 'User-Name': quoted(m.username), 'User-Password': quoted(PASSWORD) });
    expect((await as(device.secret)).code).toBe('Access-Accept');
    const changed = await call(h.app, 'PATCH', `applications/${app.id}/`, acme, {
      type: 'web',
      redirectUri: 'https://rp.example/cb',
    });
    expect(changed.status).toBe(200);
    expect((await as(device.secret)).code).toBe('Access-Reject');
  });

  it('does not make a RADIUS application an OpenID client', async () => {
    const app = (await call(h.app, 'GET', `applications/${applicationId}/`, acme)).body;
    const res = await h.app.inject({
      url: `${OIDC_PATH}/auth?client_id=${app.clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://rp.test/cb')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_client');
  });

  it('deletes sign-ins left a day past their expiry', async () => {
    const m = await member();
    const first = await login(m, PASSWORD);
    const id = Buffer.from((first.attributes.State ?? '').slice(2), 'hex').toString();
    const left = async () =>
      (await h.app.services.db.select().from(radiusSignIns).where(eq(radiusSignIns.id, id))).length;
    expect(await left()).toBe(1);
    await purgeExpiredSignIns(h.app.services.db, new Date(h.clock.now().getTime() + 3_600_000));
    expect(await left()).toBe(1);
    const purged = await purgeExpiredSignIns(h.app.services.db, new Date(h.clock.now().getTime() + 25 * 3_600_000));
    expect(purged.radius).toBeGreaterThanOrEqual(1);
    expect(await left()).toBe(0);
  });

  it('rejects a wrong password with the same plain failure as an unknown name', async () => {
    const m = await member();
    const wrong = await login(m, `not-it${totpCode(h, m)}`);
    const nobody = await ask({ 'User-Name': quoted('nobody@acme.example'), 'User-Password': quoted(PASSWORD) });
    expect(wrong.code).toBe('Access-Reject');
    expect(nobody.code).toBe('Access-Reject');
    // The same words for both (the Message-Authenticator differs from reply to reply).
    expect(nobody.attributes['Reply-Message']).toBe('Sign-in failed.');
    expect(wrong.attributes['Reply-Message']).toBe('Sign-in failed.');
  });

  it('says why only after a right password: blocked, or a group the application does not admit', async () => {
    const blocked = await member();
    await call(h.app, 'POST', `users/${blocked.id}/block/`, acme);
    const res = await login(blocked, PASSWORD);
    expect(res.code).toBe('Access-Reject');
    expect(res.attributes['Reply-Message']).toBe('Your account is blocked. Please contact your administrator.');

    const outsider = await createWebMember(h, acme, (await createGroup(h, acme)).id);
    const refused = await login(outsider, PASSWORD);
    expect(refused.code).toBe('Access-Reject');
    expect(refused.attributes['Reply-Message']).toBe('You may not sign in here. Please contact your administrator.');
  });

  it('speaks the customer language', async () => {
    const patch = (language: string) =>
      call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { general: { language } });
    expect((await patch('it')).status).toBe(200);
    try {
      const m = await member();
      const res = await login(m, PASSWORD);
      expect(res.attributes['Reply-Message']).toBe("Inserisci il codice dell'app di autenticazione o del token.");
    } finally {
      await patch('en');
    }
  });

  it('drops a wrong secret, a missing Message-Authenticator and an unknown source, and counts each', async () => {
    const m = await member();
    const [bad, missing, unknown] = await Promise.all([
      dropped('bad_authenticator'),
      dropped('missing_authenticator'),
      dropped('unknown_client'),
    ]);
    const attrs = { 'User-Name': quoted(m.username), 'User-Password': quoted(PASSWORD) };
    // radclient waits a second, tries once more, and gives up: nothing ever comes back.
    const [wrongSecret, noMa] = await Promise.all([
      ask(attrs, { secret: 'not-the-secret', timeoutS: 1 }),
      ask(attrs, { messageAuthenticator: false, timeoutS: 1 }),
    ]);
    expect(wrongSecret.code).toBeNull();
    expect(wrongSecret.output).toMatch(/No reply/);
    expect(noMa.code).toBeNull();

    // From an address no client covers (127.0.0.3: loopback takes any 127/8 source).
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.3', resolve));
    const packet = radius.encode({
      code: 'Access-Request',
      secret: client.secret,
      attributes: [
        ['User-Name', m.username],
        ['User-Password', PASSWORD],
      ],
      add_message_authenticator: true,
    });
    const counted = async () => {
      for (let i = 0; i < 100 && (await dropped('unknown_client')) === unknown; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    socket.send(packet, port, '127.0.0.1');
    await counted();
    socket.close();

    expect(await dropped('bad_authenticator')).toBe(bad + 1);
    expect(await dropped('missing_authenticator')).toBe(missing + 1);
    expect(await dropped('unknown_client')).toBe(unknown + 1);
    // Nothing was checked: no failure on the member's record.
    expect((await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=radius`, acme)).body.count).toBe(0);
  });

  it('answers a Status-Server (RFC 5997) that its secret proves', async () => {
    const status = (secret: string) => radclient(port, secret, {}, { command: 'status', timeoutS: 1 });
    expect((await status(client.secret)).code).toBe('Access-Accept');
    expect((await status('not-the-secret')).code).toBeNull();
  });

  it('answers a retransmission with the same reply, counting the try once', async () => {
    const m = await member();
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const replies: Buffer[] = [];
    const two = new Promise<void>((resolve) => {
      socket.on('message', (msg) => {
        replies.push(msg);
        if (replies.length === 2) resolve();
      });
    });
    const packet = radius.encode({
      code: 'Access-Request',
      secret: client.secret,
      identifier: 7,
      attributes: [
        ['User-Name', m.username],
        ['User-Password', 'wrong-password'],
      ],
      add_message_authenticator: true,
    });
    socket.send(packet, port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));
    socket.send(packet, port, '127.0.0.1');
    await two;
    socket.close();
    expect(replies[1]).toEqual(replies[0]);
    expect(radius.decode({ packet: replies[0] as Buffer, secret: client.secret }).code).toBe('Access-Reject');
    const records = (await call(h.app, 'GET', `users/${m.id}/sign-ins/?channel=radius`, acme)).body;
    expect(records.count).toBe(1);
  });

  it('asks the app with a number to pick, and waits for the approval within the client wait', async () => {
    // Another RADIUS application whose group approves on the phone; its client shares the address.
    const group = await createGroup(h, acme);
    const flow = await createFlow(h, acme, [['password'], ['app']]);
    const app = await createApplication(h, acme, 'radius' as 'machine');
    await createAppRole(h, acme, app.id, group.id, flow.id);
    const phoneClient = await addClient({ applicationId: app.id, approvalWait: 1 });
    const m = await createWebMember(h, acme, group.id);
    const created = await post(h.app, `users/${m.id}/credentials/`, { type: 'app' }, acme);
    const phone = new SoftDevice(() => h.clock.now().getTime());
    expect((await phone.enroll(h.app, created.body.enrollment.confirmation_code)).status).toBe(200);
    const viaPhone = (password: string, more: Record<string, string> = {}) =>
      radclient(port, phoneClient.secret, {
        'User-Name': quoted(m.username),
        'User-Password': quoted(password),
        ...more,
      });

    const asked = await viaPhone(PASSWORD);
    expect(asked.code, asked.output).toBe('Access-Challenge');
    const message = asked.attributes['Reply-Message'] ?? '';
    expect(message).toMatch(
      /^Pick \d{2} in the Portiere app to approve, then press Enter\. Or type a code from the app\.$/,
    );
    const number = Number(/Pick (\d{2})/.exec(message)?.[1]);
    const state = asked.attributes.State ?? '';

    // Enter before the phone answered: the request waits its second, then asks again.
    const early = await viaPhone('', { State: state });
    expect(early.code).toBe('Access-Challenge');
    expect(early.attributes['Reply-Message']).toBe('Not approved yet. Approve in the Portiere app, then press Enter.');

    const [request] = await phone.pending(h.app);
    expect(request?.choices).toContain(number);
    const waiting = viaPhone('', { State: state });
    expect((await phone.approve(h.app, number)).status).toBe(204);
    const done = await waiting;
    expect(done.code, done.output).toBe('Access-Accept');

    // Another number ends the sign-in, with its reason.
    const again = await viaPhone(PASSWORD);
    const wrong = (Number(/Pick (\d{2})/.exec(again.attributes['Reply-Message'] ?? '')?.[1]) + 1) % 100;
    const [next] = await phone.pending(h.app);
    await phone.answer(h.app, next?.id ?? '', { approve: true, number: wrong });
    const refused = await viaPhone('', { State: again.attributes.State ?? '' });
    expect(refused.code).toBe('Access-Reject');
    expect(refused.attributes['Reply-Message']).toBe('The number picked in the app was not the one shown here.');
  });

  it('signs a member in to a PAM service through pam_radius_auth, the code asked in a challenge', async () => {
    const module = pamRadiusPath();
    expect(module).not.toBeNull();
    // pam_radius_auth 2.0 (Debian 12) sends no Message-Authenticator: its client allows that.
    const pamClient = await addClient({ requireMessageAuthenticator: false });
    const dir = fs.mkdtempSync(path.join(tmpdir(), 'pam-radius-'));
    const conf = path.join(dir, 'pam_radius_auth.conf');
    fs.writeFileSync(conf, `127.0.0.1:${port} ${pamClient.secret} 10\n`, { mode: 0o600 });
    const service = `portiere-radius-test-${randomBytes(6).toString('hex')}`;
    const file = `/etc/pam.d/${service}`;
    fs.writeFileSync(file, `auth required ${module} conf=${conf}\naccount required pam_permit.so\n`);
    try {
      const m = await member();
      const ok = await pamtester(service, m.username, [PASSWORD, totpCode(h, m)]);
      expect(ok.output).toContain('Enter the code from your authenticator app or token.');
      expect(ok.code, ok.output).toBe(0);
      expect(ok.output).toMatch(/successfully authenticated/);

      const wrong = await pamtester(service, m.username, [PASSWORD, '000000']);
      expect(wrong.code, wrong.output).not.toBe(0);
    } finally {
      fs.rmSync(file, { force: true });
      fs.rmSync(dir, { recursive: true, force: true });
      await call(h.app, 'DELETE', `radius-clients/${pamClient.id}/`, acme);
    }
  });
});
