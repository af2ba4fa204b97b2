/**
 * One member's refill: the file's refill token spent for fresh material, telling the server the
 * last HOTP counter used here offline (the server's counter moves past it, so those codes are
 * refused online from then on). What the server no longer gives (revoked by an operator,
 * expired, the member or credential gone) is deleted at once.
 */
import { ApiError, Unreachable, type WorkstationApi } from './api.ts';
import type { OfflineEntry, OfflineStore } from './store.ts';

export type RefillOutcome = 'refilled' | 'deleted' | 'unreachable' | 'error';

export function refillEntry(api: WorkstationApi, store: OfflineStore, name: string) {
  return store.locked(name, async (): Promise<[RefillOutcome, string?]> => {
    // Read under the lock: an offline sign-in may have spent a code meanwhile.
    const entry = store.read(name);
    if (!entry) return ['deleted'];
    const { material, used } = entry;
    const told = material.kind === 'hotp' ? used : null;
    try {
      const fresh = await api.refill(material.refill_token, told);
      // `used` stays: every new value lies past it, and a spent TOTP step stays spent.
      store.write({ ...entry, material: fresh, reported: told, stored_at: new Date().toISOString() });
      return ['refilled', `${fresh.values.length} values until ${fresh.expires_at}`];
    } catch (err) {
      if (err instanceof ApiError && err.code === 'workstationOfflineGone') {
        store.delete(name);
        return ['deleted', err.body.reason];
      }
      if (err instanceof Unreachable) return ['unreachable', err.message];
      if (err instanceof ApiError) return ['error', `${err.status} ${err.code}`];
      throw err;
    }
  });
}

/** Whether the server has yet to hear of HOTP codes used here offline. */
export function unreported(entry: OfflineEntry | null): boolean {
  return !!entry && entry.material.kind === 'hotp' && entry.used !== null && entry.used !== (entry.reported ?? null);
}

/**
 * Before an online sign-in: tells the server of the codes used offline since the last contact,
 * so that none of them can sign in anywhere once the server answers again. False when the server
 * cannot be reached (the sign-in goes offline at once rather than wait twice).
 */
export async function reportUsed(api: WorkstationApi, store: OfflineStore, name: string): Promise<boolean> {
  let entry: OfflineEntry | null;
  try {
    entry = store.read(name);
  } catch {
    return true; // An unusable file changes nothing online.
  }
  if (!unreported(entry)) return true;
  const [outcome] = await refillEntry(api, store, name);
  return outcome !== 'unreachable';
}
