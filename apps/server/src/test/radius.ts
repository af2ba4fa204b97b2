/**
 * RADIUS in tests: Debian's radclient (freeradius-utils, installed by scripts/ensure-radius.mjs)
 * as the independent client, and a RADIUS client registered for a customer.
 */
import { spawn } from 'node:child_process';
import { RADIUS } from '../../../../scripts/ensure-radius.mjs';

export interface RadiusAnswer {
  /** Access-Accept, Access-Reject, Access-Challenge; null when nothing came back. */
  code: string | null;
  /** The reply's attributes as radclient prints them (strings unquoted). */
  attributes: Record<string, string>;
  output: string;
}

/** radclient's quoting of a string attribute's value. */
export const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * One Access-Request (or a Status-Server) with radclient to 127.0.0.1:`port`. `attributes` are radclient's input
 * lines (User-Name = "ada"); `messageAuthenticator` adds one, as devices fixed for BlastRADIUS do.
 */
export function radclient(
  port: number,
  secret: string,
  attributes: Record<string, string>,
  {
    messageAuthenticator = true,
    timeoutS = 5,
    command = 'auth',
  }: { messageAuthenticator?: boolean; timeoutS?: number; command?: 'auth' | 'status' } = {},
): Promise<RadiusAnswer> {
  const lines = Object.entries(attributes).map(([k, v]) => `${k} = ${v}`);
  if (messageAuthenticator) lines.push('Message-Authenticator = 0x00');
  return new Promise((resolve, reject) => {
    const child = spawn(
      RADIUS.radclient,
      ['-x', '-r', '1', '-t', String(timeoutS), `127.0.0.1:${port}`, command, secret],
      { stdio: 'pipe' },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', reject);
    child.on('close', () => {
      const received = /Received (Access-\w+) Id \d+[^\n]*\n((?:\t[^\n]*\n?)*)/.exec(output);
      const attrs: Record<string, string> = {};
      for (const line of received?.[2]?.split('\n') ?? []) {
        const m = /^\t([\w-]+) = (.*)$/.exec(line);
        if (m?.[1] && m[2] !== undefined) attrs[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
      }
      resolve({ code: received?.[1] ?? null, attributes: attrs, output });
    });
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}
