/**
 * The web login's sign-ins in progress (oidc_sign_ins, one per provider interaction, keyed by
 * its uid) as the sign-in engine reads and moves them.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webLogins } from '../../db/schema/index.ts';
import type { Move, Progress, ProgressStore } from '../../signIn/progress.ts';

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
    terminating: row.terminating,
    stage: row.stage,
    proved: row.proved,
    answered: row.answered,
    recovered: row.recovered,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
  };
}

export class WebLoginProgress implements ProgressStore {
  constructor(
    private readonly db: Db,
    private readonly row: WebLoginRow,
  ) {}

  async countFailure(): Promise<number | null> {
    const [counted] = await this.db
      .update(webLogins)
      .set({ failures: sql`${webLogins.failures} + 1` })
      .where(eq(webLogins.uid, this.row.uid))
      .returning({ failures: webLogins.failures });
    return counted?.failures ?? null;
  }

  async spend(reason: NonNullable<WebLoginRow['spent']>): Promise<void> {
    await this.db.update(webLogins).set({ spent: reason }).where(eq(webLogins.uid, this.row.uid));
  }

  async move(to: Move): Promise<boolean> {
    const [moved] = await this.db
      .update(webLogins)
      .set({
        stage: to.stage,
        proved: to.proved,
        answered: true,
        recovered: to.recovered,
        ...(to.finished ? { spent: 'done' as const } : {}),
      })
      .where(and(eq(webLogins.uid, this.row.uid), eq(webLogins.stage, this.row.stage), isNull(webLogins.spent)))
      .returning({ uid: webLogins.uid });
    return !!moved;
  }

  async claimSend(kind: 'mail' | 'sms' | 'app', now: Date): Promise<boolean> {
    const sentAt = this.row.sentAt;
    const [claimed] = await this.db
      .update(webLogins)
      .set({ sentAt: { ...sentAt, [kind]: now.toISOString() } })
      .where(and(eq(webLogins.uid, this.row.uid), sql`${webLogins.sentAt} = ${JSON.stringify(sentAt)}::jsonb`))
      .returning({ uid: webLogins.uid });
    return !!claimed;
  }
}
