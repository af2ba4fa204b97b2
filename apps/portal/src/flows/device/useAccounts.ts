import type { DeviceState } from '@portiere/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountStore, DeviceAccount } from './accountStore';
import { type DeviceApi, isDeviceGone } from './api';

export type Accounts =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; accounts: DeviceAccount[] };

const STATE_FIELDS = ['kind', 'username', 'customer_id', 'customer_name', 'language', 'biometry'] as const;
const changed = (a: DeviceAccount, s: DeviceState) => STATE_FIELDS.some((f) => a[f] !== s[f]);

/**
 * The accounts on this phone, from the store, kept in step with it. Once they are read, each is
 * checked with the server (`POST device/`): a changed username or biometry is taken in, and one
 * the server no longer knows is marked reset. Offline, the stored accounts simply stay.
 */
export function useAccounts(store: AccountStore, api: DeviceApi) {
  const [state, setState] = useState<Accounts>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const accounts = state.status === 'ready' ? state.accounts : [];
  const latest = useRef(accounts);
  latest.current = accounts;

  const replace = useCallback((change: (accounts: DeviceAccount[]) => DeviceAccount[]) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', accounts: change(s.accounts) } : s));
  }, []);

  const save = useCallback(
    async (account: DeviceAccount) => {
      await store.put(account);
      replace((all) => all.map((a) => (a.id === account.id ? account : a)));
    },
    [store, replace],
  );

  const markReset = useCallback(
    (id: string) => {
      const account = latest.current.find((a) => a.id === id);
      if (account && !account.reset_at) void save({ ...account, reset_at: new Date().toISOString() }).catch(() => {});
    },
    [save],
  );

  useEffect(() => {
    void attempt; // Retry reads the store again.
    let current = true;
    const abort = new AbortController();
    setState({ status: 'loading' });
    store.list().then(
      (stored) => {
        if (!current) return;
        setState({ status: 'ready', accounts: stored });
        for (const account of stored.filter((a) => !a.reset_at)) {
          api.state(account, abort.signal).then(
            (known) => {
              if (current && changed(account, known)) void save({ ...account, ...pick(known) }).catch(() => {});
            },
            (err) => current && isDeviceGone(err) && markReset(account.id),
          );
        }
      },
      (error) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
      abort.abort();
    };
  }, [store, api, attempt, save, markReset]);

  /** A new account; a reset one of the same member and customer is replaced by it (Enrol again). */
  const add = useCallback(
    async (account: DeviceAccount) => {
      await store.put(account);
      const replaced = latest.current.filter(
        (a) => a.reset_at && a.customer_id === account.customer_id && a.username === account.username,
      );
      for (const old of replaced) await store.remove(old.id).catch(() => {});
      replace((all) => [...all.filter((a) => !replaced.includes(a) && a.id !== account.id), account]);
    },
    [store, replace],
  );

  const remove = useCallback(
    async (id: string) => {
      await store.remove(id);
      replace((all) => all.filter((a) => a.id !== id));
    },
    [store, replace],
  );

  return { state, retry: () => setAttempt((n) => n + 1), add, remove, markReset };
}

function pick(s: DeviceState): Pick<DeviceState, (typeof STATE_FIELDS)[number]> {
  const { kind, username, customer_id, customer_name, language, biometry } = s;
  return { kind, username, customer_id, customer_name, language, biometry };
}
