/**
 * portiere-workstation: Portiere's reference workstation client. One process per sign-in, as a
 * credential provider or pam_exec starts it; exit 0 when the member is in, 1 when refused or
 * failed, 2 when called or configured wrongly.
 */
import { parseArgs } from 'node:util';
import { ApiError } from './api.ts';
import { pamCommand } from './commands/pam.ts';
import { refillCommand } from './commands/refill.ts';
import { signinCommand } from './commands/signin.ts';
import { unblockCommand } from './commands/unblock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { Prompter } from './prompt.ts';

const USAGE = `Usage: portiere-workstation <command> [--config <file>]

  signin <username>     sign in at the prompts; offline when the server cannot be reached
  signin --card <code>  the same, identified by a temporary card
  refill                refresh every member's offline material; delete what the server revoked
  pam                   PAM step for pam_exec expose_authtok: PAM_USER, the token on stdin
  unblock <username> --card-file <file>
                        a smartcard's PIN reset: the mailed code, then a new PIN

The configuration (JSON) names server, key, machine, state_dir, kinds, keys, pam.kind;
PORTIERE_WORKSTATION_* variables override it (see README.md).`;

async function run(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: 'string', short: 'c' },
        card: { type: 'string' },
        'card-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  try {
    parsed = parse();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(values.config);
  switch (command) {
    case 'signin': {
      const who = values.card ? { cardCode: values.card.trim() } : rest[0] ? { username: rest[0] } : null;
      if (!who || (values.card && rest.length)) {
        process.stderr.write(`signin takes a username or --card <code>\n${USAGE}\n`);
        return 2;
      }
      const prompter = new Prompter();
      try {
        return await signinCommand(config, who, prompter);
      } finally {
        prompter.close();
      }
    }
    case 'refill':
      return refillCommand(config);
    case 'unblock': {
      const cardFile = values['card-file'];
      if (!rest[0] || !cardFile) {
        process.stderr.write(`unblock takes a username and --card-file <file>\n${USAGE}\n`);
        return 2;
      }
      const prompter = new Prompter();
      try {
        return await unblockCommand(config, rest[0], cardFile, prompter);
      } finally {
        prompter.close();
      }
    }
    case 'pam':
      return pamCommand(config, process.env, process.stdin);
    default:
      process.stderr.write(`unknown command ${command}\n${USAGE}\n`);
      return 2;
  }
}

let code: number;
try {
  code = await run(process.argv.slice(2));
} catch (err) {
  process.stderr.write(
    `portiere-workstation: ${err instanceof ApiError ? `${err.status} ${err.code}: ` : ''}${(err as Error).message}\n`,
  );
  code = err instanceof ConfigError ? 2 : 1;
}
// Open connections or a paused stdin must not keep a finished sign-in waiting.
process.exit(code);
