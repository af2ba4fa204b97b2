import { MAILBOX_PORT } from './ports.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/?to=${encodeURIComponent(to)}`);
  return res.json();
}

/** Waits for a mail to `to` beyond the `since` already there and answers its 6-digit code. */
export async function waitForOtp(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await mailsTo(to);
    const mail = mails[since] ? mails.at(-1) : undefined;
    const code = mail && /\b(\d{6})\b/.exec(mail.subject + mail.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code mailed to ${to}`);
}
