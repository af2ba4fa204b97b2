/**
 * Enrolment link tokens: RS256 JWTs signed with the server's key (purpose 'enrollment',
 * customer_id, sub = member id, a random jti recorded in enrollment_links). A token is only as
 * good as its row: the row must exist for that member and customer, be open and unexpired, and
 * the member must exist and not be blocked. Refusals are 410 and name no member.
 */
import { randomBytes } from 'node:crypto';
import { ENROLLMENT_LINK_HOURS, type ErrorCode } from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { compactVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Db } from '../../db/client.ts';
import { enrollmentLinks, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID } from '../../lib/ids.ts';
import type { MemberRow } from '../members/mapper.ts';

export type LinkRow = typeof enrollmentLinks.$inferSelect;

/** Longest token looked at; a real one is well under 1,000 characters. */
export const MAX_TOKEN_LENGTH = 4096;

const claimsSchema = z.object({
  purpose: z.literal('enrollment'),
  customer_id: z.string().regex(UUID),
  sub: z.string().regex(UUID),
  jti: z.string().min(16).max(64),
  exp: z.number(),
});
export type LinkClaims = z.infer<typeof claimsSchema>;

/** Records a new link for the member and answers its token (the mail carries `${publicUrl}/enroll/${token}`). */
export async function issueLink(
  db: Db,
  keys: SigningKeys,
  customerId: string,
  memberId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const jti = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + ENROLLMENT_LINK_HOURS * 3_600_000);
  await db.insert(enrollmentLinks).values({ jti, customerId, memberId, createdAt: now, expiresAt });
  const token = await new SignJWT({ purpose: 'enrollment', customer_id: customerId })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
    .setSubject(memberId)
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keys.privateKey);
  return { token, expiresAt };
}

/**
 * The claims of a token whose signature is ours and whose purpose is enrolment, expired or not
 * (expiry is the row's to say); null for anything else.
 */
export async function readClaims(keys: SigningKeys, token: string): Promise<LinkClaims | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await compactVerify(token, keys.publicKey, { algorithms: ['RS256'] });
    const claims = claimsSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

export const linkRefused = (code: Extract<ErrorCode, `enrollmentLink${string}`>) => new AppError(410, code);

/** The recorded link a token names, bound to its member and customer; null when there is none. */
export async function recordedLink(db: Db, claims: LinkClaims): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(enrollmentLinks)
    .where(
      and(
        eq(enrollmentLinks.jti, claims.jti),
        eq(enrollmentLinks.memberId, claims.sub),
        eq(enrollmentLinks.customerId, claims.customer_id),
      ),
    );
  return row ?? null;
}

/** The member of a link, within the link's customer; null when gone. */
export async function linkMember(db: Db, link: LinkRow): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, link.memberId), eq(members.customerId, link.customerId)));
  return row ?? null;
}

/** Why a recorded link cannot be used now, or null when it can. Spent wins over expired. */
export function linkState(link: LinkRow, now: Date): 'enrollmentLinkUsed' | 'enrollmentLinkExpired' | null {
  if (link.completedAt) return 'enrollmentLinkUsed';
  if (link.expiresAt.getTime() <= now.getTime()) return 'enrollmentLinkExpired';
  return null;
}

/** The open link of a token and its member, or a 410 saying why not. */
export async function openLink(
  db: Db,
  keys: SigningKeys,
  token: string,
  now: Date,
): Promise<{ link: LinkRow; member: MemberRow }> {
  const claims = await readClaims(keys, token);
  const link = claims ? await recordedLink(db, claims) : null;
  if (!link) throw linkRefused('enrollmentLinkInvalid');
  const state = linkState(link, now);
  if (state) throw linkRefused(state);
  const member = await linkMember(db, link);
  if (!member || member.blocked) throw linkRefused('enrollmentLinkInvalid');
  return { link, member };
}
