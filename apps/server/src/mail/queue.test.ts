/**
 * Mail leaves through the queue (mail/queue.ts, mail/sender.ts), off the request: a request
 * answers at once whatever the mail server does; the mail is sealed in the database until it
 * went, retried while the server is away, dropped once what it carries expired, given up (and
 * logged without its text) when the server refuses it for good or too often; a server started
 * on the same database sends what another left when it died. Real SMTP (the sink), real
 * databases. Several server processes on one database: multinode.test.ts.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loginOtps, mailQueue, staffUsers } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { createMember, createStaffUser, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { SmtpSink } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';
import { DIRECT_LEASE_MS, MailQueue } from './queue.ts';
import { MailSender } from './sender.ts';

/** A mail server that takes connections and never answers them. */
async function hungServer(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(testDatabases())('the mail queue on $name', (database) => {
  let h: Harness;
  const logged: string[] = [];
  const queued = () => h.app.services.db.select().from(mailQueue);
  const settled = () => h.app.services.mailSender.settled();
  const codesOf = async (username: string) => {
    const [user] = await h.app.services.db.select().from(staffUsers).where(eq(staffUsers.username, username));
    return (
      await h.app.services.db
        .select()
        .from(loginOtps)
        .where(eq(loginOtps.staffUserId, user?.id ?? ''))
    ).length;
  };
  /** The mail server comes back on its port (after `h.sink.stop()`). */
  const serverBack = async (port: number) => {
    const back = new SmtpSink();
    await back.start(port);
    h.sink = back;
  };
  /** Sign-in step 1, answered without waiting for its mail (post() waits: test/harness.ts). */
  const step1 = async (username: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username, password: DEMO_PASSWORD },
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    h = await startHarness(database, {}, { write: (line) => logged.push(line) });
  });
  afterAll(() => h.close());

  it('mails the sign-in code once step 1 has answered, and keeps nothing of it once sent', async () => {
    h.clock.advance(61);
    const since = h.sink.mails.length;
    expect(await step1('admin@acme.example')).toEqual({ status: 200, body: { email: 'a***@acme.example' } });
    const otp = await h.sink.otpFor('admin@acme.example', since);
    const step2 = await post(h.app, 'login/', { username: 'admin@acme.example', password: DEMO_PASSWORD, otp });
    expect(step2.body.access).toEqual(expect.any(String));
    await settled();
    expect(await queued()).toEqual([]);
  });

  it('answers at once while the mail server hangs, keeps the mail sealed, and sends it once the server is back', async () => {
    const username = 'admin@acme.example';
    const { access } = await signIn(h, username);
    const member = await createMember(h, access, { email: 'waiting@acme.example' });
    await settled();
    const port = h.sink.port;
    await h.sink.stop();
    // It greets nobody: a mail sent in the request would wait for its 30 s greeting timeout.
    const hung = await hungServer(port);

    h.clock.advance(61);
    const codesBefore = await codesOf(username);
    const started = performance.now();
    expect(await step1(username)).toEqual({ status: 200, body: { email: 'a***@acme.example' } });
    const enrol = await h.app.inject({
      method: 'POST',
      url: `/api/v1/users/${member.id}/send-enrollment/`,
      payload: {},
      headers: { authorization: `Bearer ${access}` },
    });
    expect([enrol.statusCode, enrol.json()]).toEqual([200, { sent_to: 'waiting@acme.example' }]);
    expect(performance.now() - started).toBeLessThan(5_000);
    // The code is kept: its mail is on its way. Within the minute, no second code nor mail.
    expect(await codesOf(username)).toBe(codesBefore + 1);
    expect(await step1(username)).toEqual({ status: 200, body: { email: 'a***@acme.example' } });
    expect(await codesOf(username)).toBe(codesBefore + 1);
    const rows = await queued();
    expect(rows.map((r) => r.kind).sort()).toEqual(['enrollment_link', 'sign_in_code']);

    // The server fails and comes back: the mails are tried again and go.
    await hung.stop();
    await serverBack(port);
    const otp = await h.sink.otpFor(username);
    const link = await h.sink.waitFor('waiting@acme.example');
    expect(link.text).toMatch(/\/enroll\/\S+/);
    const done = await post(h.app, 'login/', { username, password: DEMO_PASSWORD, otp });
    expect(done.status).toBe(200);

    // While they waited, the rows held neither the code, the link, nor the address in clear.
    const token = /\/enroll\/(\S+)/.exec(link.text)?.[1] ?? '';
    for (const row of rows) {
      for (const secret of [otp, token, username, 'waiting@acme.example']) expect(row.sealed).not.toContain(secret);
    }
    for (const line of logged) for (const secret of [otp, token]) expect(line).not.toContain(secret);
    await settled();
    expect(await queued()).toEqual([]);
  });

  it('drops a sign-in code whose mail could not go before the code expired', async () => {
    const username = 'admin@globex.example';
    const port = h.sink.port;
    await h.sink.stop();
    h.clock.advance(61);
    expect((await step1(username)).status).toBe(200);
    await settled();
    expect((await queued()).map((r) => [r.kind, r.attempts])).toEqual([['sign_in_code', 1]]);
    expect(logged.join('\n')).toContain('mail not sent; it will be tried again');
    // Eleven minutes later the code has expired: its mail is dropped, not sent late.
    h.clock.advance(11 * 60);
    await serverBack(port);
    await settled();
    expect(await queued()).toEqual([]);
    expect(h.sink.mails).toEqual([]);
    expect(logged.join('\n')).toContain('mail dropped: what it carried expired before it could be sent');
  });

  it('gives up a mail the server refuses for good, and logs it without its text', async () => {
    const username = `bounce-${randomBytes(3).toString('hex')}@acme.example`;
    await createStaffUser(h, username);
    h.sink.refused.add(username);
    h.clock.advance(61);
    expect((await step1(username)).status).toBe(200);
    await settled();
    expect(await queued()).toEqual([]);
    const line = logged.find((l) => l.includes('mail given up'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50, kind: 'sign_in_code', responseCode: 550, attempt: 1 });
    expect(h.sink.mails.filter((m) => m.to.includes(username))).toEqual([]);
  });

  it('a server started on the same database sends what the last one queued before it died', async () => {
    // The first server dies between the commit and the send: its sender never runs.
    await h.app.services.mailSender.stop();
    h.clock.advance(61);
    const since = h.sink.mails.length;
    expect((await step1('admin@acme.example')).status).toBe(200);
    // And one it had taken to send itself (queue.ts), when it died.
    const died = { hasRoom: () => true, sendTaken: () => {}, kick: () => {} } as unknown as MailSender;
    const taken = new MailQueue(h.app.services.db, h.app.services.box, died, h.clock.now);
    await taken.enqueue('password_reset', {
      to: 'taken@acme.example',
      subject: 'Your Portiere password was reset',
      text: 'Temporary password: x',
      html: '<p>Temporary password: x</p>',
      attachments: [],
    });
    expect((await queued()).map((r) => [r.kind, r.attempts]).sort()).toEqual([
      ['password_reset', 1],
      ['sign_in_code', 0],
    ]);

    const next = await buildApp({
      config: loadConfig({
        SMTP_URL: `smtp://127.0.0.1:${h.sink.port}`,
        DATA_DIR: '/tmp/portiere-test',
        LOG_LEVEL: 'silent',
      }),
      // The same database (and secret key); closed by the first app.
      database: { ...h.app.services.database, close: async () => {} },
      box: h.app.services.box,
      now: h.clock.now,
      auditPruning: false,
      logger: false,
    });
    try {
      await next.ready();
      const otp = await h.sink.otpFor('admin@acme.example', since);
      const done = await post(h.app, 'login/', { username: 'admin@acme.example', password: DEMO_PASSWORD, otp });
      expect(done.status).toBe(200);
      // The taken one stays its dead node's until the lease has passed, then goes.
      await next.services.mailSender.settled();
      expect((await queued()).map((r) => r.kind)).toEqual(['password_reset']);
      expect(h.sink.mails.filter((m) => m.to.includes('taken@acme.example'))).toEqual([]);
      h.clock.advance(DIRECT_LEASE_MS / 1000 + 1);
      await next.services.mailSender.settled();
      expect((await h.sink.waitFor('taken@acme.example', since)).subject).toBe('Your Portiere password was reset');
      expect(await queued()).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('tries a mail the server keeps refusing a bounded number of times, waiting longer each time', async () => {
    // This app's own sender stopped in the test above; this one tries a server that is away.
    const port = h.sink.port;
    await h.sink.stop();
    const lines: string[] = [];
    const log = {
      warn: (o: object, msg: string) => lines.push(JSON.stringify({ ...o, msg })),
      error: (o: object, msg: string) => lines.push(JSON.stringify({ ...o, msg, level: 'error' })),
    };
    const transport = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portiere@example.test',
      outboxDir: '/tmp/portiere-test/outbox',
      log: h.app.log,
    });
    const sender = new MailSender(h.app.services.database.db, transport, h.app.services.box, log, h.clock.now, {
      maxAttempts: 3,
      firstRetryMs: 1,
      maxRetryMs: 4,
    });
    await h.app.services.mailQueue.enqueue('password_reset', {
      to: 'away@acme.example',
      subject: 'Your Portiere password was reset',
      text: 'Temporary password: x',
      html: '<p>Temporary password: x</p>',
      attachments: [],
    });
    try {
      for (let tries = 0; tries < 3; tries++) {
        await sender.settled();
        // Each refusal puts the next try a little later; past maxRetryMs the clock moves on.
        h.clock.advance(1);
      }
      await sender.settled();
      expect(await queued()).toEqual([]);
      const retries = lines.filter((l) => l.includes('it will be tried again')).map((l) => JSON.parse(l).attempt);
      expect(retries).toEqual([1, 2]);
      expect(JSON.parse(lines.find((l) => l.includes('mail given up')) ?? '{}')).toMatchObject({
        kind: 'password_reset',
        attempt: 3,
        code: 'ESOCKET',
      });
      expect(lines.join('\n')).not.toContain('Temporary password');
    } finally {
      await sender.stop();
      transport.close();
      await serverBack(port);
    }
  });
});
