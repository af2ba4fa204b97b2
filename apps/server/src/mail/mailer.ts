/**
 * Mail transport: SMTP when SMTP_URL is set; otherwise a dev outbox that keeps each
 * message as an .eml file in DATA_DIR/outbox and logs it, so a bare machine still works.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { AppError } from '../lib/errors.ts';
import type { InlineImage, MailContent } from './templates.ts';

/** Every mail has a plain text and an HTML part (composeMail makes both). */
export interface Mail extends MailContent {
  to: string;
}

/** Nodemailer's shape: an attachment with a cid goes in the HTML part's multipart/related. */
const attachment = ({ cid, filename, contentType, content }: InlineImage) => ({ cid, filename, contentType, content });

export interface Mailer {
  /** Hands the mail to the mail server; rejects with the transport's error when it is not taken. */
  send(mail: Mail): Promise<void>;
  /** Human description of where mail goes, printed at start. */
  describe(): string;
  /** `force`: also ends a delivery in progress (it fails, and is retried from the queue). */
  close(opts?: { force?: boolean }): void;
}

/** What an SMTP error says about itself, without the message it concerns. */
export function mailError(error: unknown): { code?: string; responseCode?: number; command?: string } {
  const { code, responseCode, command } = (error ?? {}) as { code?: string; responseCode?: number; command?: string };
  return { code, responseCode, command };
}

/**
 * Sends at once, in the request (the mail template test, which tells the user whether the mail
 * server took it; every other mail goes through the queue, queue.ts). A mail that did not go
 * answers 502 mailFailed, not 500: the server works, the mail server refused or could not be
 * reached. The log names the cause, never the mail.
 */
export async function sendNow(
  mailer: Mailer,
  log: { warn(obj: object, msg: string): void },
  mail: Mail,
): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    log.warn(mailError(error), 'mail not sent');
    throw new AppError(502, 'mailFailed');
  }
}

/** Deliveries at once to the mail server: the pool's connections, and the queue's sends in flight. */
export const MAIL_CONNECTIONS = 4;

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // Nodemailer (about 3 MB of heap) is loaded with the first mail, not at every start.
  let made: Promise<Transporter> | undefined;
  let transport: Transporter | undefined;
  const transporter = (options: Parameters<typeof import('nodemailer').createTransport>[0]) => {
    made ??= import('nodemailer').then(({ default: nodemailer }) => {
      transport = nodemailer.createTransport(options);
      return transport;
    });
    return made;
  };
  if (opts.smtpUrl) {
    // A pool of connections kept open between mails: a new SMTP session costs the server's
    // greeting delay (the test sink's 100 ms, real servers' greet pause), TLS and AUTH each time.
    // Timeouts well under the queue's lease (sender.ts), so a hung server fails the try instead.
    const options = {
      url: opts.smtpUrl,
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      // One quick retry on a fresh connection when an idle one was closed by the server; the
      // queue retries the rest.
      maxRequeues: 1,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    };
    const where = new URL(opts.smtpUrl);
    return {
      send: async (mail) => {
        const smtp = await transporter(options);
        await smtp.sendMail({ from: opts.from, ...mail, attachments: mail.attachments.map(attachment) });
      },
      describe: () => `SMTP server ${where.hostname}:${where.port || 25}`,
      close: (closing) =>
        (transport as unknown as { close(o?: { force?: boolean }): void } | undefined)?.close(closing),
    };
  }
  return {
    async send(mail) {
      const stream = await transporter({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await stream.sendMail({ from: opts.from, ...mail, attachments: mail.attachments.map(attachment) });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // Dev outbox only: the body is logged on purpose so a developer can sign in without SMTP.
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'dev outbox mail');
      process.stdout.write(`\n--- mail to ${mail.to} (${file})\nSubject: ${mail.subject}\n\n${mail.text}---\n\n`);
    },
    describe: () => `the dev outbox ${opts.outboxDir} (and this log); set SMTP_URL to send real mail`,
    close: () => {},
  };
}
