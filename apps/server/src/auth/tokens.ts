/** Access tokens (RS256 JWT) and opaque refresh tokens with rotation and reuse detection. */
import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_S,
  REFRESH_TOKEN_ABSOLUTE_S,
  REFRESH_TOKEN_IDLE_S,
  TOKEN_CLOCK_TOLERANCE_S,
  type TokenClaims,
  type TokenPair,
  tokenClaimsSchema,
} from '@portiere/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { refreshTokens, staffUsers } from '../db/schema/index.ts';
import { newOpaqueToken, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { SigningKeys } from './keys.ts';

export type StaffUser = typeof staffUsers.$inferSelect;
export interface AuthUser extends TokenClaims {
  sub: string;
}

const ISSUER = 'portiere';

export function claimsFor(user: StaffUser): Omit<TokenClaims, 'exp'> {
  return {
    user_type: user.userType,
    user_username: user.username,
    ...(user.customerId ? { customer_id: user.customerId } : {}),
    ...(user.resellerId ? { reseller_id: user.resellerId } : {}),
  };
}

export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async signAccess(user: StaffUser): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ...claimsFor(user) })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
  }

  /** Verifies signature, issuer and expiry (60 s tolerance) and that every required claim is there. */
  async verifyAccess(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: ['RS256'],
        issuer: ISSUER,
        clockTolerance: TOKEN_CLOCK_TOLERANCE_S,
        currentDate: this.now(),
      });
      const claims = tokenClaimsSchema.parse(payload);
      if (!payload.sub) throw new Error('no subject');
      if (claims.user_type === 'CustomerUser' ? !claims.customer_id : !claims.reseller_id) throw new Error('no tenant');
      return { ...claims, sub: payload.sub };
    } catch {
      throw new AppError(401, 'sessionExpired');
    }
  }

  async issue(user: StaffUser): Promise<TokenPair> {
    const now = this.now();
    const refresh = await this.newRefresh(
      user.id,
      randomUUID(),
      new Date(now.getTime() + REFRESH_TOKEN_ABSOLUTE_S * 1000),
    );
    return { access: await this.signAccess(user), refresh };
  }

  private async newRefresh(staffUserId: string, familyId: string, absoluteExpiresAt: Date): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const idle = new Date(this.now().getTime() + REFRESH_TOKEN_IDLE_S * 1000);
    await this.db.insert(refreshTokens).values({
      familyId,
      staffUserId,
      tokenHash: hash,
      expiresAt: idle < absoluteExpiresAt ? idle : absoluteExpiresAt,
      absoluteExpiresAt,
    });
    return token;
  }

  /**
   * Rotation: a valid token is spent and replaced within its family. A token that was
   * already spent means it leaked: the whole family is revoked.
   */
  async rotate(refresh: string): Promise<TokenPair> {
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (!row || row.revokedAt) throw new AppError(401, 'sessionExpired');
    if (row.rotatedAt) {
      await this.revokeFamily(row.familyId);
      throw new AppError(401, 'sessionExpired');
    }
    if (row.expiresAt <= now) throw new AppError(401, 'sessionExpired');
    // Spend it atomically: of two concurrent rotations only one wins; the other is a reuse.
    const spent = await this.db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await this.revokeFamily(row.familyId);
      throw new AppError(401, 'sessionExpired');
    }
    const [user] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, row.staffUserId));
    if (!user || (user.expiration && user.expiration <= now)) throw new AppError(401, 'sessionExpired');
    const next = await this.newRefresh(user.id, row.familyId, row.absoluteExpiresAt);
    return { access: await this.signAccess(user), refresh: next };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Logout: revoke the family the token belongs to; unknown tokens are ignored. */
  async revoke(refresh: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (row) await this.revokeFamily(row.familyId);
  }
}
