/**
 * `refill`: fresh offline material for every member kept here (refill.ts), run at boot and
 * daily (cron, a systemd timer). Prints one JSON line per file; exits 1 when any could not be
 * refilled (the server away, or a file this client cannot use).
 */
import { workstationApi } from '../api.ts';
import type { Config } from '../config.ts';
import { type RefillOutcome, refillEntry } from '../refill.ts';
import { OfflineStore } from '../store.ts';

export async function refillCommand(config: Config): Promise<number> {
  const api = workstationApi(config);
  const store = new OfflineStore(config.stateDir);
  let failed = 0;
  const report = (file: string, name: string | null, result: RefillOutcome, detail?: string) => {
    if (result === 'unreachable' || result === 'error') failed++;
    process.stdout.write(`${JSON.stringify({ file, name, result, ...(detail ? { detail } : {}) })}\n`);
  };
  for (const listed of store.list()) {
    if (!listed.entry) report(listed.file, null, 'error', listed.error?.message);
    else report(listed.file, listed.entry.name, ...(await refillEntry(api, store, listed.entry.name)));
  }
  return failed ? 1 : 0;
}
