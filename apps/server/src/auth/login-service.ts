/**
 * Staff sign-in (spec sections 4 and 7): password, then a mailed one-time code, with a
 * forced password change first when required. Failures answer the same 401 whether or
 * not the account exists; ten in a row lock the account for fifteen minutes.
 */
import {
  LOCKOUT_S,
  LOCKOUT_THRESHOLD,
  LOGIN_OTP_LENGTH,
  LOGIN_OTP_MAX_TRIES,
  LOGIN_OTP_RESEND_S,
  LOGIN_OTP_TTL_S,
  type LoginRequest,
  type LoginResponse,
  maskEmail,
  passwordPolicyError,
} from '@portiere/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts, loginOtps, passwordChangeTokens, staffUsers } from '../db/schema/index.ts';
import { newOpaqueToken, randomDigits, type SecretBox, safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import { LOGIN_OTP_MAIL, render } from '../mail/templates.ts';
import type { StaffUser, TokenService } from './tokens.ts';

const CHANGE_TOKEN_TTL_S = 10 * 60;

export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async login(req: LoginRequest, ip: string): Promise<LoginResponse> {
    const username = req.username.trim().toLowerCase();
    const user = await this.checkPassword(username, req.password, ip);
    if (user.mustChangePassword) {
      await this.record(username, user.id, ip, 'password_change_required');
      return { change: await this.newChangeToken(user.id) };
    }
    if (req.otp === undefined) return this.sendOtp(user, ip);
    await this.checkOtp(user, req.otp, ip);
    await this.db.update(staffUsers).set({ failedLogins: 0, lockedUntil: null }).where(eq(staffUsers.id, user.id));
    await this.record(username, user.id, ip, 'success');
    return this.tokens.issue(user);
  }

  async changePassword(change: string, newPassword: string, ip: string): Promise<LoginResponse> {
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(passwordChangeTokens)
      .where(eq(passwordChangeTokens.tokenHash, sha256(change)));
    if (!row || row.usedAt || row.expiresAt <= now) throw new AppError(401, 'changeTokenInvalid');
    const policy = passwordPolicyError(newPassword);
    if (policy) throw new AppError(400, 'changePassword', undefined, { new_password: policy });
    const [user] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, row.staffUserId));
    if (!user) throw new AppError(401, 'changeTokenInvalid');
    if (await verifyPassword(user.passwordHash, newPassword)) {
      throw new AppError(400, 'changePassword', undefined, {
        new_password: { key: 'invalid', message: 'The new password must differ from the current one.' },
      });
    }
    const spent = await this.db
      .update(passwordChangeTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordChangeTokens.id, row.id), isNull(passwordChangeTokens.usedAt)))
      .returning({ id: passwordChangeTokens.id });
    if (spent.length === 0) throw new AppError(401, 'changeTokenInvalid');
    const passwordHash = await hashPassword(newPassword);
    const [updated] = await this.db
      .update(staffUsers)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(staffUsers.id, user.id))
      .returning();
    await this.record(user.username, user.id, ip, 'password_changed');
    // Every staff sign-in still needs the mailed code.
    return this.sendOtp(updated ?? user, ip);
  }

  /** Password check with lockout. Throws the same 401 for unknown users and bad passwords. */
  private async checkPassword(username: string, password: string, ip: string): Promise<StaffUser> {
    const now = this.now();
    const [user] = await this.db.select().from(staffUsers).where(eq(staffUsers.username, username));
    if (!user) {
      await verifyPassword(await dummyHash(), password);
      await this.record(username, null, ip, 'unknown_user');
      throw new AppError(401, 'login');
    }
    await this.assertNotLocked(user, now, ip);
    const ok = await verifyPassword(user.passwordHash, password);
    if (!ok) {
      await this.fail(user, ip, 'bad_password');
      throw new AppError(401, 'login');
    }
    if (user.expiration && user.expiration <= now) {
      await this.record(username, user.id, ip, 'account_expired');
      throw new AppError(401, 'login');
    }
    return user;
  }

  private async assertNotLocked(user: StaffUser, now: Date, ip: string): Promise<void> {
    if (user.lockedUntil && user.lockedUntil > now) {
      const minutes = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000);
      await this.record(user.username, user.id, ip, 'locked');
      throw new AppError(429, 'accountLocked', { minutes });
    }
  }

  /** Counts a failure; the tenth in a row locks the account. */
  private async fail(user: StaffUser, ip: string, outcome: string): Promise<void> {
    const [row] = await this.db
      .update(staffUsers)
      .set({ failedLogins: sql`${staffUsers.failedLogins} + 1` })
      .where(eq(staffUsers.id, user.id))
      .returning({ failed: staffUsers.failedLogins });
    if (row && row.failed >= LOCKOUT_THRESHOLD) {
      await this.db
        .update(staffUsers)
        .set({ failedLogins: 0, lockedUntil: new Date(this.now().getTime() + LOCKOUT_S * 1000) })
        .where(eq(staffUsers.id, user.id));
      outcome = `${outcome}_locked`;
    }
    await this.record(user.username, user.id, ip, outcome);
  }

  private async sendOtp(user: StaffUser, ip: string): Promise<LoginResponse> {
    if (!user.email) {
      await this.record(user.username, user.id, ip, 'no_otp_mail');
      throw new AppError(422, 'noOtpMail');
    }
    const now = this.now();
    const [recent] = await this.db
      .select({ id: loginOtps.id })
      .from(loginOtps)
      .where(
        and(
          eq(loginOtps.staffUserId, user.id),
          isNull(loginOtps.usedAt),
          gt(loginOtps.createdAt, new Date(now.getTime() - LOGIN_OTP_RESEND_S * 1000)),
        ),
      )
      .limit(1);
    // At most one new code a minute: within that minute the code already sent stays valid.
    if (!recent) {
      const code = randomDigits(LOGIN_OTP_LENGTH);
      await this.db.insert(loginOtps).values({
        staffUserId: user.id,
        codeHash: this.box.hmac(code),
        expiresAt: new Date(now.getTime() + LOGIN_OTP_TTL_S * 1000),
        createdAt: now,
      });
      const tags = { otp: code, username: user.username, minutes: LOGIN_OTP_TTL_S / 60 };
      await this.mailer.send({
        to: user.email,
        subject: render(LOGIN_OTP_MAIL.subject, tags),
        text: render(LOGIN_OTP_MAIL.text, tags),
      });
    }
    await this.record(user.username, user.id, ip, recent ? 'otp_reused' : 'otp_sent');
    return { email: maskEmail(user.email) };
  }

  /** The newest unspent code: single use, 10 minutes, 5 wrong tries. */
  private async checkOtp(user: StaffUser, otp: string, ip: string): Promise<void> {
    const now = this.now();
    const [code] = await this.db
      .select()
      .from(loginOtps)
      .where(and(eq(loginOtps.staffUserId, user.id), isNull(loginOtps.usedAt)))
      .orderBy(desc(loginOtps.createdAt))
      .limit(1);
    if (!code || code.expiresAt <= now || code.tries >= LOGIN_OTP_MAX_TRIES) {
      await this.fail(user, ip, 'otp_missing_or_expired');
      throw new AppError(401, 'login');
    }
    if (!safeEqual(code.codeHash, this.box.hmac(otp))) {
      const tries = code.tries + 1;
      // The fifth wrong try spends the code.
      await this.db
        .update(loginOtps)
        .set({ tries, ...(tries >= LOGIN_OTP_MAX_TRIES ? { usedAt: now } : {}) })
        .where(eq(loginOtps.id, code.id));
      await this.fail(user, ip, 'bad_otp');
      throw new AppError(401, 'login');
    }
    const spent = await this.db
      .update(loginOtps)
      .set({ usedAt: now })
      .where(and(eq(loginOtps.id, code.id), isNull(loginOtps.usedAt)))
      .returning({ id: loginOtps.id });
    if (spent.length === 0) throw new AppError(401, 'login');
  }

  private async newChangeToken(staffUserId: string): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await this.db.insert(passwordChangeTokens).values({
      staffUserId,
      tokenHash: hash,
      expiresAt: new Date(this.now().getTime() + CHANGE_TOKEN_TTL_S * 1000),
    });
    return token;
  }

  private async record(username: string, staffUserId: string | null, ip: string, outcome: string): Promise<void> {
    await this.db.insert(loginAttempts).values({ username, staffUserId, ip, outcome, createdAt: this.now() });
  }
}
