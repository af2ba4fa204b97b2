/** Enrolment links as a member gets them (from the mail the console's action sends) and calls with them. */
import { call, type Harness, post } from './harness.ts';

/** The token of the link mailed by "Send enrollment email" for the member (`email` is their address). */
export async function mailedLink(h: Harness, staffToken: string, memberId: string, email: string): Promise<string> {
  const since = h.sink.mails.length;
  const sent = await post(h.app, `users/${memberId}/send-enrollment/`, {}, staffToken);
  if (sent.status !== 200) throw new Error(`send-enrollment: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await h.sink.waitFor(email, since);
  const token = /\/enroll\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no enrolment link in: ${mail.text}`);
  return token;
}

/** A call of the portal with a link token: `path` below enroll/{token}/. */
export function enroll(
  h: Harness,
  token: string,
  path = '',
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
  payload?: unknown,
) {
  return call(h.app, method, `enroll/${token}/${path}`, undefined, payload);
}
