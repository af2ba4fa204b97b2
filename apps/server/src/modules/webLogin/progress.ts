/**
 * The web login's sign-ins in progress (oidc_sign_ins, one per provider interaction, keyed by
 * its uid) as the sign-in engine reads and moves them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webLogins } from '../../db/schema/index.ts';
import type { Progress } from '../../signIn/progress.ts';
import { progressColumnsOf, TableProgress } from '../../signIn/tableProgress.ts';

export type WebLoginRow = typeof webLogins.$inferSelect;
/** A row past identify: it walks a flow. */
export type IdentifiedRow = WebLoginRow & { stages: NonNullable<WebLoginRow['stages']> };

export function progressOf(row: IdentifiedRow): Progress {
  return {
    id: row.uid,
    customerId: row.customerId,
    applicationId: row.applicationId,
    memberId: row.memberId,
    username: row.username ?? '',
    stages: row.stages,
    ...progressColumnsOf(row),
  };
}

/** The engine's writes on the interaction's row. */
export const webLoginProgress = (db: Db, row: WebLoginRow) =>
  new TableProgress(db, webLogins, eq(webLogins.uid, row.uid), row);
