/**
 * The workstation's sign-ins in progress (workstation_sign_ins, keyed by an opaque random id the
 * client carries) as the sign-in engine reads and moves them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workstationSignIns } from '../../db/schema/index.ts';
import type { Progress } from '../../signIn/progress.ts';
import { progressColumnsOf, TableProgress } from '../../signIn/tableProgress.ts';

export type WorkstationSignInRow = typeof workstationSignIns.$inferSelect;

export function progressOf(row: WorkstationSignInRow): Progress {
  return {
    id: row.id,
    customerId: row.customerId,
    applicationId: null,
    machine: row.machine,
    memberId: row.memberId,
    username: row.username,
    stages: row.stages,
    ...progressColumnsOf(row),
  };
}

/** The engine's writes on the sign-in's row; a move also spends the stage's challenge. */
export const workstationProgress = (db: Db, row: WorkstationSignInRow) =>
  new TableProgress(db, workstationSignIns, eq(workstationSignIns.id, row.id), row, {
    challenge: null,
    challengeKind: null,
  });
