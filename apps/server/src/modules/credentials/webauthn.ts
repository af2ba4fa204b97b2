/**
 * The relying party of security keys and passkeys (contracts/webauthn.ts), over
 * @simplewebauthn/server: the options a browser needs and the checks of what it gives back. No
 * CBOR, COSE or attestation code of our own.
 *
 * Challenges keep no state on the server: each is an expiry and a nonce with a keyed MAC that
 * binds them to the scope that asked (`enroll:<member>`, `signin:<uid>`), so a challenge answers
 * only there and only for WEBAUTHN_CHALLENGE_S.
 */
import { randomBytes } from 'node:crypto';
import { WEBAUTHN_CHALLENGE_S, type WebAuthnAssertion, type WebAuthnRegistration } from '@portiere/contracts';
import type {
  AuthenticatorTransport,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { type SecretBox, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { GroupRow } from '../members/allowed-kinds.ts';
import type { CredentialRow } from './mapper.ts';

/**
 * @simplewebauthn/server (with its ASN.1 and X.509 packages) takes about 0.2 s to load: loaded
 * with the first key ceremony, not at every start of the server.
 */
let loaded: Promise<typeof import('@simplewebauthn/server')> | undefined;
function library() {
  loaded ??= import('@simplewebauthn/server');
  return loaded;
}

/** What a registration stores on the credential. */
export interface RegisteredKey {
  webauthnId: string;
  cosePublicKey: string;
  counter: number;
  aaguid: string;
  params: { transports: string; synced: number };
}

/** The outcome of checking an assertion against its credential. */
export type AssertionCheck = { ok: true; counter: number; synced: boolean } | { ok: false; cloned: boolean };

/** Whether a member's group asks for user verification (a PIN or biometry on the key itself). */
export type UserVerification = 'required' | 'preferred';

/** A group that asks for biometry on the app asks for user verification on keys too. */
export const userVerificationOf = (group: GroupRow | null): UserVerification =>
  group && group.appCredentialBiometry !== 'none' ? 'required' : 'preferred';

/** The scope of a member's registration challenges. */
export const enrollScope = (memberId: string) => `enroll:${memberId}`;

const transportsOf = (row: Pick<CredentialRow, 'params'>): AuthenticatorTransport[] => {
  const t = row.params?.transports;
  return typeof t === 'string' && t ? (t.split(',') as AuthenticatorTransport[]) : [];
};

/** The security keys among `rows`, as the options name them. */
const descriptorsOf = (rows: CredentialRow[]) =>
  rows.flatMap((r) => (r.webauthnId ? [{ id: r.webauthnId, transports: transportsOf(r) }] : []));

export class WebAuthnRp {
  readonly id: string;
  readonly origin: string;

  constructor(
    private readonly box: SecretBox,
    publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    const url = new URL(publicUrl);
    this.id = url.hostname;
    this.origin = url.origin;
  }

  /** A fresh challenge good for `scope` only. */
  challenge(scope: string): string {
    const expires = Math.floor(this.now().getTime() / 1000) + WEBAUTHN_CHALLENGE_S;
    const body = `${expires}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${this.box.hmac(`webauthn:${scope}:${body}`)}`;
  }

  /** Whether the challenge the browser signed (base64url of ours) was given for `scope` and is still good. */
  private answers(scope: string) {
    return (signed: string): boolean => {
      const text = Buffer.from(signed, 'base64url').toString('utf8');
      const [expires, nonce, mac] = text.split('.');
      if (!expires || !nonce || !mac) return false;
      if (Number(expires) * 1000 < this.now().getTime()) return false;
      return safeEqual(mac, this.box.hmac(`webauthn:${scope}:${expires}.${nonce}`));
    };
  }

  /** Options for `navigator.credentials.create`: a discoverable key, so that it can answer before the member is known. */
  async creationOptions(
    scope: string,
    user: { id: string; name: string; displayName: string },
    existing: CredentialRow[],
    userVerification: UserVerification,
    /** The smartphone app asks for the phone's own authenticator. */
    attachment?: 'platform',
  ) {
    const { generateRegistrationOptions } = await library();
    return generateRegistrationOptions({
      rpName: 'Portiere',
      rpID: this.id,
      userID: new TextEncoder().encode(user.id),
      userName: user.name,
      userDisplayName: user.displayName,
      challenge: this.challenge(scope),
      attestationType: 'none',
      excludeCredentials: descriptorsOf(existing),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification,
        ...(attachment ? { authenticatorAttachment: attachment } : {}),
      },
      timeout: WEBAUTHN_CHALLENGE_S * 1000,
    });
  }

  /** Checks a registration made with creationOptions(scope); 422 webauthnRefused when it does not hold. */
  async register(
    scope: string,
    response: WebAuthnRegistration,
    userVerification: UserVerification,
  ): Promise<RegisteredKey> {
    const { verifyRegistrationResponse } = await library();
    let verified: VerifiedRegistrationResponse;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: this.answers(scope),
        expectedOrigin: this.origin,
        expectedRPID: this.id,
        requireUserVerification: userVerification === 'required',
      });
    } catch {
      throw new AppError(422, 'webauthnRefused');
    }
    if (!verified.verified) throw new AppError(422, 'webauthnRefused');
    const info = verified.registrationInfo;
    return {
      webauthnId: info.credential.id,
      cosePublicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      aaguid: info.aaguid,
      params: {
        transports: (response.response.transports ?? []).join(','),
        synced: info.credentialDeviceType === 'multiDevice' ? 1 : 0,
      },
    };
  }

  /** Options for `navigator.credentials.get`: the keys named, or (before the member is known) any discoverable one. */
  async requestOptions(scope: string, allow: CredentialRow[], userVerification: UserVerification = 'preferred') {
    const { generateAuthenticationOptions } = await library();
    return generateAuthenticationOptions({
      rpID: this.id,
      challenge: this.challenge(scope),
      allowCredentials: descriptorsOf(allow),
      userVerification,
      timeout: WEBAUTHN_CHALLENGE_S * 1000,
    });
  }

  /**
   * Checks an assertion against the credential it names. A good signature whose counter did not
   * move forward (where the key counts at all) means the key exists twice: refused, and said to
   * be a clone. The library checks the counter before the signature, where a forged answer could
   * pass for a clone, so it is given none and the counter is compared here, after.
   */
  async assert(
    row: CredentialRow,
    response: WebAuthnAssertion,
    scope: string,
    userVerification: UserVerification,
  ): Promise<AssertionCheck> {
    if (!row.webauthnId || !row.cosePublicKey || response.id !== row.webauthnId) return { ok: false, cloned: false };
    const { verifyAuthenticationResponse } = await library();
    let checked: VerifiedAuthenticationResponse;
    try {
      checked = await verifyAuthenticationResponse({
        response,
        expectedChallenge: this.answers(scope),
        expectedOrigin: this.origin,
        expectedRPID: this.id,
        credential: {
          id: row.webauthnId,
          publicKey: new Uint8Array(Buffer.from(row.cosePublicKey, 'base64url')),
          counter: 0,
          transports: transportsOf(row),
        },
        requireUserVerification: userVerification === 'required',
      });
    } catch {
      return { ok: false, cloned: false };
    }
    if (!checked.verified) return { ok: false, cloned: false };
    const counter = checked.authenticationInfo.newCounter;
    if ((counter > 0 || row.counter > 0) && counter <= row.counter) return { ok: false, cloned: true };
    return { ok: true, counter, synced: checked.authenticationInfo.credentialDeviceType === 'multiDevice' };
  }
}

/** A JSON answer that is an assertion (the web's keypair answer), else null. */
export function assertionOf(value: string): WebAuthnAssertion | null {
  if (!value.startsWith('{')) return null;
  try {
    return JSON.parse(value) as WebAuthnAssertion;
  } catch {
    return null;
  }
}
