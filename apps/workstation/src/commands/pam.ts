/**
 * `pam`: a PAM authentication step through pam_exec with `expose_authtok`. PAM_USER names the
 * member and stdin carries the one token PAM collected (NUL-terminated by pam_exec, or a line):
 * online it answers the flow's first stage (config pam.kind, else the stage's first typed kind),
 * so the workstation flow for PAM logins has one stage (a code, or a password); when the server
 * cannot be reached the member's offline code is checked instead. Exit 0 lets the login
 * through. Nothing is asked, and neither the token nor a code is ever printed.
 */
import { Unreachable, workstationApi } from '../api.ts';
import type { Config } from '../config.ts';
import { answerKinds, isTypedKind, type TypedKind } from '../kinds.ts';
import { keepMaterial, signInOffline } from '../offline.ts';
import { reportUsed } from '../refill.ts';
import { type Answers, signInOnline } from '../signIn.ts';
import { OfflineStore } from '../store.ts';

/** PAM's token is at most PAM_MAX_RESP_SIZE (512) bytes; anything far longer is not one. */
const MAX_TOKEN = 4096;

/** The token on stdin: up to its NUL (pam_exec) or line end, read once either arrives or stdin ends. */
export async function readToken(input: NodeJS.ReadableStream, timeoutMs = 10_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      input.off('data', onData);
      input.off('end', done);
      input.off('error', done);
      input.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (chunk.includes(0) || chunk.includes(10) || size > MAX_TOKEN) done();
    };
    const timer = setTimeout(done, timeoutMs);
    input.on('data', onData);
    input.on('end', done);
    input.on('error', done);
  });
  const raw = Buffer.concat(chunks).subarray(0, MAX_TOKEN);
  const nul = raw.indexOf(0);
  return (nul >= 0 ? raw.subarray(0, nul) : raw).toString('utf8').replace(/\r?\n$/, '');
}

export async function pamCommand(config: Config, env: NodeJS.ProcessEnv, input: NodeJS.ReadableStream) {
  const log = (message: string) => process.stderr.write(`portiere-workstation: ${message}\n`);
  const name = env.PAM_USER?.trim();
  if (!name) {
    log('PAM_USER is not set: run me from pam_exec');
    return 2;
  }
  // expose_authtok gives the token to the auth step only.
  if (env.PAM_TYPE && env.PAM_TYPE !== 'auth') {
    log(`only the auth step is handled, not ${env.PAM_TYPE}`);
    return 1;
  }
  const token = await readToken(input);
  if (!token) {
    log('no token on stdin (is expose_authtok set?)');
    return 1;
  }

  let stages = 0;
  const answers: Answers = {
    choose: async (_stage, offered) => {
      if (stages++ > 0) {
        log('the workstation flow asks for more than one answer; PAM gives one');
        return null;
      }
      const typed = offered.filter((k): k is TypedKind => isTypedKind(k));
      const kind = config.pamKind && typed.includes(config.pamKind) ? config.pamKind : typed[0];
      if (!kind) log("the flow's first stage takes nothing typed");
      return kind ?? null;
    },
    value: async () => token,
    tell: () => {},
    again: () => false,
  };

  const store = new OfflineStore(config.stateDir);
  const api = workstationApi(config);
  try {
    if (!(await reportUsed(api, store, name))) throw new Unreachable('no answer');
    const result = await signInOnline(api, config, { username: name }, answers, (stage) =>
      answerKinds(stage.kinds, {}),
    );
    if (!result.ok) {
      log(`refused: ${result.why}`);
      return 1;
    }
    // The member is in: a state folder that cannot be written costs the offline copy, not the login.
    if (config.offline)
      await keepMaterial(store, name, result).catch((err) => log(`offline copy not kept: ${err.message}`));
    return 0;
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
  }
  const checked = await signInOffline(store, name, token);
  if (checked.ok) return 0;
  log(
    `refused offline: ${checked.why === 'wrong' ? 'wrong code' : checked.why === 'expired' ? 'expired' : 'no offline sign-in here'}`,
  );
  return 1;
}
