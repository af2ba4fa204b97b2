/** TOTP (RFC 6238) and HOTP (RFC 4226) with the customer's parameters, via otpauth. */
import { HOTP, Secret, TOTP } from 'otpauth';

export type Algorithm = 'SHA1' | 'SHA256' | 'SHA512';
const SECRET_BYTES: Record<Algorithm, number> = { SHA1: 20, SHA256: 32, SHA512: 64 };

export function newSecret(algorithm: Algorithm): string {
  return new Secret({ size: SECRET_BYTES[algorithm] }).base32;
}

export interface TotpParams {
  algorithm: Algorithm;
  digits: number;
  period: number;
  /** Steps the device's clock is ahead of ours (negative: behind); a hardware token's resync sets it. */
  drift?: number;
}
export interface HotpParams {
  algorithm: Algorithm;
  digits: number;
  window: number;
}

export function totpUri(secret: string, p: TotpParams, label: string, issuer: string): string {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), ...p }).toString();
}
export function hotpUri(secret: string, p: HotpParams, label: string, issuer: string, counter: number): string {
  const { window: _w, ...rest } = p;
  return new HOTP({ issuer, label, secret: Secret.fromBase32(secret), counter, ...rest }).toString();
}

/**
 * The time step a TOTP code belongs to (±1 step for clock drift), or null.
 * Callers refuse a step at or below the last accepted one, so a code works once.
 */
export function totpMatchStep(secret: string, p: TotpParams, token: string, now: Date): number | null {
  const { drift = 0, ...params } = p;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), ...params });
  // The device's time: steps are counted on its clock, so the last accepted one stays comparable.
  const at = now.getTime() + drift * p.period * 1000;
  const delta = totp.validate({ token, timestamp: at, window: 1 });
  if (delta === null) return null;
  return Math.floor(at / 1000 / p.period) + delta;
}

/** The counter a HOTP code matches within the look-ahead window, or null. */
export function hotpMatchCounter(secret: string, p: HotpParams, token: string, counter: number): number | null {
  const hotp = new HOTP({ secret: Secret.fromBase32(secret), algorithm: p.algorithm, digits: p.digits });
  for (let c = counter; c <= counter + p.window; c++) {
    if (hotp.generate({ counter: c }) === token) return c;
  }
  return null;
}

export function totpAt(secret: string, p: TotpParams, at: Date): string {
  const { drift: _d, ...params } = p;
  return new TOTP({ secret: Secret.fromBase32(secret), ...params }).generate({ timestamp: at.getTime() });
}

export function hotpAt(secret: string, p: HotpParams, counter: number): string {
  return new HOTP({ secret: Secret.fromBase32(secret), algorithm: p.algorithm, digits: p.digits }).generate({
    counter,
  });
}
