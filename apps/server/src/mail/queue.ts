/**
 * Every mail leaves through the queue (table mail_queue): a service enqueues it in the same
 * transaction as what it tells of, and the sender (sender.ts) hands it to the mail server once
 * that transaction has committed, off the request. So a request does not wait for the SMTP
 * conversation, a mail server that is down delays mail but loses none (it is retried), and a
 * crash after the commit loses nothing either: any node sends what another left (docs/deployment.md,
 * "Mail"). What a request answers says that the mail was queued, not that it arrived.
 */
import { randomUUID } from 'node:crypto';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterCommit } from '../audit/context.ts';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { Mail } from './mailer.ts';
import type { MailSender } from './sender.ts';

/** What a queued mail is, for the log and the metrics (never its text). */
export type MailKind =
  | 'sign_in_code'
  | 'member_code'
  | 'qr_code'
  | 'smartcard_pin'
  | 'smartcard_pin_reset'
  | 'enrollment_link'
  | 'link_request'
  | 'recovery_code'
  | 'account_created'
  | 'password_reset'
  | 'email_change'
  | 'email_changed';

/** The message as stored: inline images' bytes as base64. */
interface StoredMail extends Omit<Mail, 'attachments'> {
  attachments: Array<Omit<Mail['attachments'][number], 'content'> & { content: string }>;
}

export function sealMail(box: SecretBox, mail: Mail): string {
  const stored: StoredMail = {
    ...mail,
    attachments: mail.attachments.map((a) => ({ ...a, content: a.content.toString('base64') })),
  };
  return box.encrypt(JSON.stringify(stored));
}

export function unsealMail(box: SecretBox, sealed: string): Mail {
  const stored = JSON.parse(box.decrypt(sealed)) as StoredMail;
  return {
    ...stored,
    attachments: stored.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
  };
}

/**
 * How long a mail the queueing node sends itself stays its own. Such a mail skips the claim
 * (sender.ts): it is written already taken, and sent once its transaction commits. Should that
 * node die first, another sends it once this has passed. Well above the transport's timeouts
 * (mailer.ts), so that a slow try ends before another node may start one.
 */
export const DIRECT_LEASE_MS = 2 * 60_000;

export class MailQueue {
  constructor(
    /** The scoped database: inside a request's transaction, that transaction. */
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly sender: MailSender,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Queues `mails` in the current transaction (the request's; alone, the statement commits by
   * itself). `expiresAt`: when what they carry stops being of use (a code's expiry), after which
   * an unsent mail is dropped rather than sent late. `alongside`: a write (insert, update) made
   * in the same statement, so that it and its mail land together without a transaction of their
   * own (a sign-in code and the mail carrying it). Not from inside a `db.transaction()` of the
   * caller's own: the mail may go before that commits (audited requests are handled: afterCommit).
   */
  async enqueue(
    kind: MailKind,
    mails: Mail | Mail[],
    opts: { expiresAt?: Date; alongside?: SQLWrapper } = {},
  ): Promise<void> {
    const list = Array.isArray(mails) ? mails : [mails];
    if (!list.length) return;
    const now = this.now();
    // One mail, and room to send it: this node takes it at once. Several (a bulk action) go
    // through the claim, at the sender's pace.
    const direct = list.length === 1 && this.sender.hasRoom();
    const rows = list.map((mail) => ({
      id: randomUUID(),
      kind,
      sealed: sealMail(this.box, mail),
      nextAttemptAt: now,
      expiresAt: opts.expiresAt ?? null,
      createdAt: now,
      ...(direct ? { attempts: 1, lockedUntil: new Date(now.getTime() + DIRECT_LEASE_MS) } : {}),
    }));
    const insert = this.db.insert(mailQueue).values(rows);
    // Data-modifying CTEs all run, in one statement.
    if (opts.alongside) await this.db.execute(sql`with w as ${opts.alongside}, q as ${insert} select 1`);
    else await insert;
    const [row] = rows;
    const [mail] = list;
    afterCommit(
      direct && row && mail
        ? () => this.sender.sendTaken({ id: row.id, kind, attempts: 1, expiresAt: row.expiresAt }, mail)
        : this.sender.kick,
    );
  }
}
