/**
 * A software stand-in for a smartcard's PIN and PUK, so that the reference client can show the
 * unblock a real card does on its chip: the card makes a challenge, takes the answer only if it
 * is the challenge keyed by its PUK (HMAC-SHA256), and then a new PIN. The file holds what the
 * card's personalisation wrote: the PUK, the PIN's salted hash, the tries left.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';

interface CardFile {
  puk: string;
  pin_salt: string;
  pin_hash: string;
  /** Wrong PINs left; 0 is blocked. */
  tries_left: number;
}

/** PIN tries a card gives before it blocks. */
export const CARD_PIN_TRIES = 3;

const pinHash = (salt: string, pin: string) => createHash('sha256').update(`${salt}:${pin}`).digest('hex');

export class SoftCard {
  private constructor(
    private readonly file: string,
    private data: CardFile,
  ) {}

  static load(file: string): SoftCard {
    return new SoftCard(file, JSON.parse(fs.readFileSync(file, 'utf8')) as CardFile);
  }

  /** A card as personalisation leaves it: its PUK and transport PIN. */
  static personalise(file: string, puk: string, pin: string): SoftCard {
    const salt = randomBytes(8).toString('hex');
    const card = new SoftCard(file, { puk, pin_salt: salt, pin_hash: pinHash(salt, pin), tries_left: CARD_PIN_TRIES });
    card.save();
    return card;
  }

  get blocked(): boolean {
    return this.data.tries_left <= 0;
  }

  /** A PIN check as the card does it: a wrong one costs a try, and the last try blocks the card. */
  verifyPin(pin: string): boolean {
    if (this.blocked) return false;
    const ok = pinHash(this.data.pin_salt, pin) === this.data.pin_hash;
    this.data.tries_left = ok ? CARD_PIN_TRIES : this.data.tries_left - 1;
    this.save();
    return ok;
  }

  /** A fresh challenge for the unblock, hex. */
  challenge(): string {
    return randomBytes(16).toString('hex');
  }

  /** The unblock: the server's answer to `challenge` must be keyed by this card's PUK; then the new PIN holds. */
  unblock(challenge: string, response: string, newPin: string): boolean {
    const expected = createHmac('sha256', this.data.puk).update(Buffer.from(challenge, 'hex')).digest();
    const given = Buffer.from(response, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const salt = randomBytes(8).toString('hex');
    this.data = { ...this.data, pin_salt: salt, pin_hash: pinHash(salt, newPin), tries_left: CARD_PIN_TRIES };
    this.save();
    return true;
  }

  private save(): void {
    fs.writeFileSync(this.file, JSON.stringify(this.data), { mode: 0o600 });
  }
}
