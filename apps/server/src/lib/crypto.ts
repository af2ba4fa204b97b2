/** Secrets at rest: AES-256-GCM with the instance key; hashes for tokens and codes. */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The instance secret key must be 32 bytes');
  }

  /**
   * Loads the key file, creating it (mode 0600) on first start. Written aside and then linked
   * into place, so processes starting together on one key file all read the one complete key.
   */
  static fromFile(file: string): SecretBox {
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      fs.writeFileSync(aside, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      try {
        fs.linkSync(aside, file);
      } catch (err) {
        // Another process made it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        fs.rmSync(aside, { force: true });
      }
    }
    return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
  }

  /** Output: base64url(iv).base64url(tag).base64url(ciphertext). */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  decrypt(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('Malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  /** Keyed hash for low-entropy secrets (6-digit codes): useless without the instance key. */
  hmac(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
}

/** A high-entropy opaque token for clients, and the hash we keep. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += randomInt(0, 10).toString();
  return out;
}
