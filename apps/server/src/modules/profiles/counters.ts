/**
 * Profiles go with their configuration group by the foreign key (on delete cascade); their
 * apps' profiles counters, and defaults naming them, must follow in the deleting transaction.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { laApps, profiles } from '../../db/schema/index.ts';

/** Call before deleting this configuration group. */
export async function releaseGroupProfiles(db: Db, groupId: string): Promise<void> {
  const held = await db
    .select({ appId: profiles.appId, n: count() })
    .from(profiles)
    .where(eq(profiles.groupId, groupId))
    .groupBy(profiles.appId);
  for (const { appId, n } of held) {
    await db
      .update(laApps)
      .set({ profilesCount: sql`${laApps.profilesCount} - ${n}` })
      .where(eq(laApps.id, appId));
  }
  const going = db.select({ id: profiles.id }).from(profiles).where(eq(profiles.groupId, groupId));
  await db.update(laApps).set({ profileId: null }).where(inArray(laApps.profileId, going));
}
