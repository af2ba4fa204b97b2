/**
 * When the mail server is down: the caller gets 502 mailFailed (not a 500), and a sign-in
 * code whose mail did not go is not kept, so the next attempt mails a fresh one at once.
 */
import { ERRORS } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOtps, staffUsers } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { createMember, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { SmtpSink } from '../test/smtp-sink.ts';

describe.each(testDatabases())('mail server down on $name', (database) => {
  let h: Harness;
  let revived: SmtpSink | undefined;
  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h.close();
    await revived?.stop();
  });

  const username = 'admin@acme.example';
  const codesOf = async () => {
    const [user] = await h.app.services.db.select().from(staffUsers).where(eq(staffUsers.username, username));
    return (await h.app.services.db.select().from(loginOtps).where(eq(loginOtps.staffUserId, user.id))).length;
  };

  it('answers 502 mailFailed, keeps no unsent code, and mails a code as soon as the server is back', async () => {
    // Signed in before the outage, for the member mail below.
    const { access } = await signIn(h, 'admin@acme.example');
    const member = await createMember(h, access);
    const port = h.sink.port;
    await h.sink.stop();

    h.clock.advance(61);
    const codesBefore = await codesOf();
    const login = await post(h.app, 'login/', { username, password: DEMO_PASSWORD });
    expect(login).toEqual({ status: 502, body: { reason: ERRORS.mailFailed, code: 'mailFailed' } });
    expect(await codesOf()).toBe(codesBefore);

    const enrol = await post(h.app, `users/${member.id}/send-enrollment/`, {}, access);
    expect(enrol).toEqual({ status: 502, body: { reason: ERRORS.mailFailed, code: 'mailFailed' } });

    // Back within the same minute: the failed attempt did not use up the one code a minute.
    revived = new SmtpSink();
    await revived.start(port);
    const again = await post(h.app, 'login/', { username, password: DEMO_PASSWORD });
    expect(again.status).toBe(200);
    const otp = await revived.otpFor(username);
    const done = await post(h.app, 'login/', { username, password: DEMO_PASSWORD, otp });
    expect(done.status).toBe(200);
    expect(done.body.access).toEqual(expect.any(String));
  });
});
