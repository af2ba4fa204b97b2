/**
 * What a web sign-in signs the member in to: an OpenID provider interaction (oidcTarget.ts) or a
 * SAML service provider's request (saml/target.ts). The pages and the engine are the same; the
 * target says which application, until when, whether it asked for more than one factor, and what
 * happens at the end. Each target owns uids of its own form, so a uid names at most one.
 */
import type { ClientApp } from '../../oidc/clients.ts';

export interface SignInResult {
  login?: { accountId: string; amr: string[]; acr: string };
  error?: string;
  error_description?: string;
}

export interface SignInTarget {
  app: ClientApp;
  /** When the sign-in ends, on the real clock. */
  expiresAt: Date;
  /** The application accepts only a multi-factor sign-in. */
  multiFactor: boolean;
  /** Keeps the result; answers where the browser goes next. */
  conclude(result: SignInResult): Promise<string>;
  /** Ends the sign-in as aborted by the member; answers where the browser goes. */
  abort(): Promise<string>;
}

/** A live target for a uid, else null (unknown, expired or already concluded). */
export type SignInTargets = (uid: string) => Promise<SignInTarget | null>;
