/**
 * Sends what the mail queue holds (queue.ts), in each server process: woken as soon as a
 * transaction that queued mail commits, and every few seconds (and at start) for what nobody
 * woke it for: mail queued by another node, left by a node that died, or due for a retry.
 *
 * Each node claims rows before sending them (FOR UPDATE SKIP LOCKED, then a lease in the row), so
 * several nodes on one database never send one mail twice while they live; a node that dies
 * while sending leaves its rows to the others once the lease has passed (the mail may then go
 * twice, never zero times). A sent mail's row is deleted. A refused one is tried again after a
 * growing wait, at most MAIL_MAX_ATTEMPTS times; then it is given up, logged without its text,
 * and deleted. A mail whose content expired before it could go (a sign-in code) is dropped.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { loggableError } from '../lib/db-errors.ts';
import { MAIL_CONNECTIONS, type Mail, type Mailer, mailError } from './mailer.ts';
import { unsealMail } from './queue.ts';

/** Tries before a mail is given up: the waits between them add up to about an hour. */
export const MAIL_MAX_ATTEMPTS = 12;

export interface SenderOptions {
  /** How often to look for mail nobody woke this node for. */
  pollMs: number;
  /** The wait after the first refusal, doubled after each next one, up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
  /** How long a claimed mail is this node's; far above the transport's own timeouts (mailer.ts). */
  leaseMs: number;
  /** Mails sent at once (the transport's pooled connections). */
  concurrency: number;
  /** How long stop() lets deliveries in progress finish before cutting them short. */
  stopGraceMs: number;
}

const DEFAULTS: SenderOptions = {
  pollMs: 5_000,
  firstRetryMs: 2_000,
  maxRetryMs: 30 * 60_000,
  maxAttempts: MAIL_MAX_ATTEMPTS,
  leaseMs: 10 * 60_000,
  concurrency: MAIL_CONNECTIONS,
  stopGraceMs: 5_000,
};

interface SenderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A mail this node has taken: claimed, or queued by this node already taken (queue.ts). */
type Claimed = Pick<typeof mailQueue.$inferSelect, 'id' | 'kind' | 'attempts' | 'expiresAt'>;

/** The wait before try `attempt + 1`, after `attempt` refusals: doubling, with a little jitter. */
export function retryDelayMs(attempt: number, opts: Pick<SenderOptions, 'firstRetryMs' | 'maxRetryMs'>): number {
  const base = Math.min(opts.firstRetryMs * 2 ** (attempt - 1), opts.maxRetryMs);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** A refusal no retry will change: the server refused the recipient itself (5xx to RCPT TO). */
function permanent(error: unknown): boolean {
  const { responseCode, command } = mailError(error);
  return responseCode !== undefined && responseCode >= 500 && command === 'RCPT TO';
}

export class MailSender {
  private readonly opts: SenderOptions;
  private readonly inFlight = new Set<Promise<void>>();
  private claiming: Promise<void> | null = null;
  /** Asked to look for mail since the last look began. */
  private wanted = false;
  private closed = false;
  private poll: NodeJS.Timeout | undefined;
  private retry: { at: number; timer: NodeJS.Timeout } | undefined;

  /** `db` is the plain database: the sender works outside any request's transaction. */
  constructor(
    private readonly db: Db,
    private readonly transport: Mailer,
    private readonly box: SecretBox,
    private readonly log: SenderLog,
    private readonly now: () => Date = () => new Date(),
    opts: Partial<SenderOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Look for mail now (the queue calls it after a commit). */
  readonly kick = (): void => {
    if (this.closed) return;
    this.wanted = true;
    if (this.claiming) return;
    this.claiming = this.pump().finally(() => {
      this.claiming = null;
      // Asked again after the last look, with room to send: look again.
      if (this.wanted && this.inFlight.size < this.opts.concurrency) this.kick();
    });
  };

  /** Whether a mail sent now would go at once (queue.ts then sends it without a claim). */
  hasRoom(): boolean {
    return !this.closed && this.inFlight.size < this.opts.concurrency;
  }

  /** Sends a mail its queue wrote already taken by this node, once that write committed. */
  sendTaken(row: Claimed, mail: Mail): void {
    // Stopped meanwhile: it is left to whoever runs next, once its lease has passed.
    if (this.closed) return;
    this.track(this.deliver(row, mail));
  }

  /** At start: sends what is waiting (left by a stop or a crash), then looks every pollMs. */
  start(): void {
    this.poll = setInterval(this.kick, this.opts.pollMs);
    this.poll.unref();
    this.kick();
  }

  /** Stops looking; lets deliveries in progress end (cut short after stopGraceMs, then retried by whoever runs next). */
  async stop(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    clearTimeout(this.retry?.timer);
    await this.claiming;
    const ended = Promise.allSettled([...this.inFlight]);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.opts.stopGraceMs);
    });
    if ((await Promise.race([ended, grace])) === 'late') this.transport.close({ force: true });
    clearTimeout(timer);
    await ended;
  }

  /**
   * Resolves once nothing is being sent and no mail is due (tests, before they look at what
   * arrived or did not). Mail waiting for a retry is not due.
   */
  async settled(): Promise<void> {
    if (this.closed) return;
    for (let rounds = 0; rounds < 100; rounds++) {
      this.kick();
      await this.claiming;
      await Promise.allSettled([...this.inFlight]);
      if (!this.claiming && !this.inFlight.size && !(await this.anyDue())) return;
    }
  }

  private async anyDue(): Promise<boolean> {
    const [row] = await this.db.select({ id: mailQueue.id }).from(mailQueue).where(this.due(this.now())).limit(1);
    return !!row;
  }

  /** Never tried, or its retry's time has come; and no live node holds it. */
  private due(now: Date) {
    return and(
      or(eq(mailQueue.attempts, 0), lte(mailQueue.nextAttemptAt, now)),
      or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
    );
  }

  private async pump(): Promise<void> {
    while (this.wanted && !this.closed) {
      const room = this.opts.concurrency - this.inFlight.size;
      // Full: the next delivery to end looks again.
      if (room <= 0) return;
      this.wanted = false;
      let rows: Array<Claimed & { sealed: string }>;
      try {
        rows = await this.claim(room);
      } catch (error) {
        // The database is away: the next poll looks again.
        this.log.warn({ error: loggableError(error) }, 'mail queue: could not look for mail to send');
        return;
      }
      for (const row of rows) this.track(this.deliverClaimed(row));
      // As many as there was room for: there may be more.
      if (rows.length === room) this.wanted = true;
    }
  }

  private track(delivery: Promise<void>): void {
    this.inFlight.add(delivery);
    void delivery.finally(() => {
      this.inFlight.delete(delivery);
      if (this.wanted) this.kick();
    });
  }

  /** Takes up to `limit` due mails for this node: each try counted, and leased to it. */
  private async claim(limit: number): Promise<Array<Claimed & { sealed: string }>> {
    const now = this.now();
    const due = this.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(this.due(now))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, lockedUntil: new Date(now.getTime() + this.opts.leaseMs) })
      .where(inArray(mailQueue.id, due))
      .returning({
        id: mailQueue.id,
        kind: mailQueue.kind,
        sealed: mailQueue.sealed,
        attempts: mailQueue.attempts,
        expiresAt: mailQueue.expiresAt,
      });
  }

  /** Opens a claimed mail and sends it; drops it when this secret key cannot open it (the key was changed). */
  private async deliverClaimed(row: Claimed & { sealed: string }): Promise<void> {
    let mail: Mail;
    try {
      mail = unsealMail(this.box, row.sealed);
    } catch {
      this.log.error({ mail: row.id, kind: row.kind }, 'mail dropped: it cannot be opened with this secret key');
      await this.remove(row).catch(() => {});
      return;
    }
    await this.deliver(row, mail);
  }

  private async deliver(row: Claimed, mail: Mail): Promise<void> {
    const about = { mail: row.id, kind: row.kind, attempt: row.attempts };
    try {
      if (row.expiresAt && row.expiresAt <= this.now()) {
        await this.remove(row);
        this.log.warn(about, 'mail dropped: what it carried expired before it could be sent');
        return;
      }
      try {
        await this.transport.send(mail);
      } catch (error) {
        await this.refused(row, error);
        return;
      }
      // Sent: nothing of it is kept. Should this delete fail, the lease runs out and it goes again.
      await this.remove(row);
    } catch (error) {
      this.log.warn({ ...about, error: loggableError(error) }, 'mail queue: could not record a try');
    }
  }

  private remove(row: Claimed) {
    return this.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
  }

  private async refused(row: Claimed, error: unknown): Promise<void> {
    const cause = mailError(error);
    const about = { mail: row.id, kind: row.kind, attempt: row.attempts, ...cause };
    if (permanent(error) || row.attempts >= this.opts.maxAttempts) {
      await this.remove(row);
      this.log.error(about, 'mail given up: the mail server did not take it');
      return;
    }
    const wait = retryDelayMs(row.attempts, this.opts);
    await this.db
      .update(mailQueue)
      .set({
        lockedUntil: null,
        nextAttemptAt: new Date(this.now().getTime() + wait),
        lastError: [cause.code, cause.responseCode].filter((x) => x !== undefined).join(' ') || 'error',
      })
      .where(eq(mailQueue.id, row.id));
    this.log.warn({ ...about, retryInS: Math.round(wait / 1000) }, 'mail not sent; it will be tried again');
    this.wakeIn(wait);
  }

  /** Looks again in `ms` (the soonest retry this node knows of; the poll covers the rest). */
  private wakeIn(ms: number): void {
    if (this.closed) return;
    const at = Date.now() + ms;
    if (this.retry && this.retry.at <= at) return;
    clearTimeout(this.retry?.timer);
    const timer = setTimeout(() => {
      this.retry = undefined;
      this.kick();
    }, ms);
    timer.unref();
    this.retry = { at, timer };
  }
}
