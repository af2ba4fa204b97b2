/**
 * The browser's side of security keys and passkeys (@simplewebauthn/browser), for the enrolment
 * and sign-in pages: the authenticator asked with the server's options, and its silence (the
 * member cancelled, it timed out, no key) told apart from the server's refusals.
 */
import type { WebAuthnAssertion, WebAuthnOptions, WebAuthnRegistration } from '@portiere/contracts';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

export { browserSupportsWebAuthn } from '@simplewebauthn/browser';

/** The authenticator gave no answer: nothing reached the server. */
export class NoKeyAnswer extends Error {}

async function answered<T>(ask: () => Promise<unknown>): Promise<T> {
  try {
    return (await ask()) as T;
  } catch {
    throw new NoKeyAnswer();
  }
}

/** A new key made with creation options. */
export const registerKey = ({ options }: WebAuthnOptions) =>
  answered<WebAuthnRegistration>(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );

/** A key's signature of request options' challenge. */
export const signWithKey = ({ options }: WebAuthnOptions) =>
  answered<WebAuthnAssertion>(() =>
    startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );
