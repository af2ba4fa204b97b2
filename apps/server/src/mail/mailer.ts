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
  send(mail: Mail): Promise<void>;
  /** Human description of where mail goes, printed at start. */
  describe(): string;
  close(): void;
}

/**
 * A mail that did not go answers 502 mailFailed, not 500: the server works, the mail server
 * refused or could not be reached. The log names the cause, never the mail (it carries codes).
 */
async function orMailFailed(log: FastifyBaseLogger, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
    log.warn({ code, responseCode, command }, 'mail not sent');
    throw new AppError(502, 'mailFailed');
  }
}

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
    const smtpUrl = opts.smtpUrl;
    const where = new URL(smtpUrl);
    return {
      send: (mail) =>
        orMailFailed(opts.log, async () => {
          const smtp = await transporter(smtpUrl);
          await smtp.sendMail({ from: opts.from, ...mail, attachments: mail.attachments.map(attachment) });
        }),
      describe: () => `SMTP server ${where.hostname}:${where.port || 25}`,
      close: () => transport?.close(),
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
