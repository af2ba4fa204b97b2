/**
 * pamtester (Debian's, installed by scripts/ensure-pam.mjs and ensure-radius.mjs): a PAM
 * application that authenticates `user` with `service` (a file under /etc/pam.d), answering its
 * prompts with `answers`, one a line, as a person at a terminal would.
 */
import { spawn } from 'node:child_process';
import { PAM } from '../../../../scripts/ensure-pam.mjs';

export function pamtester(
  service: string,
  user: string,
  answers: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // -v: the prompts and PAM's messages are printed too.
    const child = spawn(PAM.pamtester, ['-v', service, user, 'authenticate'], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(`${answers.join('\n')}\n`);
  });
}
