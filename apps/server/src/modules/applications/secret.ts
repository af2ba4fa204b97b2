/** Client ids and secrets: random, high entropy; only the secret's SHA-256 is kept. */
import { createHash, randomBytes } from 'node:crypto';

/** 24 url-safe characters (144 random bits). */
export const newClientId = (): string => randomBytes(18).toString('base64url');

/** A 32-byte random secret, shown once, and the hex SHA-256 stored in its place. */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashClientSecret(secret) };
}

export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
