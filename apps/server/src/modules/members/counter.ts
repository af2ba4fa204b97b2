/**
 * customers.members_count: the licences in use, kept in the transaction that adds or removes
 * members, so that the reseller's customer list reads one column instead of counting members.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

export async function countMembers(db: Db, customerId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(customers)
    .set({ membersCount: sql`${customers.membersCount} + ${delta}` })
    .where(eq(customers.id, customerId));
}
