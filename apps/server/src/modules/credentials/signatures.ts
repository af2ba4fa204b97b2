/**
 * A key pair's or smartcard's answer at a workstation: a signature of the server's challenge,
 * checked against the registered public key or the certificate's. RSA and EC sign its SHA-256
 * (RSA as PKCS #1 v1.5, what a card's CKM_SHA256_RSA_PKCS gives; EC as DER, or as the raw r||s a
 * PKCS #11 token gives), Ed25519 and Ed448 the bytes themselves.
 */
import { createPublicKey, type KeyObject, verify, X509Certificate } from 'node:crypto';

function keyOf(pem: string, isCertificate: boolean): KeyObject | null {
  try {
    return isCertificate ? new X509Certificate(pem).publicKey : createPublicKey(pem);
  } catch {
    return null;
  }
}

/** Whether `signature` (base64) signs `challenge` (base64) with the key of `pem`. */
export function verifiesChallenge(pem: string, isCertificate: boolean, challenge: string, signature: string): boolean {
  const key = keyOf(pem, isCertificate);
  if (!key || !challenge || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature)) return false;
  const data = Buffer.from(challenge, 'base64');
  const sig = Buffer.from(signature, 'base64');
  const type = key.asymmetricKeyType;
  try {
    if (type === 'ed25519' || type === 'ed448') return verify(null, data, key, sig);
    if (type === 'ec')
      return (
        verify('sha256', data, { key, dsaEncoding: 'der' }, sig) ||
        verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, sig)
      );
    return verify('sha256', data, key, sig);
  } catch {
    return false;
  }
}
