/**
 * Signing in without the server: the typed code is checked against the few argon2id hashes its
 * counter or the clock points to, never against the whole file (each check costs a full hash,
 * which is also what makes guessing from a stolen file slow). A code that matched is spent with
 * every value before it, as a token's counter moves only forward.
 */
import { verify } from '@node-rs/argon2';
import type { OfflineEntry, OfflineStore } from './store.ts';

/** HOTP: how many counters past the last used one a token may have moved (presses never typed). */
export const HOTP_LOOK_AHEAD = 10;
/** TOTP: steps either side of now, for clocks that differ a little. */
export const TOTP_SKEW_STEPS = 1;

export type OfflineResult =
  | { ok: true; entry: OfflineEntry; at: number }
  | { ok: false; why: 'none' | 'expired' | 'wrong' };

/** The values a code may match now: their counter or step, and hash. */
export function candidates(entry: OfflineEntry, now: Date): { at: number; hash: string }[] {
  const { material, used } = entry;
  const unused = material.values.filter((v) => used === null || v.at > used).sort((a, b) => a.at - b.at);
  if (material.kind === 'hotp') {
    const first = used === null ? (unused[0]?.at ?? 0) : used + 1;
    return unused.filter((v) => v.at >= first && v.at < first + HOTP_LOOK_AHEAD);
  }
  const step = Math.floor(now.getTime() / 1000 / material.period);
  return unused.filter((v) => Math.abs(v.at - step) <= TOTP_SKEW_STEPS);
}

async function matches(hash: string, code: string): Promise<boolean> {
  try {
    return await verify(hash, code);
  } catch {
    return false;
  }
}

/**
 * Checks `code` for the member `name` against the stored material, and spends it when right.
 * Expired material is deleted, as the server would refuse it anyway.
 */
export async function signInOffline(store: OfflineStore, name: string, code: string, now = new Date()) {
  return store.locked(name, async (): Promise<OfflineResult> => {
    const entry = store.read(name);
    if (!entry) return { ok: false, why: 'none' };
    if (!(Date.parse(entry.material.expires_at) > now.getTime())) {
      store.delete(name);
      return { ok: false, why: 'expired' };
    }
    const typed = code.trim();
    if (!new RegExp(`^\\d{${entry.material.digits}}$`).test(typed)) return { ok: false, why: 'wrong' };
    const list = candidates(entry, now);
    // All checked, in parallel on libuv's threads: the time says nothing about which one matched.
    const results = await Promise.all(list.map((v) => matches(v.hash, typed)));
    const hit = list.find((_, i) => results[i]);
    if (!hit) return { ok: false, why: 'wrong' };
    const spent: OfflineEntry = {
      ...entry,
      used: hit.at,
      material: { ...entry.material, values: entry.material.values.filter((v) => v.at > hit.at) },
    };
    store.write(spent);
    return { ok: true, entry: spent, at: hit.at };
  });
}

/**
 * After an online sign-in: keeps the material the server gave (replacing what was kept, whose
 * refill token the server has just renewed), or deletes the copy when it gave none. A TOTP code
 * typed online counts as used here: the material starts at the server's current step, so without
 * this the same code, seen over a shoulder, would open the machine offline for another minute.
 */
export async function keepMaterial(
  store: OfflineStore,
  name: string,
  result: { session: OfflineEntry['session']; offline: OfflineEntry['material'] | null; kinds: string[] },
  now = new Date(),
): Promise<void> {
  await store.locked(name, async () => {
    const material = result.offline;
    if (!material) {
      store.delete(name);
      return;
    }
    const step = material.kind === 'totp' ? Math.floor(now.getTime() / 1000 / material.period) : null;
    store.write({
      version: 1,
      name,
      material,
      used: step !== null && result.kinds.includes('totp') ? step : null,
      session: result.session,
      stored_at: now.toISOString(),
    });
  });
}
