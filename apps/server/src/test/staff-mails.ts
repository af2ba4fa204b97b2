/** What the tests read from the mails staff accounts get (mail/staff-mail.ts). */
import type { Harness } from './harness.ts';

/** The temporary password of the newest mail to `to` that arrived after `since` mails. */
export async function temporaryPassword(h: Harness, to: string, since: number): Promise<string> {
  const mail = await h.sink.waitFor(to, since);
  const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`no temporary password in the mail to ${to}`);
  return password;
}

/** The token of the newest email confirmation link to `to`. */
export async function confirmationToken(h: Harness, to: string, since: number): Promise<string> {
  const mail = await h.sink.waitFor(to, since);
  const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${to}`);
  return token;
}
