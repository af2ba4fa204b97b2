/**
 * The workstation's sign-ins in progress (workstation_sign_ins, keyed by an opaque random id the
 * client carries) as the sign-in engine reads and moves them.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workstationSignIns } from '../../db/schema/index.ts';
import type { Move, Progress, ProgressStore } from '../../signIn/progress.ts';

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
    terminating: row.terminating,
    stage: row.stage,
    proved: row.proved,
    answered: row.answered,
    recovered: row.recovered,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
  };
}

export class WorkstationProgress implements ProgressStore {
  constructor(
    private readonly db: Db,
    private readonly row: WorkstationSignInRow,
  ) {}

  private readonly mine = () => eq(workstationSignIns.id, this.row.id);

  async countFailure(): Promise<number | null> {
    const [counted] = await this.db
      .update(workstationSignIns)
      .set({ failures: sql`${workstationSignIns.failures} + 1` })
      .where(this.mine())
      .returning({ failures: workstationSignIns.failures });
    return counted?.failures ?? null;
  }

  async spend(reason: NonNullable<WorkstationSignInRow['spent']>): Promise<void> {
    await this.db.update(workstationSignIns).set({ spent: reason }).where(this.mine());
  }

  async move(to: Move): Promise<boolean> {
    const [moved] = await this.db
      .update(workstationSignIns)
      .set({
        stage: to.stage,
        proved: to.proved,
        answered: true,
        recovered: to.recovered,
        // A challenge answers one stage only.
        challenge: null,
        challengeKind: null,
        ...(to.finished ? { spent: 'done' as const } : {}),
      })
      .where(and(this.mine(), eq(workstationSignIns.stage, this.row.stage), isNull(workstationSignIns.spent)))
      .returning({ id: workstationSignIns.id });
    return !!moved;
  }

  async claimSend(kind: 'mail' | 'sms' | 'app', now: Date): Promise<boolean> {
    const sentAt = this.row.sentAt;
    const [claimed] = await this.db
      .update(workstationSignIns)
      .set({ sentAt: { ...sentAt, [kind]: now.toISOString() } })
      .where(and(this.mine(), sql`${workstationSignIns.sentAt} = ${JSON.stringify(sentAt)}::jsonb`))
      .returning({ id: workstationSignIns.id });
    return !!claimed;
  }
}
