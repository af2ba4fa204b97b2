/**
 * Staff sign-in (spec sections 4 and 7): password, then a mailed one-time code, with a
 * forced password change first when required. Known and unknown usernames take the same
 * path (a dummy hash for unknown ones) and get the same answers; failures are throttled
 * per account and source (throttle.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  fieldError,
  LOGIN_OTP_LENGTH,
  LOGIN_OTP_MAX_TRIES,
  LOGIN_OTP_RESEND_S,
  LOGIN_OTP_TTL_S,
  type LoginRequest,
  type LoginResponse,
  maskEmail,
  passwordPolicyError,
} from '@portiere/contracts';
import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { auditInsertOfPlaceholders, auditValues } from '../audit/append.ts';
import { signInAction, staffEvent } from '../audit/staff-events.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { type Compiled, compiled } from '../db/compiled.ts';
import { loginAttempts, loginOtps, passwordChangeTokens, staffUsers } from '../db/schema/index.ts';
import { newOpaqueToken, randomDigits, type SecretBox, safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import type { MailQueue } from '../mail/queue.ts';
import { composeMail, LOGIN_OTP_MAIL } from '../mail/templates.ts';
import { type Attempt, LoginThrottle, type SignInSource } from './throttle.ts';
import type { StaffUser, TokenService } from './tokens.ts';

const CHANGE_TOKEN_TTL_S = 10 * 60;

/** The answer, and the device cookie to set after a full sign-in. */
export interface SignInResult {
  answer: LoginResponse;
  device?: string;
}

export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly tokens: TokenService,
    private readonly mail: MailQueue,
    private readonly throttle: LoginThrottle,
    private readonly now: () => Date = () => new Date(),
    /** Told each outcome as it is recorded (metrics). */
    private readonly onOutcome: (outcome: string) => void = () => {},
  ) {
    this.stateQueries = [false, true].map((withDevice) => this.prepareState(withDevice));
  }

  /**
   * The account of a username, whether the browser is trusted and until when the attempt is
   * barred, in one statement, prepared once (without and with a device cookie): it runs before
   * every password check, and building it took a tenth of an attempt's event loop time.
   */
  private readonly stateQueries;

  private prepareState(withDevice: boolean) {
    const { trusted, lockedMs } = LoginThrottle.stateColumns(withDevice);
    return this.db
      .select({ user: getTableColumns(staffUsers), trusted, lockedMs })
      .from(sql`(select 1) as one`)
      .leftJoin(staffUsers, eq(staffUsers.username, sql.placeholder('t_username')))
      .prepare(withDevice ? 'sign_in_state_device' : 'sign_in_state');
  }

  async login(req: LoginRequest, source: SignInSource): Promise<SignInResult> {
    const { ip } = source;
    const username = req.username.trim().toLowerCase();
    const { attempt, user } = await this.checkPassword(username, req.password, source);
    if (user.mustChangePassword) {
      await this.record(username, user, ip, 'password_change_required');
      return { answer: { change: await this.newChangeToken(user.id) } };
    }
    if (req.otp === undefined) return { answer: await this.sendOtp(user, ip) };
    await this.checkOtp(user, attempt, req.otp, ip);
    const device = source.device && source.device.length >= 32 ? source.device : randomBytes(32).toString('base64url');
    await this.throttle.success(attempt, device);
    await this.record(username, user, ip, 'success');
    return { answer: await this.tokens.issue(user), device };
  }

  async changePassword(
    change: string,
    newPassword: string,
    ip: string,
    confirmPassword?: string,
  ): Promise<LoginResponse> {
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(passwordChangeTokens)
      .where(eq(passwordChangeTokens.tokenHash, sha256(change)));
    if (!row || row.usedAt || row.expiresAt <= now) throw new AppError(401, 'changeTokenInvalid');
    const policy = passwordPolicyError(newPassword);
    // A confirmation that differs is named first (both field errors together); the token stays unspent.
    if (confirmPassword !== undefined && confirmPassword !== newPassword) {
      throw new AppError(400, 'passwordsNotMatching', undefined, {
        ...(policy ? { new_password: policy } : {}),
        confirm_password: fieldError('passwordsMatch'),
      });
    }
    if (policy) throw new AppError(400, 'changePassword', undefined, { new_password: policy });
    const [user] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, row.staffUserId));
    if (!user) throw new AppError(401, 'changeTokenInvalid');
    if (await verifyPassword(user.passwordHash, newPassword)) {
      throw new AppError(400, 'changePassword', undefined, {
        new_password: fieldError('passwordReused'),
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
    await this.record(user.username, user, ip, 'password_changed');
    // Every staff sign-in still needs the mailed code.
    return this.sendOtp(updated ?? user, ip);
  }

  /**
   * Password check under the throttle. Known and unknown usernames do the same work (one
   * lookup, one argon2id verification, the same counts) and get the same 401 or 429. Around
   * the hash there is one statement before (account, trusted browser, bar) and, on a failure,
   * one after (counts, attempt, audit event).
   */
  private async checkPassword(
    username: string,
    password: string,
    source: SignInSource,
  ): Promise<{ attempt: Attempt; user: StaffUser }> {
    const { ip } = source;
    const [row] = await this.stateQueries[source.device ? 1 : 0].execute(LoginThrottle.stateValues(username, source));
    const user = row?.user ?? undefined;
    const { attempt, barredS } = this.throttle.state(username, source, {
      trusted: row?.trusted,
      lockedMs: row?.lockedMs,
    });
    if (barredS > 0) {
      await this.record(username, user ?? null, ip, 'throttled');
      throw throttled(barredS);
    }
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok) {
      await this.record(username, user ?? null, ip, user ? 'bad_password' : 'unknown_user', attempt);
      throw new AppError(401, 'login');
    }
    const now = this.now();
    if (user.blockedAt || (user.expiration && user.expiration <= now)) {
      await this.record(username, user, ip, user.blockedAt ? 'account_blocked' : 'account_expired');
      throw new AppError(401, 'login');
    }
    return { attempt, user };
  }

  private async sendOtp(user: StaffUser, ip: string): Promise<LoginResponse> {
    const to = user.email;
    if (!to) {
      await this.record(user.username, user, ip, 'no_otp_mail');
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
      const tags = { otp: code, username: user.username, minutes: LOGIN_OTP_TTL_S / 60 };
      const expiresAt = new Date(now.getTime() + LOGIN_OTP_TTL_S * 1000);
      // The code and its mail in one statement: the mail goes once it commits, off the request,
      // retried while the mail server is away (mail/queue.ts). Within the minute, the next
      // attempt finds this code and waits for its mail rather than queueing another.
      await this.mail.enqueue(
        'sign_in_code',
        { to, ...composeMail(LOGIN_OTP_MAIL, tags) },
        {
          expiresAt,
          alongside: this.db.insert(loginOtps).values({
            staffUserId: user.id,
            codeHash: this.box.hmac(code),
            expiresAt,
            createdAt: now,
          }),
        },
      );
    }
    await this.record(user.username, user, ip, recent ? 'otp_reused' : 'otp_sent');
    return { email: maskEmail(to) };
  }

  /** The newest unspent code: single use, 10 minutes, 5 wrong tries. */
  private async checkOtp(user: StaffUser, attempt: Attempt, otp: string, ip: string): Promise<void> {
    const now = this.now();
    const [code] = await this.db
      .select()
      .from(loginOtps)
      .where(and(eq(loginOtps.staffUserId, user.id), isNull(loginOtps.usedAt)))
      .orderBy(desc(loginOtps.createdAt))
      .limit(1);
    if (!code || code.expiresAt <= now || code.tries >= LOGIN_OTP_MAX_TRIES) {
      await this.record(user.username, user, ip, 'otp_missing_or_expired', attempt);
      throw new AppError(401, 'login');
    }
    if (!safeEqual(code.codeHash, this.box.hmac(otp))) {
      const tries = code.tries + 1;
      // The fifth wrong try spends the code.
      await this.db
        .update(loginOtps)
        .set({ tries, ...(tries >= LOGIN_OTP_MAX_TRIES ? { usedAt: now } : {}) })
        .where(eq(loginOtps.id, code.id));
      await this.record(user.username, user, ip, 'bad_otp', attempt);
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

  /**
   * The attempt and its audit event and, for a failure (`counted`), the throttle's counts: one
   * statement, atomic without a transaction, after any password hashing. An unknown username
   * belongs to no tenant, so it has no audit chain: it stays in login_attempts only.
   */
  private async record(
    username: string,
    user: StaffUser | null,
    ip: string,
    outcome: string,
    counted?: Attempt,
  ): Promise<void> {
    const createdAt = this.now();
    const { action, outcome: result, reason } = signInAction(outcome);
    const event = user ? staffEvent(user, action, result, reason, createdAt, { ip }) : null;
    const statement = RECORD[recordKey(event !== null, counted && (counted.trusted ? 'trusted' : 'untrusted'))];
    const values = {
      a_username: username,
      a_staff_user_id: user?.id ?? null,
      a_ip: ip,
      a_outcome: outcome,
      a_created_at: createdAt,
      ...(event ? auditValues(event) : {}),
      ...(counted ? this.throttle.failureValues(counted) : {}),
    };
    const rows = rowsOf<{ key: string; locked_until: unknown }>(await statement(this.db, values));
    if (counted) await this.throttle.failed(rows);
    this.onOutcome(outcome);
  }
}

/**
 * `record`'s statements, built once each (db/compiled.ts), by whether the attempt has an audit
 * event (a known account) and whether and how it counts as a failure (throttle.ts).
 */
const recordKey = (event: boolean, counted: 'trusted' | 'untrusted' | undefined) => `${event} ${counted}`;
const RECORD: Record<string, Compiled<Record<string, unknown>>> = {};
for (const event of [true, false]) {
  for (const counted of [undefined, 'trusted', 'untrusted'] as const) {
    RECORD[recordKey(event, counted)] = compiled((db) => {
      const writes = [
        sql`a as ${db.insert(loginAttempts).values({
          username: sql.placeholder('a_username'),
          staffUserId: sql.placeholder('a_staff_user_id'),
          ip: sql.placeholder('a_ip'),
          outcome: sql.placeholder('a_outcome'),
          createdAt: sql.placeholder('a_created_at'),
        })}`,
        ...(event ? [sql`e as ${auditInsertOfPlaceholders(db)}`] : []),
      ];
      return counted
        ? sql`with t as ${LoginThrottle.failureQuery(db, counted === 'trusted')}, ${sql.join(writes, sql`, `)} select key, locked_until from t`
        : sql`with ${sql.join(writes, sql`, `)} select 1`;
    });
  }
}

/** 429 signInThrottled with Retry-After (the staff sign-in and the login assistant's). */
export function throttled(seconds: number): AppError {
  const error = new AppError(429, 'signInThrottled', { minutes: Math.ceil(seconds / 60) });
  error.retryAfterS = seconds;
  return error;
}
