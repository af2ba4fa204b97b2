/**
 * The assistant's sign-ins in progress ('sign_in' rows of assistant_sessions, named by the hash of
 * their opaque id) as the sign-in engine reads and moves them. The table keeps no kinds passed
 * and no first right answer (the assistant says no refusal's reason); a sign-in spent, by too many
 * wrong answers or by its end, is deleted.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantSessions } from '../../db/schema/index.ts';
import type { Move, Progress, ProgressStore } from '../../signIn/progress.ts';

export type SignInRow = typeof assistantSessions.$inferSelect;

export function progressOf(row: SignInRow): Progress {
  return {
    id: row.id,
    customerId: row.customerId,
    applicationId: null,
    memberId: row.memberId,
    username: row.username ?? '',
    stages: row.stages ?? [],
    terminating: row.terminating ?? [],
    stage: row.stage,
    proved: [],
    answered: false,
    recovered: false,
    sentAt: {},
    expiresAt: row.expiresAt,
  };
}

export class AssistantProgress implements ProgressStore {
  constructor(
    private readonly db: Db,
    private readonly row: SignInRow,
  ) {}

  async countFailure(): Promise<number | null> {
    const [counted] = await this.db
      .update(assistantSessions)
      .set({ failures: sql`${assistantSessions.failures} + 1` })
      .where(eq(assistantSessions.id, this.row.id))
      .returning({ failures: assistantSessions.failures });
    return counted?.failures ?? null;
  }

  async spend(): Promise<void> {
    await this.db.delete(assistantSessions).where(eq(assistantSessions.id, this.row.id));
  }

  async move(to: Move): Promise<boolean> {
    if (to.finished) {
      const [spent] = await this.db
        .delete(assistantSessions)
        .where(eq(assistantSessions.id, this.row.id))
        .returning({ id: assistantSessions.id });
      return !!spent;
    }
    const [moved] = await this.db
      .update(assistantSessions)
      .set({ stage: to.stage })
      .where(and(eq(assistantSessions.id, this.row.id), eq(assistantSessions.stage, this.row.stage)))
      .returning({ id: assistantSessions.id });
    return !!moved;
  }

  /** The assistant has no resend interval of its own (the credential's applies). */
  async claimSend(): Promise<boolean> {
    return true;
  }
}
