/** The web login calls (contracts webLogin.ts), bound to one interaction uid. */
import type {
  SIGNIN_SENT_KINDS,
  SignInKind,
  SignInRedirect,
  SignInSent,
  SignInState,
  SignInStepResult,
  WebAuthnAssertion,
  WebAuthnOptions,
} from '@portiere/contracts';
import { answer, client } from '../../lib/api';

export type SentKind = (typeof SIGNIN_SENT_KINDS)[number];
export type SignInApi = ReturnType<typeof signInApi>;

export function signInApi(uid: string) {
  const params = { path: { uid } };
  return {
    state: (signal?: AbortSignal): Promise<SignInState> =>
      answer(client.GET('/api/v1/signin/{uid}/', { params, signal })),
    identify: (username: string): Promise<SignInState> =>
      answer(client.POST('/api/v1/signin/{uid}/identify/', { params, body: { username } })),
    card: (cardCode: string): Promise<SignInState> =>
      answer(client.POST('/api/v1/signin/{uid}/card/', { params, body: { cardCode } })),
    send: (kind: SentKind): Promise<SignInSent> =>
      answer(client.POST('/api/v1/signin/{uid}/send/', { params, body: { kind } })),
    verify: (
      kind: SignInKind,
      value: string,
      signal?: AbortSignal,
      webauthn?: WebAuthnAssertion,
    ): Promise<SignInStepResult> =>
      answer(client.POST('/api/v1/signin/{uid}/verify/', { params, body: { kind, value, webauthn }, signal })),
    /** The options of a security key's answer (a challenge for this sign-in). */
    webauthnOptions: (): Promise<WebAuthnOptions> => answer(client.POST('/api/v1/signin/{uid}/webauthn/', { params })),
    abort: (): Promise<SignInRedirect> => answer(client.POST('/api/v1/signin/{uid}/abort/', { params })),
  };
}
