/** Reads what an uploaded public key or smartcard certificate says, refusing anything else. */
import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import { type FieldError, fieldError } from '@portiere/contracts';
import { AppError } from '../../lib/errors.ts';

/** A refused upload: the field and a catalogue key the console translates. */
export const invalid = (field: string, error: FieldError) =>
  new AppError(400, 'credentialInvalidInput', undefined, { [field]: error });

export function readPublicKey(pem: string | undefined): { publicKey: string; fingerprint: string } {
  if (!pem?.trim()) throw invalid('public_key', fieldError('required'));
  try {
    const key = createPublicKey(pem.trim());
    if (!['rsa', 'ec', 'ed25519', 'ed448'].includes(key.asymmetricKeyType ?? '')) throw new Error('type');
    if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      throw invalid('public_key', fieldError('rsaKeySize', { bits: 2048 }));
    }
    const der = key.export({ type: 'spki', format: 'der' });
    return {
      publicKey: key.export({ type: 'spki', format: 'pem' }).toString(),
      fingerprint: `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid('public_key', fieldError('publicKey'));
  }
}

export function readCertificate(pem: string | undefined) {
  if (!pem?.trim()) throw invalid('certificate', fieldError('required'));
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
    throw invalid('certificate', fieldError('certificate'));
  }
}
