/** Reads what an uploaded public key or smartcard certificate says, refusing anything else. */
import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

const invalid = (field: string, message: string) =>
  new AppError(400, 'credentialInvalidInput', undefined, { [field]: { key: 'invalid', message } });

export function readPublicKey(pem: string | undefined): { publicKey: string; fingerprint: string } {
  if (!pem?.trim()) throw invalid('public_key', 'This field is required.');
  try {
    const key = createPublicKey(pem.trim());
    if (!['rsa', 'ec', 'ed25519', 'ed448'].includes(key.asymmetricKeyType ?? '')) throw new Error('type');
    if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      throw invalid('public_key', 'RSA keys must have at least 2048 bits.');
    }
    const der = key.export({ type: 'spki', format: 'der' });
    return {
      publicKey: key.export({ type: 'spki', format: 'pem' }).toString(),
      fingerprint: `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid('public_key', 'This is not a valid PEM public key (RSA, EC or Ed25519).');
  }
}

export function readCertificate(pem: string | undefined) {
  if (!pem?.trim()) throw invalid('certificate', 'This field is required.');
  try {
    const cert = new X509Certificate(pem.trim());
    return {
      certificate: cert.toString(),
      subject: cert.subject.replaceAll('\n', ', '),
      issuer: cert.issuer.replaceAll('\n', ', '),
      validTo: new Date(cert.validTo),
      fingerprint: `SHA256:${cert.fingerprint256}`,
    };
  } catch {
    throw invalid('certificate', 'This is not a valid PEM X.509 certificate.');
  }
}
