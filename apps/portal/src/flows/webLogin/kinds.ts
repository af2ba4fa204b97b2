/** Which answers a stage offers on these pages. */
import type { CredentialType, SignInKind } from '@portiere/contracts';

/** The kinds a member answers here (recovery is offered apart, on every stage). */
export type AnswerKind = Exclude<SignInKind, 'recovery'>;

/**
 * A stage's credential kinds as answers: the app with biometry is approved on the phone like the
 * app; a key pair is a security key or passkey; a smartcard needs a workstation, so a browser
 * cannot offer it.
 */
export function answerKinds(kinds: readonly CredentialType[]): AnswerKind[] {
  const out: AnswerKind[] = [];
  for (const kind of kinds) {
    const answer = kind === 'app_biometry' ? 'app' : kind === 'smartcard' ? null : kind;
    if (answer && !out.includes(answer)) out.push(answer);
  }
  return out;
}
