import { ERRORS, LOGIN_OTP_TTL_S } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts, loginOtps, loginThrottle, staffUsers } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../test/harness.ts';

describe.each(testDatabases())('sign-in on $name', (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(() => h.close());
  // Failures of one test must not throttle the next (throttle.test.ts tests the throttle).
  beforeEach(() => h.app.services.db.delete(loginThrottle));

  const acme = 'admin@acme.example';

  it('mails a 6-digit code and answers the masked address', async () => {
    h.clock.advance(61); // past the one-code-a-minute throttle of any earlier test
    const since = h.sink.mails.length;
    const res = await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    expect(res).toEqual({ status: 200, body: { email: 'a***@acme.example' } });
    const mail = await h.sink.waitFor(acme, since);
    expect(mail.subject).toMatch(/sign-in code: \d{6}$/);
    expect(mail.text).toContain('valid for 10 minutes');
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await post(h.app, 'login/', { username: 'admin@globex.example', password: 'nope-nope-nope' });
    const unknown = await post(h.app, 'login/', { username: 'ghost@nowhere.example', password: 'nope-nope-nope' });
    expect(wrong).toEqual({ status: 401, body: { reason: ERRORS.login, code: 'login' } });
    expect(unknown).toEqual(wrong);
    await post(h.app, 'login/', { username: 'admin@globex.example', password: DEMO_PASSWORD, otp: '000000' }).catch(
      () => {},
    );
  });

  it('signs in with the mailed code and issues RS256 tokens verifiable with the public key', async () => {
    const { access, refresh } = await signIn(h, acme);
    // Session id, generation, a 128-bit nonce and a 256-bit MAC (auth/tokens.ts).
    expect(refresh).toMatch(/^[0-9a-f-]{36}\.0\.[\w-]{22}\.[\w-]{43}$/);
    const { body } = await call(h.app, 'GET', 'jwt/public/');
    const key = await importSPKI(body.data, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(access, key);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ user_type: 'CustomerUser', user_username: acme });
    expect(payload.customer_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(15 * 60);
    const me = await call(h.app, 'GET', 'me/', access);
    expect(me.body).toMatchObject({
      username: acme,
      user_type: 'CustomerUser',
      customer: { name: 'Acme', la_enabled: true },
    });
  });

  it('gives a reseller a token with reseller_id and its customers', async () => {
    const { access } = await signIn(h, 'partner@northwind.example');
    const claims = decodeJwt(access);
    expect(claims.user_type).toBe('ResellerUser');
    expect(claims.reseller_id).toBeTruthy();
    expect(claims.customer_id).toBeUndefined();
    const list = await call(h.app, 'GET', 'customers/', access);
    expect(list.body.results.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Globex']);
    expect(list.body).toMatchObject({ count: 2, next_page: null });
  });

  it('uses a code once only', async () => {
    h.clock.advance(61);
    const since = h.sink.mails.length;
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    const otp = await h.sink.otpFor(acme, since);
    expect((await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD, otp })).status).toBe(200);
    expect((await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD, otp })).status).toBe(401);
  });

  it('refuses a code after its 10 minutes', async () => {
    h.clock.advance(120); // past the resend throttle of earlier tests
    const since = h.sink.mails.length;
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    const otp = await h.sink.otpFor(acme, since);
    h.clock.advance(LOGIN_OTP_TTL_S + 1);
    const res = await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD, otp });
    expect(res).toEqual({ status: 401, body: { reason: ERRORS.login, code: 'login' } });
  });

  it('spends a code after 5 wrong tries', async () => {
    h.clock.advance(3600);
    const since = h.sink.mails.length;
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    const otp = await h.sink.otpFor(acme, since);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD, otp: wrong })).status).toBe(401);
    }
    expect((await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD, otp })).status).toBe(401);
  });

  it('sends at most one new code a minute', async () => {
    h.clock.advance(7200);
    // Codes issued to the account: the server records each one before it mails it.
    const codes = async () =>
      (
        await h.app.services.db
          .select({ id: loginOtps.id })
          .from(loginOtps)
          .innerJoin(staffUsers, eq(staffUsers.id, loginOtps.staffUserId))
          .where(eq(staffUsers.username, acme))
      ).length;
    const issued = await codes();
    const since = h.sink.mails.length;
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    const first = await h.sink.otpFor(acme, since);
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    expect(await codes()).toBe(issued + 1);
    h.clock.advance(61);
    await post(h.app, 'login/', { username: acme, password: DEMO_PASSWORD });
    expect(await codes()).toBe(issued + 2);
    // The next mail is the new code: nothing was mailed in between.
    const mailsAfterFirst = h.sink.mails.length;
    const second = await h.sink.otpFor(acme, since + 1);
    expect(second).not.toBe(first);
    expect(mailsAfterFirst).toBeLessThanOrEqual(since + 2);
  });

  it('records every attempt', async () => {
    await post(h.app, 'login/', { username: 'recorded@nowhere.example', password: 'nope-nope-nope' });
    const rows = await h.app.services.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.username, 'recorded@nowhere.example'));
    expect(rows.map((r) => r.outcome)).toEqual(['unknown_user']);
  });

  it('forces newhire to change the password, then asks for the mailed code', async () => {
    const user = 'newhire@acme.example';
    const first = await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD });
    expect(Object.keys(first.body)).toEqual(['change']);
    const weak = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: '12345678901',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.details.new_password.message).toBe('The password cannot be only numbers.');
    const short = await post(h.app, 'login/change-password/', { change: first.body.change, new_password: 'short' });
    expect(short.body.details.new_password.message).toBe('Must be at least 10 characters.');
    const since = h.sink.mails.length;
    const ok = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'A-better-pass-2026',
    });
    expect(ok.body).toEqual({ email: 'n***@acme.example' });
    const again = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'Another-pass-2026',
    });
    expect(again.status).toBe(401);
    const otp = await h.sink.otpFor(user, since);
    const tokens = await post(h.app, 'login/', { username: user, password: 'A-better-pass-2026', otp });
    expect(Object.keys(tokens.body).sort()).toEqual(['access', 'refresh']);
    expect((await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD })).status).toBe(401);
  });

  it('refuses a confirmation that differs from the new password, without spending the change token', async () => {
    const user = 'newhire@globex.example';
    const [globexAdmin] = await h.app.services.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.username, 'admin@globex.example'));
    if (!globexAdmin) throw new Error('no globex admin');
    const { id: _id, apiKeyId: _k, ...row } = globexAdmin;
    await h.app.services.db
      .insert(staffUsers)
      .values({ ...row, username: user, email: user, mustChangePassword: true });
    const first = await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD });
    const mismatch = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'A-better-pass-2026',
      confirm_password: 'A-better-pass-2027',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'passwordsNotMatching', reason: 'Passwords are not matching.' });
    expect(mismatch.body.details).toEqual({
      confirm_password: { key: 'passwordsMatch', message: 'Passwords do not match.' },
    });
    // Both problems at once: each under its field, the mismatch named as the reason.
    const both = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'short',
      confirm_password: 'shorter',
    });
    expect(both.body.code).toBe('passwordsNotMatching');
    expect(Object.keys(both.body.details).sort()).toEqual(['confirm_password', 'new_password']);
    // Matching (or no confirmation at all, as an API caller may send): the change goes through.
    const ok = await post(h.app, 'login/change-password/', {
      change: first.body.change,
      new_password: 'A-better-pass-2026',
      confirm_password: 'A-better-pass-2026',
    });
    expect(ok.body).toEqual({ email: 'n***@globex.example' });
  });

  it('answers the no-mail-credential error to a staff account without a mail address', async () => {
    const user = 'nomail@globex.example';
    const [account] = await h.app.services.db.select().from(staffUsers).where(eq(staffUsers.username, user));
    expect(account?.email).toBeNull();
    const res = await post(h.app, 'login/', { username: user, password: DEMO_PASSWORD });
    expect(res).toEqual({ status: 422, body: { reason: ERRORS.noOtpMail, code: 'noOtpMail' } });
    // A wrong password still says only that the sign-in failed.
    const wrong = await post(h.app, 'login/', { username: user, password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
  });

  it('validates the sign-in body', async () => {
    const res = await post(h.app, 'login/', { username: acme });
    expect(res.status).toBe(400);
    expect(res.body.details.password.message).toBe('This field is required.');
  });
});

describe('per-IP rate limit on sign-in', () => {
  const [pglite] = testDatabases();
  let h: Harness;
  beforeAll(async () => {
    if (!pglite) throw new Error('no database');
    h = await startHarness(pglite, { LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => h.close());

  it('answers 429 after the limit', async () => {
    const body = { username: 'x@y.example', password: 'whatever-pass' };
    for (let i = 0; i < 3; i++) expect((await post(h.app, 'login/', body)).status).toBe(401);
    const limited = await post(h.app, 'login/', body);
    expect(limited).toEqual({ status: 429, body: { code: 'rateLimited', reason: ERRORS.rateLimited } });
  });
});
