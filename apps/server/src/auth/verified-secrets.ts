/**
 * A short memory of secrets already verified against their argon2id hash (API keys, workstation
 * keys): their row is still read on every request, so a reset or a revocation refuses the very
 * next call; only the costly hash verification is remembered, keyed by a SHA-256 of the whole
 * key AND the stored hash, for a minute, at most VERIFIED_MAX at once (oldest out first).
 */
import { createHash } from 'node:crypto';
import { verifyPassword } from '../lib/passwords.ts';

const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

export class VerifiedSecrets {
  /** sha256(key) + stored hash -> when the memory of its verification ends. */
  private readonly verified = new Map<string, number>();

  /** Whether `secret`, part of `key`, matches `storedHash` (remembered when it does). */
  async check(key: string, secret: string, storedHash: string): Promise<boolean> {
    const memo = `${createHash('sha256').update(key).digest('base64url')}:${storedHash}`;
    const at = Date.now();
    const until = this.verified.get(memo);
    if (until !== undefined && until > at) return true;
    if (!(await verifyPassword(storedHash, secret))) return false;
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_MAX) {
      for (const [k, end] of this.verified)
        if (end <= at || this.verified.size >= VERIFIED_MAX) this.verified.delete(k);
    }
    this.verified.delete(memo);
    this.verified.set(memo, at + VERIFIED_TTL_MS);
    return true;
  }
}
