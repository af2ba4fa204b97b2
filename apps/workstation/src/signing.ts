/**
 * A key pair's or smartcard's answer: the server's challenge signed with the private key, as the
 * server checks it (credentials/signatures.ts): Ed25519 and Ed448 sign the bytes themselves, RSA
 * (PKCS #1 v1.5) and EC (DER) their SHA-256.
 */
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import fs from 'node:fs';

export class KeyNeedsPassphrase extends Error {}

/** The private key in `file` (PEM or DER, PKCS #8 or the key type's own format). */
export function loadPrivateKey(file: string, passphrase?: string): KeyObject {
  const data = fs.readFileSync(file);
  const pem = data.includes('-----BEGIN');
  try {
    return createPrivateKey(
      pem ? { key: data, format: 'pem', passphrase } : { key: data, format: 'der', type: 'pkcs8', passphrase },
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (!passphrase && (code === 'ERR_MISSING_PASSPHRASE' || /passphrase/i.test((err as Error).message)))
      throw new KeyNeedsPassphrase(`${file} is encrypted`);
    throw err;
  }
}

/** The signature (base64) of the challenge's bytes (base64). */
export function signChallenge(key: KeyObject, challenge: string): string {
  const data = Buffer.from(challenge, 'base64');
  const type = key.asymmetricKeyType;
  const digest = type === 'ed25519' || type === 'ed448' ? null : 'sha256';
  return sign(digest, data, key).toString('base64');
}
