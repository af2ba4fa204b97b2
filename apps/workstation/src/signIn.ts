/**
 * The online sign-in, as a credential provider walks it: who signs in, then each stage of the
 * workstation flow answered with one of its kinds (a mail or SMS code sent first, the app asked
 * and polled, a key pair or smartcard signing a fresh challenge) until the server opens the
 * session. Who answers (a member at prompts, or PAM's one token) is the Answers given.
 */
import type { OfflineMaterial, SignInStage, WorkstationSession } from '@portiere/contracts';
import { ApiError, Unreachable, type WorkstationApi } from './api.ts';
import type { Config } from './config.ts';
import { type AnswerKind, isSentKind, isSignedKind, LABELS, type SentKind } from './kinds.ts';
import { KeyNeedsPassphrase, loadPrivateKey, signChallenge } from './signing.ts';

export interface Answers {
  /** The kind to answer the stage with, among `offered`; null: give up. */
  choose(stage: SignInStage, offered: AnswerKind[]): Promise<AnswerKind | null>;
  /** The value typed for `kind` (a password, PIN or code; a key's passphrase); null: give up. */
  value(kind: AnswerKind | 'passphrase'): Promise<string | null>;
  /** Something the member should read. */
  tell(message: string): void;
  /** After a wrong answer: whether to answer the stage again. */
  again(): boolean;
}

export type SignInResult =
  | { ok: true; session: WorkstationSession; offline: OfflineMaterial | null; kinds: AnswerKind[] }
  | { ok: false; why: string };

type Step = Awaited<ReturnType<WorkstationApi['verify']>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Thrown to end the walk with a reason (the member gave up, nothing could sign). */
class Stop extends Error {}

export async function signInOnline(
  api: WorkstationApi,
  config: Config,
  who: { username: string } | { cardCode: string },
  answers: Answers,
  offered: (stage: SignInStage) => AnswerKind[],
): Promise<SignInResult> {
  // Unreachable here propagates: the caller signs in offline instead.
  const started = await api.start(who);
  const id = started.id;
  let stage = started.stage;
  const proved: AnswerKind[] = [];
  const verify = (kind: AnswerKind, value: string) => api.verify(id, { kind, value, offline: config.offline });

  const sendFirst = async (kind: SentKind) => {
    try {
      const sent = await api.send(id, kind);
      if (sent.sent_to) answers.tell(kind === 'app' ? `Approve on ${sent.sent_to}.` : `Code sent to ${sent.sent_to}.`);
      // Number matching: the member picks this number in the app, so a stray request cannot be approved by reflex.
      if (kind === 'app' && sent.number !== null) answers.tell(`Pick ${sent.number} in the app.`);
    } catch (err) {
      // Sent less than a minute ago: the code (or request) already out still counts.
      if (!(err instanceof ApiError && err.code === 'signInResendTooSoon')) throw err;
      answers.tell(err.body.reason);
    }
  };

  const pollApp = async (): Promise<Step> => {
    const deadline = Date.now() + config.appTimeoutS * 1000;
    for (;;) {
      const step = await verify('app', '');
      if (step.done || !step.pending) return step;
      if (Date.now() >= deadline) throw new Stop('The app was not answered in time.');
      await sleep(1000);
    }
  };

  const signed = async (kind: 'keypair' | 'smartcard'): Promise<Step> => {
    const file = config.keys[kind];
    if (!file) throw new Stop(`No key file for ${kind} in the configuration.`);
    let key: ReturnType<typeof loadPrivateKey>;
    try {
      key = loadPrivateKey(file);
    } catch (err) {
      if (!(err instanceof KeyNeedsPassphrase)) throw err;
      const passphrase = await answers.value('passphrase');
      if (passphrase === null) throw new Stop('No passphrase.');
      key = loadPrivateKey(file, passphrase);
    }
    const { challenge } = await api.challenge(id, kind);
    return verify(kind, signChallenge(key, challenge));
  };

  const typed = async (kind: AnswerKind): Promise<Step> => {
    const value = await answers.value(kind);
    if (value === null) throw new Stop('No answer.');
    return verify(kind, value);
  };

  try {
    for (;;) {
      const kind = await answers.choose(stage, offered(stage));
      if (kind === null) return { ok: false, why: 'No answer.' };
      let step: Step;
      try {
        if (kind === 'app') {
          await sendFirst(kind);
          step = await pollApp();
        } else if (isSignedKind(kind)) step = await signed(kind);
        else {
          if (isSentKind(kind)) await sendFirst(kind);
          step = await typed(kind);
        }
      } catch (err) {
        // A wrong answer says nothing more (the server's rule against guessing): try again or stop.
        if (err instanceof ApiError && err.status === 401 && err.code === 'login') {
          answers.tell(`${LABELS[kind]}: that was not right.`);
          if (answers.again()) continue;
          return { ok: false, why: err.body.reason };
        }
        throw err;
      }
      proved.push(kind);
      if (step.done) return { ok: true, session: step.session, offline: step.offline, kinds: proved };
      if (step.pending) continue;
      stage = step.stage;
    }
  } catch (err) {
    if (err instanceof Stop) return { ok: false, why: err.message };
    // Begun online, it cannot end offline: the server holds the stages passed.
    if (err instanceof Unreachable) return { ok: false, why: `The server stopped answering: ${err.message}` };
    // Refusals once a first answer was right (blocked, expired identity, too many failures...).
    if (err instanceof ApiError) return { ok: false, why: err.body.reason };
    throw err;
  }
}
