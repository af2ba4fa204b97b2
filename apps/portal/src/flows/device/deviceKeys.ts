/**
 * The device's key pair: ECDSA P-256 made by WebCrypto with a NON-extractable private key, so
 * that no script (ours included) can read it out of the browser, and a copy of the app's storage
 * gives no one a key to sign with elsewhere. Only the public key leaves, at enrolment.
 */
import { toBase64url } from './encoding';

export const DEVICE_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export interface DeviceKey {
  privateKey: CryptoKey;
  /** SubjectPublicKeyInfo (DER), base64url: appEnrollRequestSchema's public_key. */
  publicKey: string;
}

export async function generateDeviceKey(): Promise<DeviceKey> {
  const pair = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, ['sign', 'verify']);
  // A pair's public key is always extractable; `false` above binds the private key only.
  const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
  return { privateKey: pair.privateKey, publicKey: toBase64url(spki) };
}
