import type { DeviceApproval } from '@portiere/contracts';
import { useEffect, useRef, useState } from 'react';
import type { DeviceAccount } from './accountStore';
import { type DeviceApi, isDeviceGone, isNetworkError } from './api';

/** How often the open app asks for sign-ins waiting for it. */
export const APPROVAL_POLL_MS = 2000;

export interface Pending {
  account: DeviceAccount;
  approval: DeviceApproval;
}

/**
 * While the app is on screen, asks every 2 s for each account's waiting sign-ins; at once when
 * it comes back on screen (the member just switched from the sign-in page), never while hidden.
 * An account the server no longer knows is handed to `onGone` and asked no more (its reset_at
 * takes it out of `accounts`). A round the network lost keeps what was shown and says `offline`.
 */
export function useApprovals(
  accounts: DeviceAccount[],
  api: DeviceApi,
  onGone: (accountId: string) => void,
): { pending: Pending[]; offline: boolean } {
  const active = accounts.filter((a) => !a.reset_at);
  const key = active.map((a) => a.id).join(' ');
  const latest = useRef({ active, onGone });
  latest.current = { active, onGone };
  const [byAccount, setByAccount] = useState<Record<string, DeviceApproval[]>>({});
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = async (account: DeviceAccount) => {
      try {
        return { id: account.id, items: (await api.approvals(account, abort.signal)).items, lost: false };
      } catch (err) {
        if (isDeviceGone(err) && !abort.signal.aborted) latest.current.onGone(account.id);
        return { id: account.id, items: null, lost: isNetworkError(err) };
      }
    };
    const round = async () => {
      clearTimeout(timer);
      if (asking || document.visibilityState === 'hidden') return;
      asking = true;
      const results = await Promise.all(latest.current.active.map(ask));
      asking = false;
      if (abort.signal.aborted) return;
      setByAccount((shown) => Object.fromEntries(results.map((r) => [r.id, r.items ?? shown[r.id] ?? []])));
      setOffline(results.some((r) => r.lost));
      timer = setTimeout(round, APPROVAL_POLL_MS);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? void round() : clearTimeout(timer));
    document.addEventListener('visibilitychange', onVisibility);
    void round();
    return () => {
      abort.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, key]);

  const pending = active.flatMap((account) => (byAccount[account.id] ?? []).map((approval) => ({ account, approval })));
  return { pending, offline: key ? offline : false };
}
