/**
 * Resynchronisation of a drifted token: two codes the token showed one after the other, found
 * far beyond the sign-in's look-ahead. Two consecutive codes by chance in the window is about
 * window / 10^(2 x digits): one code alone could be guessed, a pair cannot.
 */
import { HOTP_RESYNC_WINDOW, TOTP_RESYNC_STEPS } from '@portiere/contracts';
import { type Algorithm, hotpAt, totpAt } from '../credentials/otp.ts';

/** The HOTP counter to expect next (after code2), or null. */
export function hotpResync(
  secret: string,
  p: { algorithm: Algorithm; digits: number },
  from: number,
  code1: string,
  code2: string,
): number | null {
  const params = { ...p, window: 0 };
  for (let c = from; c <= from + HOTP_RESYNC_WINDOW; c++) {
    if (hotpAt(secret, params, c) === code1 && hotpAt(secret, params, c + 1) === code2) return c + 2;
  }
  return null;
}

/**
 * The TOTP drift, in steps, that makes code2 the token's current code (code1 the one before),
 * searched nearest first up to TOTP_RESYNC_STEPS either way; and code2's step, which becomes
 * the last accepted one. Null when the pair is nowhere.
 */
export function totpResync(
  secret: string,
  p: { algorithm: Algorithm; digits: number; period: number },
  now: Date,
  code1: string,
  code2: string,
): { drift: number; step: number } | null {
  const params = { algorithm: p.algorithm, digits: p.digits, period: p.period };
  const current = Math.floor(now.getTime() / 1000 / p.period);
  const at = (step: number) => totpAt(secret, params, new Date(step * p.period * 1000));
  for (let d = 0; d <= TOTP_RESYNC_STEPS; d++) {
    for (const drift of d === 0 ? [0] : [d, -d]) {
      const step = current + drift;
      if (at(step) === code2 && at(step - 1) === code1) return { drift, step };
    }
  }
  return null;
}
