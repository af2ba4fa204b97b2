/** A real SMTP server for tests: keeps every received message, parsed. */
import { type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part as sent: `cid:` references are kept, not turned into data URLs. */
  html: string;
  attachments: Attachment[];
  /** The message as received, for its MIME structure. */
  source: string;
}

export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private waiters: Array<() => void> = [];
  /** Recipients refused for good (550 to RCPT TO), as a server does for an unknown mailbox. */
  readonly refused = new Set<string>();
  /** Recipients told to try again later (451 to RCPT TO), as a greylisting server does. */
  readonly deferred = new Set<string>();
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // stop() is the mail server going away: the connections the app keeps open end at once,
    // rather than after smtp-server's 30 s of grace.
    closeTimeout: 1,
    onRcptTo: (address, _session, callback) => {
      const to = address.address.toLowerCase();
      if (this.refused.has(to)) {
        callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
        return;
      }
      if (this.deferred.has(to)) {
        callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const source = Buffer.concat(chunks);
        simpleParser(source, { keepCidLinks: true })
          .then((m: ParsedMail) => {
            const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
            this.mails.push({
              to,
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              attachments: m.attachments,
              source: source.toString('latin1'),
            });
            for (const w of this.waiters.splice(0)) w();
            callback();
          })
          .catch(callback);
      });
    },
  });
  port = 0;

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const addr = this.server.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a mail to `to` matching `filter` that arrived after `since` mails. */
  async waitFor(to: string, since = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.slice(since).findLast((m) => m.to.toLowerCase().includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The 6-digit sign-in code of the newest mail to `to`. */
  async otpFor(to: string, since = 0): Promise<string> {
    const mail = await this.waitFor(to, since);
    const code = /\b(\d{6})\b/.exec(mail.subject + mail.text)?.[1];
    if (!code) throw new Error(`no code in mail to ${to}`);
    return code;
  }
}
