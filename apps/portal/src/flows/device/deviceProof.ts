/**
 * The proof every device call carries (contracts device.ts): the credential's id, the time, and
 * the device key's signature over deviceSigningInput. The input is the contracts' own function,
 * so that the app signs the very bytes the server checks.
 */
import type { DeviceProof } from '@portiere/contracts';
import { deviceSigningInput } from '@portiere/contracts/deviceSigning';
import { toBase64url, utf8 } from './encoding';

/** What signing needs of an account. */
export interface Signer {
  id: string;
  privateKey: CryptoKey;
}

/**
 * `path` is the request's absolute path as the server sees it (`/api/v1/device/approvals/`);
 * `payload` the body without `device`. WebCrypto's ECDSA signature is r‖s, as the contract says.
 */
export async function deviceProof(
  signer: Signer,
  method: string,
  path: string,
  payload: object,
  now = Date.now(),
): Promise<DeviceProof> {
  const input = utf8(deviceSigningInput(method, path, now, payload));
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, input);
  return { id: signer.id, signed_at: now, signature: toBase64url(signature) };
}
