/**
 * `unblock <username> --card-file <file>`: a smartcard's PIN reset at the workstation. The member
 * (or the CMS operator with them) types the code of the "reset smartcard PIN" mail; the card's
 * challenge goes to the server with it, and the answer, keyed by the card's PUK on the server,
 * lets the card take a new PIN. The workstation reports who works it (its operating system's
 * account, groups and whether it is an administrator) for the CMS group rule.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ApiError, workstationApi } from '../api.ts';
import type { Config } from '../config.ts';
import type { Prompter } from '../prompt.ts';
import { SoftCard } from '../softCard.ts';

/** The account the client runs as, its groups (`id -Gn`) and whether it is root. */
function operatorOf(): { account: string; groups: string[]; admin: boolean } {
  const account = os.userInfo().username;
  let groups: string[] = [];
  try {
    groups = execFileSync('id', ['-Gn'], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean);
  } catch {
    // No `id` (not a Unix host): no groups to report.
  }
  return { account, groups, admin: process.getuid?.() === 0 };
}

export async function unblockCommand(config: Config, username: string, cardFile: string, prompter: Prompter) {
  const card = SoftCard.load(cardFile);
  const code = await prompter.ask('Code from the PIN reset mail: ');
  if (!code) return 1;
  const pin = await prompter.ask('New PIN: ', { secret: true });
  const again = await prompter.ask('New PIN again: ', { secret: true });
  if (!pin || pin !== again || !/^\d{4,12}$/.test(pin)) {
    process.stderr.write('The PINs must match and have 4 to 12 digits.\n');
    return 1;
  }
  const challenge = card.challenge();
  try {
    const { response } = await workstationApi(config).unblock({
      username,
      auth_code: code.trim(),
      challenge,
      operator: operatorOf(),
    });
    if (!card.unblock(challenge, response, pin)) {
      process.stderr.write('The card refused the server’s answer.\n');
      return 1;
    }
  } catch (err) {
    if (err instanceof ApiError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  process.stdout.write(`${JSON.stringify({ unblocked: true, username })}\n`);
  return 0;
}
