/**
 * Sign-in throttling after NIST SP 800-63B 5.2.2 and OWASP ASVS 5.0 chapter 6 (README,
 * security notes). Failures are counted per account-and-source and per account:
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
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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

  /** Resolves the source: a device cookie this account signed in from, else the address. */
  async attempt(username: string, source: SignInSource): Promise<Attempt> {
    const deviceHash = source.device ? sha256(source.device) : null;
    let trusted = false;
    if (deviceHash) {
      const [row] = await this.db
        .select({ username: loginDevices.username })
        .from(loginDevices)
        .where(and(eq(loginDevices.username, username), eq(loginDevices.deviceHash, deviceHash)));
      trusted = Boolean(row);
    }
    return {
      username,
      trusted,
      sourceKey: trusted ? `source:${username}:device:${deviceHash}` : `source:${username}:ip:${source.ip}`,
      accountKey: `account:${username}`,
    };
  }

  /** Seconds until this attempt may be made, or 0. */
  async barredFor(a: Attempt): Promise<number> {
    const keys = a.trusted ? [a.sourceKey] : [a.sourceKey, a.accountKey];
    const rows = await this.db
      .select({ lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys));
    const now = this.now().getTime();
    const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failure against the source and, for untrusted sources, the account. */
  async failure(a: Attempt): Promise<void> {
    if (await this.count(a.sourceKey, SOURCE_FREE_FAILURES, SOURCE_BASE_DELAY_S)) this.onLockout('source');
    if (!a.trusted && (await this.count(a.accountKey, ACCOUNT_FREE_FAILURES, ACCOUNT_BASE_DELAY_S)))
      this.onLockout('account');
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

  /** One statement: add a failure and, past the free ones, bar for a doubling delay. True when it bars. */
  private async count(key: string, free: number, baseDelayS: number): Promise<boolean> {
    const now = this.now();
    const stale = new Date(now.getTime() - FORGET_AFTER_S * 1000);
    // failures after this one; the first bar (free + 1) lasts baseDelayS.
    const next = sql`(case when ${loginThrottle.updatedAt} < ${stale.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end)`;
    const [row] = await this.db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        lockedUntil: free < 1 ? new Date(now.getTime() + baseDelayS * 1000) : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: next,
          lockedUntil: sql`case when ${next} > ${free} then ${now.toISOString()}::timestamptz + make_interval(secs => least(${MAX_DELAY_S}, ${baseDelayS} * power(2, ${next} - ${free} - 1))) else null end`,
          updatedAt: now,
        },
      })
      .returning({ lockedUntil: loginThrottle.lockedUntil });
    return Boolean(row?.lockedUntil);
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
