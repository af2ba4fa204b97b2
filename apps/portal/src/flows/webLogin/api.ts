/** The web login calls (contracts webLogin.ts), bound to one interaction uid. */
import type {
  SIGNIN_SENT_KINDS,
  SignInKind,
  SignInRedirect,
  SignInSent,
  SignInState,
  SignInStepResult,
} from '@portiere/contracts';
import { request, seg } from '../../lib/api';

export type SentKind = (typeof SIGNIN_SENT_KINDS)[number];
export type SignInApi = ReturnType<typeof signInApi>;

export function signInApi(uid: string) {
  const base = `signin/${seg(uid)}/`;
  return {
    state: (signal?: AbortSignal) => request<SignInState>('GET', base, undefined, signal),
    identify: (username: string) => request<SignInState>('POST', `${base}identify/`, { username }),
    card: (cardCode: string) => request<SignInState>('POST', `${base}card/`, { cardCode }),
    send: (kind: SentKind) => request<SignInSent>('POST', `${base}send/`, { kind }),
    verify: (kind: SignInKind, value: string, signal?: AbortSignal) =>
      request<SignInStepResult>('POST', `${base}verify/`, { kind, value }, signal),
    abort: () => request<SignInRedirect>('POST', `${base}abort/`),
  };
}
