/**
 * Sign-ins in progress that expired are deleted (the web login's, the workstation's, RADIUS's, and
 * SAML's requests, sessions and logouts): a RADIUS device starts one for every Access-Request
 * without State, a SAML provider one for every AuthnRequest, so the tables would otherwise grow
 * with every try. Kept a day past their expiry, for a look at a sign-in just ended.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  radiusSignIns,
  samlLogouts,
  samlRequests,
  samlSessions,
  webLogins,
  workstationSignIns,
} from '../db/schema/index.ts';

const KEPT_MS = 24 * 3_600_000;

/** Deletes what expired more than a day before `now`; the rows deleted per table. */
export async function purgeExpiredSignIns(db: Db, now: Date) {
  const before = new Date(now.getTime() - KEPT_MS);
  const counted = async (
    table:
      | typeof webLogins
      | typeof workstationSignIns
      | typeof radiusSignIns
      | typeof samlRequests
      | typeof samlSessions
      | typeof samlLogouts,
  ) => (await db.delete(table).where(lt(table.expiresAt, before)).returning({ at: table.expiresAt })).length;
  return {
    web: await counted(webLogins),
    workstation: await counted(workstationSignIns),
    radius: await counted(radiusSignIns),
    saml: (await counted(samlRequests)) + (await counted(samlSessions)) + (await counted(samlLogouts)),
  };
}
