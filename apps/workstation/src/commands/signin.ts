/**
 * `signin <username>` / `signin --card <code>`: a member signs in at the prompts, as at a
 * credential provider's tiles. Online it walks the flow and keeps the offline material the server
 * gives; when the server cannot be reached it checks the member's offline code instead. On
 * success the session (what opens the desktop: identity, autologon) is printed as JSON.
 */
import type { SignInStage } from '@portiere/contracts';
import { Unreachable, workstationApi } from '../api.ts';
import type { Config } from '../config.ts';
import { type AnswerKind, answerKinds, LABELS } from '../kinds.ts';
import { keepMaterial, signInOffline } from '../offline.ts';
import type { Prompter } from '../prompt.ts';
import { reportUsed } from '../refill.ts';
import { type Answers, signInOnline } from '../signIn.ts';
import { OfflineStore } from '../store.ts';

/** Wrong offline codes taken before giving up (each costs the member a few hashes' time, an attacker too). */
const OFFLINE_TRIES = 3;

/** The stage's menu: its kinds, a recovery code always last; the first is the default. */
async function choose(prompter: Prompter, stage: SignInStage, choices: AnswerKind[]): Promise<AnswerKind | null> {
  prompter.say(`Step ${stage.index + 1} of ${stage.count}. Sign in with:`);
  choices.forEach((k, i) => {
    prompter.say(`  ${i + 1}) ${LABELS[k]} [${k}]`);
  });
  for (;;) {
    const line = await prompter.ask('Choose [1]: ');
    if (line === null) return null;
    const typed = line.trim().toLowerCase();
    const picked = typed === '' ? choices[0] : (choices[Number(typed) - 1] ?? choices.find((k) => k === typed));
    if (picked) return picked;
    prompter.say(`Type a number from 1 to ${choices.length}, or a kind's name.`);
  }
}

export async function signinCommand(
  config: Config,
  who: { username: string } | { cardCode: string },
  prompter: Prompter,
): Promise<number> {
  const store = new OfflineStore(config.stateDir);
  // After a wrong answer the member chooses again, whatever the configuration prefers.
  let menu = false;
  const answers: Answers = {
    choose: (stage, offered) => {
      const preferred = menu ? undefined : config.kinds.find((k) => offered.includes(k));
      return preferred ? Promise.resolve(preferred) : choose(prompter, stage, [...offered, 'recovery']);
    },
    value: (kind) => prompter.ask(`${kind === 'passphrase' ? 'Key passphrase' : LABELS[kind]}: `, { secret: true }),
    tell: (message) => prompter.say(message),
    // The server bounds the attempts (then refuses the sign-in), as a credential provider lets one retype.
    again: () => {
      menu = true;
      return true;
    },
  };

  const api = workstationApi(config);
  let result: Awaited<ReturnType<typeof signInOnline>>;
  try {
    if ('username' in who && !(await reportUsed(api, store, who.username))) throw new Unreachable('no answer');
    result = await signInOnline(api, config, who, answers, (stage) => answerKinds(stage.kinds, config.keys));
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    prompter.say(`The server cannot be reached (${err.message}).`);
    return offline(store, who, prompter);
  }
  if (!result.ok) {
    prompter.say(`Sign-in refused: ${result.why}`);
    return 1;
  }
  // A card's holder is known by the member's name once signed in.
  const name = 'username' in who ? who.username : result.session.username;
  // The member is in: a state folder that cannot be written costs the offline copy, not the sign-in.
  if (config.offline)
    await keepMaterial(store, name, result).catch((err) => prompter.say(`Offline copy not kept: ${err.message}`));
  process.stdout.write(`${JSON.stringify({ ...result.session, offline: false })}\n`);
  return 0;
}

async function offline(
  store: OfflineStore,
  who: { username: string } | { cardCode: string },
  prompter: Prompter,
): Promise<number> {
  if (!('username' in who)) {
    prompter.say('A card cannot sign in offline: type your username.');
    return 1;
  }
  const entry = store.read(who.username);
  if (!entry) {
    prompter.say(`No offline sign-in for ${who.username} on this machine.`);
    return 1;
  }
  for (let i = 0; i < OFFLINE_TRIES; i++) {
    const code = await prompter.ask(`${LABELS[entry.material.kind]} (offline): `, { secret: true });
    if (code === null) return 1;
    const checked = await signInOffline(store, who.username, code);
    if (checked.ok) {
      const session = checked.entry.session;
      process.stdout.write(`${JSON.stringify({ ...session, amr: ['otp'], offline: true })}\n`);
      return 0;
    }
    if (checked.why !== 'wrong') {
      prompter.say(
        checked.why === 'expired'
          ? `The offline sign-in for ${who.username} has expired.`
          : `No offline sign-in for ${who.username} on this machine.`,
      );
      return 1;
    }
    prompter.say(`${LABELS[entry.material.kind]}: that was not right.`);
  }
  prompter.say('Sign-in refused.');
  return 1;
}
