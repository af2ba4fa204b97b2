/**
 * Access tokens (RS256 JWT) bound to a server-side session, and opaque refresh tokens that
 * rotate within it. Every access token carries its session id (`sid`); verifying it checks
 * the session and the account in one indexed lookup, so logout, refresh-token reuse, and the
 * deletion, blocking or expiry of the account refuse the very next request.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_S,
  type AuditAction,
  REFRESH_TOKEN_ABSOLUTE_S,
  REFRESH_TOKEN_IDLE_S,
  TOKEN_CLOCK_TOLERANCE_S,
  type TokenClaims,
  type TokenPair,
  tokenClaimsSchema,
} from '@portiere/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { appendAuditEvents } from '../audit/append.ts';
import { type StaffSource, staffEvent } from '../audit/staff-events.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { compiled } from '../db/compiled.ts';
import { refreshTokens, staffSessions, staffUsers } from '../db/schema/index.ts';
import { newOpaqueToken, sha256 } from '../lib/crypto.ts';
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

/** What the rotation statement answers about a refresh token (rotate). */
interface RotationRow {
  session_id: string;
  user_id: string | null;
  user_type: StaffUser['userType'];
  username: string;
  customer_id: string | null;
  reseller_id: string | null;
  revoked: boolean;
  reused: boolean;
  live: boolean;
  issued: boolean;
}

/**
 * The rotation of a refresh token (rotate), built once (db/compiled.ts): it finds the token, its
 * session and account, spends the token if all are live and issues the next, in one statement.
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
const ROTATION = compiled<{ hash: string; at: string; next_hash: string; idle: string }>(() => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  return sql`
    with lazy as materialized (select set_config('synchronous_commit', 'off', true)),
    t as (
      select r.id, r.session_id, r.staff_user_id, r.rotated_at, r.expires_at, s.revoked_at, s.absolute_expires_at
      from refresh_tokens r join staff_sessions s on s.id = r.session_id
      where r.token_hash = ${sql.placeholder('hash')}
    ),
    u as (
      select u.id, u.user_type, u.username, u.customer_id, u.reseller_id, u.blocked_at, u.expiration
      from staff_users u where u.id = (select staff_user_id from t)
    ),
    live as (
      select t.id from t, u
      where t.revoked_at is null and t.expires_at > ${at} and t.absolute_expires_at > ${at}
        and u.blocked_at is null and (u.expiration is null or u.expiration > ${at})
    ),
    spent as (
      update refresh_tokens r set rotated_at = ${at}
      where r.id = (select id from live) and r.rotated_at is null
      returning r.session_id, r.staff_user_id
    ),
    issued as (
      insert into refresh_tokens (session_id, staff_user_id, token_hash, expires_at)
      select spent.session_id, spent.staff_user_id, ${sql.placeholder('next_hash')},
        least(${sql.placeholder('idle')}::timestamptz, t.absolute_expires_at)
      from spent, t
      returning id
    )
    select t.session_id, u.id as user_id, u.user_type, u.username, u.customer_id, u.reseller_id,
      t.revoked_at is not null as revoked, t.rotated_at is not null as reused,
      exists (select 1 from live) as live, exists (select 1 from issued) as issued
    from lazy, t left join u on true`;
});

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
      const claims = tokenClaimsSchema.parse(payload);
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

  /** A new session after a full sign-in. */
  async issue(user: StaffUser): Promise<TokenPair> {
    const absoluteExpiresAt = new Date(this.now().getTime() + REFRESH_TOKEN_ABSOLUTE_S * 1000);
    const [session] = await this.db
      .insert(staffSessions)
      .values({ staffUserId: user.id, absoluteExpiresAt, createdAt: this.now() })
      .returning({ id: staffSessions.id });
    if (!session) throw new Error('session insert failed');
    const refresh = await this.newRefresh(user.id, session.id, absoluteExpiresAt);
    return { access: await this.signAccess(user, session.id), refresh };
  }

  private async newRefresh(staffUserId: string, sessionId: string, absoluteExpiresAt: Date): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const idle = new Date(this.now().getTime() + REFRESH_TOKEN_IDLE_S * 1000);
    await this.db.insert(refreshTokens).values({
      sessionId,
      staffUserId,
      tokenHash: hash,
      expiresAt: idle < absoluteExpiresAt ? idle : absoluteExpiresAt,
    });
    return token;
  }

  /**
   * Rotation: a valid token is spent and replaced within its session, in one statement that
   * finds the token, its session and account, spends it if all are live and issues the next.
   * A token that was already spent means it leaked: the whole session is revoked. Of two
   * concurrent rotations only one spends it (the update re-checks rotated_at); the other is a
   * reuse.
   */
  async rotate(refresh: string, source: StaffSource = {}): Promise<TokenPair> {
    const now = this.now();
    const next = newOpaqueToken();
    const result = await ROTATION(this.db, {
      hash: sha256(refresh),
      at: now.toISOString(),
      next_hash: next.hash,
      idle: new Date(now.getTime() + REFRESH_TOKEN_IDLE_S * 1000).toISOString(),
    });
    const [row] = rowsOf<RotationRow>(result);
    if (!row || row.revoked) throw expired();
    if (row.issued && row.user_id) {
      const user = {
        id: row.user_id,
        userType: row.user_type,
        username: row.username,
        customerId: row.customer_id,
        resellerId: row.reseller_id,
      };
      return { access: await this.signAccess(user, row.session_id), refresh: next.token };
    }
    // Spent before (or just now by a concurrent rotation) while the session lives: a reuse.
    if (row.reused || row.live) await this.revokeSession(row.session_id, 'refresh_reuse', source);
    throw expired();
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

  /** Logout by refresh token: revoke its session; unknown tokens are ignored. */
  async revoke(refresh: string, source: StaffSource = {}): Promise<void> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (row) await this.revokeSession(row.sessionId, 'logout', source);
  }
}
