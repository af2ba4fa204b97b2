/**
 * Members' la credentials go with their member by the foreign key (on delete cascade); the
 * login groups' credentials counters must drop with them, in the deleting transaction.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { laUsers, loginGroups } from '../../db/schema/index.ts';

/** Call before deleting these members of the customer. */
export async function releaseMembersLaCredentials(db: Db, customerId: string, memberIds: string[]): Promise<void> {
  if (!memberIds.length) return;
  const held = await db
    .select({ groupId: laUsers.loginGroupId, n: count() })
    .from(laUsers)
    .where(and(eq(laUsers.customerId, customerId), inArray(laUsers.memberId, memberIds)))
    .groupBy(laUsers.loginGroupId);
  for (const { groupId, n } of held) {
    await db
      .update(loginGroups)
      .set({ credentialsCount: sql`${loginGroups.credentialsCount} - ${n}` })
      .where(eq(loginGroups.id, groupId));
  }
}
