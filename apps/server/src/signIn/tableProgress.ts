/**
 * The ProgressStore of a channel whose sign-ins in progress live in a table of their own with the
 * engine's columns (failures, spent, stage, proved, answered, recovered, sent_at): the web
 * login's oidc_sign_ins and the workstation's workstation_sign_ins. Each write is one statement
 * on the sign-in's row, guarded so that racing answers and sends cannot both win.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Move, Progress, ProgressStore, SentAt } from './progress.ts';

type ProgressTable = PgTable & {
  failures: PgColumn;
  spent: PgColumn;
  stage: PgColumn;
  proved: PgColumn;
  answered: PgColumn;
  recovered: PgColumn;
  sentAt: PgColumn;
};

/** The Progress fields a row of such a table holds as they are (the channel adds its keys and names). */
export const progressColumnsOf = (row: {
  terminating: Progress['terminating'];
  stage: number;
  proved: Progress['proved'];
  answered: boolean;
  recovered: boolean;
  sentAt: SentAt;
  expiresAt: Date;
}) => ({
  terminating: row.terminating,
  stage: row.stage,
  proved: row.proved,
  answered: row.answered,
  recovered: row.recovered,
  sentAt: row.sentAt,
  expiresAt: row.expiresAt,
});

export class TableProgress<T extends ProgressTable> implements ProgressStore {
  constructor(
    private readonly db: Db,
    private readonly table: T,
    /** The condition naming the sign-in's row. */
    private readonly mine: SQL | undefined,
    /** The row as it was read: the stage and sends a write starts from. */
    private readonly row: { stage: number; sentAt: SentAt },
    /** Columns a move also sets (the workstation's challenge, which answers one stage only). */
    private readonly onMove: Record<string, unknown> = {},
  ) {}

  private set(values: Record<string, unknown>) {
    return this.db
      .update(this.table)
      .set(values as PgUpdateSetSource<T>)
      .where(this.mine);
  }

  async countFailure(): Promise<number | null> {
    const [counted] = await this.set({ failures: sql`${this.table.failures} + 1` }).returning({
      failures: this.table.failures,
    });
    return (counted?.failures as number | undefined) ?? null;
  }

  async spend(reason: string): Promise<void> {
    await this.set({ spent: reason });
  }

  async move(to: Move): Promise<boolean> {
    const [moved] = await this.db
      .update(this.table)
      .set({
        stage: to.stage,
        proved: to.proved,
        answered: true,
        recovered: to.recovered,
        ...this.onMove,
        ...(to.finished ? { spent: 'done' } : {}),
      } as PgUpdateSetSource<T>)
      .where(and(this.mine, eq(this.table.stage, this.row.stage), isNull(this.table.spent)))
      .returning({ stage: this.table.stage });
    return !!moved;
  }

  async claimSend(kind: keyof SentAt, now: Date): Promise<boolean> {
    const sentAt = this.row.sentAt;
    const [claimed] = await this.db
      .update(this.table)
      .set({ sentAt: { ...sentAt, [kind]: now.toISOString() } } as PgUpdateSetSource<T>)
      .where(and(this.mine, sql`${this.table.sentAt} = ${JSON.stringify(sentAt)}::jsonb`))
      .returning({ stage: this.table.stage });
    return !!claimed;
  }
}
