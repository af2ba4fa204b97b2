/**
 * What a member reaches through the login assistant: the apps of the login groups where the
 * member has a credential (la_users), each with its effective profile — the profile of the
 * member's configuration group for that app, else the app's default profile.
 */
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { laApps, laUsers, loginGroupApps, profiles } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

export type AppRow = typeof laApps.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type LaUserRow = typeof laUsers.$inferSelect;

export interface ReachableApp {
  app: AppRow;
  /** The member's credential for it: the oldest when two login groups both hold the app. */
  credential: LaUserRow;
  profile: ProfileRow | null;
}

/** The member's reachable apps (all of them, or the one `appId`), by name. */
export async function reachableApps(
  db: Db,
  customerId: string,
  member: { id: string; groupId: string | null },
  appId?: string,
): Promise<ReachableApp[]> {
  if (appId !== undefined && !isUuid(appId)) return [];
  const rows = await db
    .select({ app: laApps, credential: laUsers })
    .from(laUsers)
    .innerJoin(loginGroupApps, eq(loginGroupApps.loginGroupId, laUsers.loginGroupId))
    .innerJoin(laApps, eq(laApps.id, loginGroupApps.appId))
    .where(
      and(
        eq(laUsers.memberId, member.id),
        eq(laUsers.customerId, customerId),
        eq(laApps.customerId, customerId),
        appId ? eq(laApps.id, appId) : undefined,
      ),
    )
    .orderBy(asc(laApps.name), asc(laUsers.createdAt));
  const byApp = new Map<string, { app: AppRow; credential: LaUserRow }>();
  for (const r of rows) if (!byApp.has(r.app.id)) byApp.set(r.app.id, r);
  const apps = [...byApp.values()];
  if (!apps.length) return [];

  // The group's profiles of these apps and the apps' defaults, in one query.
  const ids = apps.map((a) => a.app.id);
  const defaults = apps.map((a) => a.app.profileId).filter((id): id is string => Boolean(id));
  const conditions: SQL[] = [];
  if (member.groupId) conditions.push(and(inArray(profiles.appId, ids), eq(profiles.groupId, member.groupId)) as SQL);
  if (defaults.length) conditions.push(inArray(profiles.id, defaults));
  const found = conditions.length
    ? await db
        .select()
        .from(profiles)
        .where(and(eq(profiles.customerId, customerId), or(...conditions)))
    : [];
  return apps.map(({ app, credential }) => {
    const own = found.find((p) => p.appId === app.id && p.groupId === member.groupId);
    const fallback = found.find((p) => p.id === app.profileId && p.appId === app.id);
    return { app, credential, profile: own ?? fallback ?? null };
  });
}
