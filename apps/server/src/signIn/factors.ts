/**
 * What a member's sign-in proved, as a channel hands it on (an ID token's claims, a RADIUS
 * reply's attributes): `amr` (RFC 8176 method references) for the kinds the member actually
 * passed, and `acr`, multi-factor when the kinds span two categories of factor (knowledge,
 * possession), else single-factor.
 *
 * RFC 8176 has no value for a mailed code: it is a one-time password (`otp`), as TOTP, HOTP and
 * a recovery code are. The app's approval arrives on a second channel, the member's phone (`mca`).
 */
import { ACR_MULTI_FACTOR, ACR_SINGLE_FACTOR, type ProvedKind } from '@portiere/contracts';

const AMR: Record<ProvedKind, string> = {
  password: 'pwd',
  pin: 'pin',
  totp: 'otp',
  hotp: 'otp',
  mail: 'otp',
  sms: 'sms',
  app: 'mca',
  recovery: 'otp',
  keypair: 'swk',
  security_key: 'hwk',
  smartcard: 'sc',
};

const FACTOR: Record<ProvedKind, 'knowledge' | 'possession'> = {
  password: 'knowledge',
  pin: 'knowledge',
  totp: 'possession',
  hotp: 'possession',
  mail: 'possession',
  sms: 'possession',
  app: 'possession',
  recovery: 'possession',
  keypair: 'possession',
  security_key: 'possession',
  smartcard: 'possession',
};

export function isMultiFactor(kinds: readonly ProvedKind[]): boolean {
  return new Set(kinds.map((k) => FACTOR[k])).size >= 2;
}

/** The `amr` and `acr` of the kinds proved, in order (each value once). */
export function authenticationOf(kinds: readonly ProvedKind[]): { amr: string[]; acr: string } {
  const multi = isMultiFactor(kinds);
  const amr = [...new Set(kinds.map((k) => AMR[k]))];
  return { amr: multi ? [...amr, 'mfa'] : amr, acr: multi ? ACR_MULTI_FACTOR : ACR_SINGLE_FACTOR };
}

/** The authentication context classes a channel may advertise (the OpenID provider's discovery). */
export const ACR_VALUES = [ACR_SINGLE_FACTOR, ACR_MULTI_FACTOR] as const;

/**
 * Whether a request's `acr_values` accept only the multi-factor class: then a single-factor
 * session is not enough, and a single-factor sign-in ends in an error. Values we do not know are
 * ignored, as acr_values are voluntary.
 */
export function requiresMultiFactor(acrValues: unknown): boolean {
  if (typeof acrValues !== 'string') return false;
  const asked = acrValues.split(' ').filter((v) => (ACR_VALUES as readonly string[]).includes(v));
  return asked.length > 0 && asked.every((v) => v === ACR_MULTI_FACTOR);
}
