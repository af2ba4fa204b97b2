/**
 * Access tokens (RS256 JWT) bound to a server-side session, and opaque refresh tokens that
 * rotate within it. Every access token carries its session id (`sid`); verifying it checks
 * the session and the account in one indexed lookup, so logout, refresh-token reuse, and the
 * deletion, blocking or expiry of the account refuse the very next request.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_S,
  type AuditAction,
  REFRESH_TOKEN_ABSOLUTE_S,
  REFRESH_TOKEN_IDLE_S,
  readTokenClaims,
  TOKEN_CLOCK_TOLERANCE_S,
  type TokenClaims,
  type TokenPair,
} from '@portiere/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { appendAuditEvents } from '../audit/append.ts';
import { type StaffSource, staffEvent } from '../audit/staff-events.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { compiled } from '../db/compiled.ts';
import { staffSessions, staffUsers } from '../db/schema/index.ts';
import { type SecretBox, safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { SigningKeys } from './keys.ts';

export type StaffUser = typeof staffUsers.$inferSelect;
export interface AuthUser extends TokenClaims {
  sub: string;
  /** The session the token belongs to. */
  sid: string;
}

const ISSUER = 'portiere';
/** Session ends the audit trail records (others follow from a recorded action, e.g. a password reset). */
const SESSION_ACTIONS: Record<string, AuditAction | undefined> = {
  logout: 'session.logout',
  refresh_reuse: 'session.refresh_reuse',
};
const expired = () => new AppError(401, 'sessionExpired');

/** The account of a session whose refresh token the rotation spent (rotate). */
interface RotatedRow {
  user_id: string;
  user_type: StaffUser['userType'];
  username: string;
  customer_id: string | null;
  reseller_id: string | null;
}

/**
 * The rotation of a refresh token (rotate), built once (db/compiled.ts): if the token is its
 * session's current one and the session and the account are live, the next generation replaces
 * it in the session's row, in one statement that answers the account's claims. The columns it
 * writes are in no index, so the new row version stays on its page (HOT, fillfactor 70).
 *
 * Its commit does not wait for the WAL to reach the disk (synchronous_commit off for this
 * statement's own transaction, `lazy`; the next statement on the connection commits durably
 * again). Measured on PostgreSQL with 8 sessions rotating at once, waiting for that flush cost
 * about a fifth of PostgreSQL's time per grant and a sixth of the grants a second. What a
 * database crash can then lose is the rotations of its last moment (3 × wal_writer_delay at
 * most): their clients hold a next token the database never kept, so they sign in again, and a
 * token spent in that moment can be spent once more. Revocations (reuse, logout) still commit
 * durably. Keycloak keeps its sessions in memory alone by default.
 */
const ROTATION = compiled<{ sid: string; generation: number; nonce_hash: string; at: string; idle: string }>(() => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  return sql`
    with lazy as materialized (select set_config('synchronous_commit', 'off', true)),
    spent as (
      update staff_sessions s set refresh_generation = s.refresh_generation + 1,
        refresh_expires_at = least(${sql.placeholder('idle')}::timestamptz, s.absolute_expires_at)
      from staff_users u
      where s.id = ${sql.placeholder('sid')}::uuid and s.refresh_generation = ${sql.placeholder('generation')}::int
        and s.refresh_nonce_hash = ${sql.placeholder('nonce_hash')} and s.revoked_at is null
        and s.refresh_expires_at > ${at} and s.absolute_expires_at > ${at}
        and u.id = s.staff_user_id and u.blocked_at is null and (u.expiration is null or u.expiration > ${at})
      returning u.id as user_id, u.user_type, u.username, u.customer_id, u.reseller_id
    )
    select spent.* from lazy, spent`;
});

/**
 * A refresh token: `<session id>.<generation>.<nonce>.<MAC>`. The nonce is random, one per
 * session; the MAC is over the other three with the instance key (SecretBox.hmac). The session's
 * row keeps the nonce's hash and the current generation, so:
 * - a token whose MAC fails is refused before any statement;
 * - the rotation spends the current generation and answers the next token, made here without
 *   reading the row first (one statement per grant);
 * - a genuine token of an earlier generation is one spent before: a reuse, which revokes the
 *   session, while a forgery is merely refused.
 * Minting a token takes the instance key and the session's nonce, which the database keeps only
 * hashed: a copy of the database alone mints none, as with the table of token hashes before
 * (migration 0023).
 */
interface RefreshToken {
  sid: string;
  generation: number;
  nonce: string;
}

const GENERATION = /^(0|[1-9]\d{0,8})$/;

export function claimsFor(user: Pick<StaffUser, 'userType' | 'username' | 'customerId' | 'resellerId'>) {
  return {
    user_type: user.userType,
    user_username: user.username,
    ...(user.customerId ? { customer_id: user.customerId } : {}),
    ...(user.resellerId ? { reseller_id: user.resellerId } : {}),
  } satisfies Omit<TokenClaims, 'exp'>;
}

export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.liveSessionQuery = this.prepareLiveSession();
  }

  private async signAccess(
    user: Pick<StaffUser, 'id' | 'userType' | 'username' | 'customerId' | 'resellerId'>,
    sessionId: string,
  ): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ...claimsFor(user), sid: sessionId })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
  }

  /**
   * Verifies signature, issuer and expiry (60 s tolerance) and every required claim, then that
   * the session is live and the account may still sign in. The claims answered are the
   * account's current ones.
   */
  async verifyAccess(token: string): Promise<AuthUser> {
    let sub: string;
    let sid: string;
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: ['RS256'],
        issuer: ISSUER,
        clockTolerance: TOKEN_CLOCK_TOLERANCE_S,
        currentDate: this.now(),
      });
      const claims = readTokenClaims(payload);
      if (!claims) throw new Error('claims missing or mistyped');
      if (!payload.sub || typeof payload.sid !== 'string' || !isUuid(payload.sid) || !isUuid(payload.sub)) {
        throw new Error('no subject or session');
      }
      sub = payload.sub;
      sid = payload.sid;
      const [live] = await this.liveSession(sid, sub);
      if (!live) throw new Error('session ended');
      // The token must say what the account is now: type, tenant and name.
      const current = claimsFor(live);
      const said = claimsFor({
        userType: claims.user_type,
        username: claims.user_username,
        customerId: claims.customer_id ?? null,
        resellerId: claims.reseller_id ?? null,
      });
      if (JSON.stringify(said) !== JSON.stringify(current)) throw new Error('claims differ from the account');
      return { ...current, exp: claims.exp, sub, sid };
    } catch {
      throw expired();
    }
  }

  /**
   * The account of a live session, if the session and the account are both still good. It
   * runs on every request: prepared once, so only the parameters travel.
   */
  private readonly liveSessionQuery;

  private prepareLiveSession() {
    return this.db
      .select({
        userType: staffUsers.userType,
        username: staffUsers.username,
        customerId: staffUsers.customerId,
        resellerId: staffUsers.resellerId,
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
      .where(
        and(
          eq(staffSessions.id, sql.placeholder('sid')),
          eq(staffSessions.staffUserId, sql.placeholder('sub')),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.absoluteExpiresAt, sql.placeholder('now')),
          isNull(staffUsers.blockedAt),
          or(isNull(staffUsers.expiration), gt(staffUsers.expiration, sql.placeholder('now'))),
        ),
      )
      .prepare('live_session');
  }

  private liveSession(sid: string, sub: string) {
    // Placeholders skip the column's date mapping: the driver gets text.
    return this.liveSessionQuery.execute({ sid, sub, now: this.now().toISOString() });
  }

  /** A new session after a full sign-in, with its first refresh token (generation 0). */
  async issue(user: StaffUser): Promise<TokenPair> {
    const now = this.now();
    const token = { sid: randomUUID(), generation: 0, nonce: randomBytes(16).toString('base64url') };
    const absoluteExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_ABSOLUTE_S * 1000);
    const idle = new Date(now.getTime() + REFRESH_TOKEN_IDLE_S * 1000);
    await this.db.insert(staffSessions).values({
      id: token.sid,
      staffUserId: user.id,
      absoluteExpiresAt,
      createdAt: now,
      refreshNonceHash: sha256(token.nonce),
      refreshExpiresAt: idle < absoluteExpiresAt ? idle : absoluteExpiresAt,
    });
    return { access: await this.signAccess(user, token.sid), refresh: this.refreshToken(token) };
  }

  private refreshToken(t: RefreshToken): string {
    const body = `${t.sid}.${t.generation}.${t.nonce}`;
    return `${body}.${this.box.hmac(`refresh ${body}`)}`;
  }

  /** The token's parts if its MAC holds; null for anything else. */
  private genuine(refresh: string): RefreshToken | null {
    const [sid, generation, nonce, mac, ...rest] = refresh.split('.');
    if (rest.length > 0 || !sid || !isUuid(sid) || !generation || !GENERATION.test(generation) || !nonce || !mac) {
      return null;
    }
    const token = { sid, generation: Number(generation), nonce };
    return safeEqual(this.refreshToken(token), refresh) ? token : null;
  }

  /**
   * Rotation: a valid token is spent and replaced within its session, in one statement that
   * checks it is the session's current one and that the session and the account are live, and
   * moves the session to the next generation. A genuine token of an earlier generation means it
   * leaked: the whole session is revoked. Of two concurrent rotations only one spends it (the
   * update re-checks the generation); the other is then a reuse.
   */
  async rotate(refresh: string, source: StaffSource = {}): Promise<TokenPair> {
    const token = this.genuine(refresh);
    if (!token) throw expired();
    const now = this.now();
    const result = await ROTATION(this.db, {
      sid: token.sid,
      generation: token.generation,
      nonce_hash: sha256(token.nonce),
      at: now.toISOString(),
      idle: new Date(now.getTime() + REFRESH_TOKEN_IDLE_S * 1000).toISOString(),
    });
    const [row] = rowsOf<RotatedRow>(result);
    if (row) {
      const user = {
        id: row.user_id,
        userType: row.user_type,
        username: row.username,
        customerId: row.customer_id,
        resellerId: row.reseller_id,
      };
      const next = this.refreshToken({ ...token, generation: token.generation + 1 });
      return { access: await this.signAccess(user, token.sid), refresh: next };
    }
    if (await this.spentBefore(token)) await this.revokeSession(token.sid, 'refresh_reuse', source);
    throw expired();
  }

  /** Whether a genuine token is of a generation of its session since rotated. */
  private async spentBefore(token: RefreshToken): Promise<boolean> {
    const session = await this.sessionOf(token);
    return !!session && token.generation < session.generation;
  }

  /** The session a genuine token names, if the nonce is that session's. */
  private async sessionOf(token: RefreshToken) {
    const [session] = await this.db
      .select({ id: staffSessions.id, generation: staffSessions.refreshGeneration })
      .from(staffSessions)
      .where(and(eq(staffSessions.id, token.sid), eq(staffSessions.refreshNonceHash, sha256(token.nonce))));
    return session;
  }

  /** Ends a session; a logout or a detected refresh reuse is recorded in the user's audit chain. */
  async revokeSession(sessionId: string, reason: string, source: StaffSource = {}): Promise<void> {
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(staffSessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
        .returning({ staffUserId: staffSessions.staffUserId });
      const action = SESSION_ACTIONS[reason];
      if (!revoked || !action) return;
      const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, revoked.staffUserId));
      const event = user && staffEvent(user, action, 'success', null, at, source, 'session');
      if (event) await appendAuditEvents(tx, [{ ...event, targetId: sessionId, details: { reason } }]);
    });
  }

  /** Ends every session of an account (password reset, blocking). */
  async revokeAllOf(staffUserId: string, reason: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(eq(staffSessions.staffUserId, staffUserId), isNull(staffSessions.revokedAt)));
  }

  /** Logout by refresh token, spent or not: revoke its session; anything else is ignored. */
  async revoke(refresh: string, source: StaffSource = {}): Promise<void> {
    const token = this.genuine(refresh);
    const session = token && (await this.sessionOf(token));
    if (session) await this.revokeSession(session.id, 'logout', source);
  }
}
