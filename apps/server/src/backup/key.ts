/**
 * The instance secret key (SECRET_KEY_FILE, by default DATA_DIR/secret.key) that seals TOTP
 * secrets, SMS tokens and the signing key. A backup carries it (or, with --without-key, only its
 * fingerprint), because the sealed columns are useless without it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './errors.ts';

/** The key in the file, or undefined when there is no file. */
export function readKey(file: string): Buffer | undefined {
  if (!fs.existsSync(file)) return undefined;
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new BackupError(`The secret key file ${file} does not hold a 32-byte base64 key.`);
  return key;
}

/** A short public name for a key: a hash, so it reveals nothing about the key. */
export function fingerprint(key: Buffer): string {
  const hex = createHash('sha256').update('portiere-secret-key:').update(key).digest('hex').slice(0, 16);
  return hex.match(/.{4}/g)?.join(':') ?? hex;
}

/** Writes the key as SecretBox.fromFile reads it, readable by the owner only; never overwrites. */
export function writeKey(file: string, key: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
}
