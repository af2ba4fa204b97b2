/**
 * Ends what members hold on every channel, when they are blocked (the console, a bulk block, SCIM's
 * active=false) or deleted: a leaver loses access at once, not when a token expires.
 *
 * - OpenID: the provider's sessions, grants, codes and tokens naming them (refresh and
 *   introspection then fail; oidc_payloads has no foreign key, so a delete needs this too).
 * - SAML: their providers' sessions end, so single logout no longer names them.
 * - Login assistant: their sessions and sign-ins in progress.
 * - Workstations: their offline material; the next contact deletes the machine's file.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assistantSessions, members, offlineGrants, oidcPayloads, samlSessions } from '../db/schema/index.ts';

export async function endMemberSessions(db: Db, customerId: string, memberIds: string[], at: Date): Promise<void> {
  if (!memberIds.length) return;
  // Only this customer's members: the provider's records carry no customer of their own.
  const ours = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.customerId, customerId), inArray(members.id, memberIds)));
  if (!ours.length) return;
  await db.delete(oidcPayloads).where(
    inArray(
      sql`(${oidcPayloads.payload}->>'accountId')`,
      ours.map((m) => m.id),
    ),
  );
  await db
    .update(samlSessions)
    .set({ endedAt: at })
    .where(
      and(
        eq(samlSessions.customerId, customerId),
        inArray(samlSessions.memberId, memberIds),
        isNull(samlSessions.endedAt),
      ),
    );
  await db
    .delete(assistantSessions)
    .where(and(eq(assistantSessions.customerId, customerId), inArray(assistantSessions.memberId, memberIds)));
  await db
    .delete(offlineGrants)
    .where(and(eq(offlineGrants.customerId, customerId), inArray(offlineGrants.memberId, memberIds)));
}
