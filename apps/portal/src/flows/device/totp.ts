/**
 * The account's offline codes (RFC 6238 TOTP) computed with WebCrypto's HMAC. The secret, given
 * once at enrolment, is imported straight away as a non-extractable HMAC key: it is kept (in
 * IndexedDB) only as a key the browser signs with and never hands back, and the app's bundle
 * takes no OTP library.
 */
import type { DeviceTotp } from '@portiere/contracts';
import { fromBase32 } from './encoding';

const HASHES: Record<DeviceTotp['algorithm'], string> = { SHA1: 'SHA-1', SHA256: 'SHA-256', SHA512: 'SHA-512' };

/** The offline codes' parameters, with the secret held as a key. */
export interface TotpKey {
  key: CryptoKey;
  digits: number;
  period: number;
  algorithm: DeviceTotp['algorithm'];
}

export async function importTotp({ secret, digits, period, algorithm }: DeviceTotp): Promise<TotpKey> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase32(secret),
    { name: 'HMAC', hash: HASHES[algorithm] },
    false,
    ['sign'],
  );
  return { key, digits, period, algorithm };
}

/** The time step `now` (ms) falls in. */
export const totpStep = (period: number, now: number) => Math.floor(now / 1000 / period);

/** The code of the time step `now` falls in (RFC 4226's dynamic truncation). */
export async function totpCode({ key, digits, period }: TotpKey, now = Date.now()): Promise<string> {
  const step = totpStep(period, now);
  const counter = new Uint8Array(8);
  const view = new DataView(counter.buffer);
  view.setUint32(0, Math.floor(step / 2 ** 32));
  view.setUint32(4, step >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}
