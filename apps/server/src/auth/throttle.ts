/**
 * Sign-in throttling after NIST SP 800-63B 5.2.2 and OWASP ASVS 5.0 chapter 6 (docs/security.md).
 * Failures are counted per account-and-source and per account:
 *
 * - source: the browser's trusted-device cookie for this account, else the client address.
 *   After SOURCE_FREE_FAILURES failures each further one bars that source from that account
 *   for SOURCE_BASE_DELAY_S, doubling, at most MAX_DELAY_S.
 * - account: failures from sources the account does not trust. After ACCOUNT_FREE_FAILURES
 *   the account refuses untrusted sources for ACCOUNT_BASE_DELAY_S, doubling, at most
 *   MAX_DELAY_S. A browser that completed a full sign-in of the account before (device
 *   cookie) is not barred by it, so an attack on the account does not lock its owner out.
 *
 * Bars lift by themselves; a full sign-in clears the source's count and the account's. Counts
 * are kept in the database, by username text, whether the account exists or not, so every
 * node sees them and unknown usernames are answered exactly like known ones.
 */
import { inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { compiled } from '../db/compiled.ts';
import { loginDevices, loginThrottle } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';

export const SOURCE_FREE_FAILURES = 5;
export const ACCOUNT_FREE_FAILURES = 20;
export const SOURCE_BASE_DELAY_S = 30;
export const ACCOUNT_BASE_DELAY_S = 60;
export const MAX_DELAY_S = 15 * 60;
/** Counts not touched for this long start again from zero. */
const FORGET_AFTER_S = 24 * 60 * 60;

export interface SignInSource {
  ip: string;
  /** The device cookie's value, if the browser sent one. */
  device?: string;
}

/** Who is trying, as the throttle sees it. */
export interface Attempt {
  username: string;
  trusted: boolean;
  sourceKey: string;
  accountKey: string;
}

export class LoginThrottle {
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    /** Told when a failure bars a source or an account (metrics). */
    private readonly onLockout: (scope: 'source' | 'account') => void = () => {},
  ) {}

  /**
   * What to select, beside the caller's own columns, to learn in the same statement whether
   * the browser is trusted and until when the attempt is barred (`state` reads them). Over the
   * placeholders of `stateValues`, so that the statement is built once (db/compiled.ts); a
   * browser with a device cookie (`withDevice`) is looked up among the trusted ones.
   */
  static stateColumns(withDevice: boolean): { trusted: SQL<boolean>; lockedMs: SQL<number | null> } {
    const trusted = withDevice
      ? sql<boolean>`exists (select 1 from ${loginDevices} where ${loginDevices.username} = ${sql.placeholder('t_username')} and ${loginDevices.deviceHash} = ${sql.placeholder('t_device_hash')})`
      : sql<boolean>`false`;
    // A trusted browser answers for its own key only; any other for the address and the account.
    const lockedMs = sql<number | null>`(select (extract(epoch from max(${loginThrottle.lockedUntil})) * 1000)::float8
      from ${loginThrottle} where ${loginThrottle.key} in (
        case when ${trusted} then ${sql.placeholder('t_device_key')}::text else ${sql.placeholder('t_ip_key')}::text end,
        case when ${trusted} then null else ${sql.placeholder('t_account_key')}::text end))`;
    return { trusted, lockedMs };
  }

  /** The values of `stateColumns`' placeholders for this attempt. */
  static stateValues(username: string, source: SignInSource) {
    const deviceHash = source.device ? sha256(source.device) : null;
    const keys = keysOf(username, source.ip, deviceHash);
    return {
      t_username: username,
      t_device_hash: deviceHash ?? '',
      t_device_key: keys.device,
      t_ip_key: keys.ip,
      t_account_key: keys.account,
    };
  }

  /** The attempt, and seconds until it may be made (0: now), from what `stateColumns` selected. */
  state(
    username: string,
    source: SignInSource,
    row: { trusted: unknown; lockedMs: unknown },
  ): { attempt: Attempt; barredS: number } {
    const deviceHash = source.device ? sha256(source.device) : null;
    const trusted = row.trusted === true || row.trusted === 't';
    const keys = keysOf(username, source.ip, deviceHash);
    const until = row.lockedMs == null ? 0 : Number(row.lockedMs);
    const now = this.now().getTime();
    return {
      attempt: { username, trusted, sourceKey: trusted ? keys.device : keys.ip, accountKey: keys.account },
      barredS: until > now ? Math.ceil((until - now) / 1000) : 0,
    };
  }

  /** The attempt and seconds until it may be made (0: now), in one statement. */
  async check(username: string, source: SignInSource): Promise<{ attempt: Attempt; barredS: number }> {
    const statement = CHECK[source.device ? 1 : 0];
    const rows = rowsOf<{ trusted: unknown; locked_ms: unknown }>(
      await statement(this.db, LoginThrottle.stateValues(username, source)),
    );
    return this.state(username, source, { trusted: rows[0]?.trusted, lockedMs: rows[0]?.locked_ms });
  }

  /** Counts a failure against the source and, for untrusted sources, the account: one statement. */
  async failure(a: Attempt): Promise<void> {
    const statement = FAILURE[a.trusted ? 1 : 0];
    await this.failed(rowsOf(await statement(this.db, this.failureValues(a))));
  }

  /**
   * The upsert that counts a failure, over the placeholders of `failureValues` (a caller may put
   * it in one statement with its own writes and hand what it returned to `failed`). A trusted
   * source counts against itself only, any other against the account too. Past the free
   * failures each further one bars for a doubling delay.
   */
  static failureQuery(db: Db, trusted: boolean) {
    const now = sql`${sql.placeholder('t_now')}::timestamptz`;
    const isAccount = sql`${loginThrottle.key} = ${sql.placeholder('t_account_key')}::text`;
    const free = sql`(case when ${isAccount} then ${sql.raw(String(ACCOUNT_FREE_FAILURES))} else ${sql.raw(String(SOURCE_FREE_FAILURES))} end)`;
    const base = sql`(case when ${isAccount} then ${sql.raw(String(ACCOUNT_BASE_DELAY_S))} else ${sql.raw(String(SOURCE_BASE_DELAY_S))} end)`;
    // failures after this one; the first bar (free + 1) lasts the base delay.
    const next = sql`(case when ${loginThrottle.updatedAt} < ${sql.placeholder('t_stale')}::timestamptz then 1 else ${loginThrottle.failures} + 1 end)`;
    const first = { failures: 1, lockedUntil: null, updatedAt: now };
    const keys = trusted ? ['t_source_key'] : ['t_source_key', 't_account_key'];
    return db
      .insert(loginThrottle)
      .values(keys.map((k) => ({ key: sql.placeholder(k), ...first })))
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: next,
          lockedUntil: sql`case when ${next} > ${free} then ${now} + make_interval(secs => least(${sql.raw(String(MAX_DELAY_S))}, ${base} * power(2, ${next} - ${free} - 1))) else null end`,
          updatedAt: now,
        },
      })
      .returning({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil });
  }

  /** The values of `failureQuery`'s placeholders for this attempt, now. */
  failureValues(a: Attempt) {
    const now = this.now();
    return {
      t_now: now.toISOString(),
      t_stale: new Date(now.getTime() - FORGET_AFTER_S * 1000).toISOString(),
      t_source_key: a.sourceKey,
      t_account_key: a.accountKey,
    };
  }

  /** After a counted failure: reports the bars it set, and now and then forgets old counts. */
  async failed(rows: readonly { key: string; lockedUntil?: unknown; locked_until?: unknown }[]): Promise<void> {
    for (const row of rows) {
      if ((row.lockedUntil ?? row.locked_until) == null) continue;
      this.onLockout(row.key.startsWith('account:') ? 'account' : 'source');
    }
    await this.cleanupNowAndThen();
  }

  /** A full sign-in: the counts start again and the browser becomes trusted for this account. */
  async success(a: Attempt, device: string): Promise<void> {
    await this.db.delete(loginThrottle).where(inArray(loginThrottle.key, [a.sourceKey, a.accountKey]));
    const now = this.now();
    await this.db
      .insert(loginDevices)
      .values({ username: a.username, deviceHash: sha256(device), createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({ target: [loginDevices.username, loginDevices.deviceHash], set: { lastUsedAt: now } });
  }

  /** A full sign-in where no browser is to be trusted (the login assistant): the counts start again. */
  async clear(a: Attempt): Promise<void> {
    await this.db.delete(loginThrottle).where(inArray(loginThrottle.key, [a.sourceKey, a.accountKey]));
  }

  /** Forgotten counts and long-unused devices are removed about once an hour per process. */
  private async cleanupNowAndThen(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastCleanup < 3600_000) return;
    this.lastCleanup = now;
    await this.db.delete(loginThrottle).where(lt(loginThrottle.updatedAt, new Date(now - FORGET_AFTER_S * 1000)));
    await this.db.delete(loginDevices).where(lt(loginDevices.lastUsedAt, new Date(now - 365 * 86_400_000)));
  }
}

/**
 * `check`'s statement without and with a device cookie, and `failure`'s for an untrusted and a
 * trusted source: each built once (db/compiled.ts).
 */
const CHECK = [false, true].map((withDevice) => {
  const { trusted, lockedMs } = LoginThrottle.stateColumns(withDevice);
  return compiled<ReturnType<typeof LoginThrottle.stateValues>>(
    () => sql`select ${trusted} as trusted, ${lockedMs} as locked_ms`,
  );
});
const FAILURE = [false, true].map((trusted) =>
  compiled<ReturnType<LoginThrottle['failureValues']>>((db) => LoginThrottle.failureQuery(db, trusted).getSQL()),
);

function keysOf(username: string, ip: string, deviceHash: string | null) {
  return {
    device: `source:${username}:device:${deviceHash ?? ''}`,
    ip: `source:${username}:ip:${ip}`,
    account: `account:${username}`,
  };
}
