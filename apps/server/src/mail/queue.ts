/**
 * Every mail leaves through the queue (table mail_queue): a service enqueues it in the same
 * transaction as what it tells of, and the sender (sender.ts) hands it to the mail server once
 * that transaction has committed, off the request. So a request does not wait for the SMTP
 * conversation, a mail server that is down delays mail but loses none (it is retried), and a
 * crash after the commit loses nothing either: any node sends what another left (docs/deployment.md,
 * "Mail"). What a request answers says that the mail was queued, not that it arrived.
 */
import { afterCommit } from '../audit/context.ts';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { Mail } from './mailer.ts';

/** What a queued mail is, for the log and the metrics (never its text). */
export type MailKind =
  | 'sign_in_code'
  | 'member_code'
  | 'qr_code'
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

export class MailQueue {
  constructor(
    /** The scoped database: inside a request's transaction, that transaction. */
    private readonly db: Db,
    private readonly box: SecretBox,
    /** Wakes the sender (sender.ts); called once the enqueueing transaction has committed. */
    private readonly wake: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Queues `mails` in the current transaction (the request's, or `inTransaction`'s; alone, the
   * insert commits by itself). `expiresAt`: when what they carry stops being of use (a code's
   * expiry), after which an unsent mail is dropped rather than sent late.
   */
  async enqueue(kind: MailKind, mails: Mail | Mail[], opts: { expiresAt?: Date } = {}): Promise<void> {
    const list = Array.isArray(mails) ? mails : [mails];
    if (!list.length) return;
    const now = this.now();
    await this.db.insert(mailQueue).values(
      list.map((mail) => ({
        kind,
        sealed: sealMail(this.box, mail),
        nextAttemptAt: now,
        expiresAt: opts.expiresAt ?? null,
        createdAt: now,
      })),
    );
    afterCommit(this.wake);
  }
}
