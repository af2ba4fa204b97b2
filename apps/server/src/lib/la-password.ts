/** Passwords the server makes for login-assistant credentials (la setting force_password_generation). */
import { randomInt } from 'node:crypto';
import { LA_GENERATED_PASSWORD_LENGTH } from '@portiere/contracts';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@_';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/**
 * Uniformly random characters, with at least one of each class so that applications with
 * composition rules accept it; look-alike characters (l, I, O, 0, 1) are left out because a
 * member may have to read it.
 */
export function generateLaPassword(length = LA_GENERATED_PASSWORD_LENGTH): string {
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the classes' first characters are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
