/**
 * The app's proof of possession (contracts/device.ts): each call is signed by the device's
 * non-extractable ECDSA P-256 key, of which the server keeps only the public half. Checked with
 * node:crypto; WebCrypto signs r‖s (IEEE P1363), not DER.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { DEVICE_PROOF_SKEW_S, type DeviceProof, deviceSigningInput, fieldError } from '@portiere/contracts';
import { AppError } from '../../lib/errors.ts';

/** The device's public key (SPKI DER, base64url) as PEM, if it is a P-256 key; else 400. */
export function devicePublicKeyPem(spki: string): string {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(spki, 'base64url'), format: 'der', type: 'spki' });
  } catch {
    throw invalidKey();
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw invalidKey();
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

const invalidKey = () => new AppError(400, 'validation', undefined, { public_key: fieldError('invalid') });

/** Whether `proof` signs this call (method, path, the rest of the body) with the key, within the allowed skew. */
export function proofHolds(
  publicKeyPem: string,
  proof: DeviceProof,
  call: { method: string; path: string; payload: object },
  now: Date,
): boolean {
  if (Math.abs(now.getTime() - proof.signed_at) > DEVICE_PROOF_SKEW_S * 1000) return false;
  const input = deviceSigningInput(call.method, call.path, proof.signed_at, call.payload);
  try {
    return verify(
      'sha256',
      Buffer.from(input, 'utf8'),
      { key: publicKeyPem, dsaEncoding: 'ieee-p1363' },
      Buffer.from(proof.signature, 'base64url'),
    );
  } catch {
    return false;
  }
}
