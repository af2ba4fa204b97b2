/**
 * The mail queue (mail/queue.ts, mail/sender.ts): every mail Portiere sends waits here, written
 * in the same transaction as what it tells of (a sign-in code, an enrolment link), until a node
 * has handed it to the mail server; the row is then deleted. The message is sealed (SecretBox):
 * it may carry a code, a temporary password or a link.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is (`sign_in_code`, `enrollment_link`...): for the log and metrics, never its text. */
    kind: text('kind').notNull(),
    /** The whole message (recipient, subject, parts, inline images) as sealed JSON. */
    sealed: text('sealed').notNull(),
    /** Tries made so far; the first is made at once, the next ones after a growing wait. */
    attempts: integer('attempts').notNull().default(0),
    /** When the next try may be made. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A node is sending it until then; past it (that node died), another node takes it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When what it carries is no longer worth sending (a sign-in code that expired): dropped then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The last refusal's error code and SMTP reply code, never the message. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_queue_next_idx').on(t.nextAttemptAt)],
);
