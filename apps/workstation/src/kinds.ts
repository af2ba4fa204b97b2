/**
 * Which answers a stage's credential kinds become at a workstation (as the members' pages do on
 * the web, plus the signed kinds): the app with biometry is approved on the phone like the app,
 * and a recovery code is offered on every stage, as the server takes it on any (its presence
 * reveals nothing about the member).
 */
import type { CredentialType, WorkstationKind } from '@portiere/contracts';

export type AnswerKind = WorkstationKind;

/** Typed by the member: what a PAM token can be. */
export const TYPED_KINDS = ['password', 'pin', 'totp', 'hotp'] as const satisfies readonly AnswerKind[];
export type TypedKind = (typeof TYPED_KINDS)[number];
/** Sent first (POST send/): a code by mail or SMS, or a request to the app. */
export const SENT_KINDS = ['mail', 'sms', 'app'] as const satisfies readonly AnswerKind[];
export type SentKind = (typeof SENT_KINDS)[number];
/** Proved by signing the server's challenge with a private key. */
export const SIGNED_KINDS = ['keypair', 'smartcard'] as const satisfies readonly AnswerKind[];
export type SignedKind = (typeof SIGNED_KINDS)[number];

const ALL: readonly AnswerKind[] = [...TYPED_KINDS, ...SENT_KINDS, ...SIGNED_KINDS, 'recovery'];

export const isAnswerKind = (k: string): k is AnswerKind => (ALL as readonly string[]).includes(k);
export const isTypedKind = (k: string): k is TypedKind => (TYPED_KINDS as readonly string[]).includes(k);
export const isSentKind = (k: string): k is SentKind => (SENT_KINDS as readonly string[]).includes(k);
export const isSignedKind = (k: string): k is SignedKind => (SIGNED_KINDS as readonly string[]).includes(k);

/** What a prompt calls each kind. */
export const LABELS: Record<AnswerKind, string> = {
  password: 'Password',
  pin: 'PIN',
  totp: 'Authenticator code',
  hotp: 'Token code',
  mail: 'Code sent by mail',
  sms: 'Code sent by SMS',
  app: 'Approve on the app',
  recovery: 'Recovery code',
  keypair: 'Key pair',
  smartcard: 'Smartcard',
};

/**
 * A stage's kinds as answers here, in the flow's order; a signed kind only when this machine has
 * its key file (without it nothing could sign the challenge).
 */
export function answerKinds(kinds: readonly CredentialType[], keys: { keypair?: string; smartcard?: string }) {
  const out: AnswerKind[] = [];
  for (const kind of kinds) {
    const answer: AnswerKind = kind === 'app_biometry' ? 'app' : kind;
    if (isSignedKind(answer) && !keys[answer]) continue;
    if (!out.includes(answer)) out.push(answer);
  }
  return out;
}
