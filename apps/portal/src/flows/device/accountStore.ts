/**
 * The accounts enrolled on this phone (several members or customers may share one), kept in
 * IndexedDB: CryptoKeys structured-clone into it and stay non-extractable there, which
 * localStorage could not hold. The app takes an AccountStore, so that tests (jsdom has no
 * IndexedDB) hand it the in-memory one.
 */
import type { DeviceState } from '@portiere/contracts';
import type { TotpKey } from './totp';

export interface DeviceAccount extends DeviceState {
  /** The device key's private half (non-extractable): signs every device call. */
  privateKey: CryptoKey;
  /** The offline codes: the secret as a non-extractable HMAC key, and its parameters. */
  totp: TotpKey;
  enrolled_at: string;
  /** When the server answered deviceNotFound: an administrator reset or removed the credential. */
  reset_at: string | null;
}

export interface AccountStore {
  /** Oldest first. */
  list(): Promise<DeviceAccount[]>;
  put(account: DeviceAccount): Promise<void>;
  remove(id: string): Promise<void>;
}

const byEnrolment = (a: DeviceAccount, b: DeviceAccount) => a.enrolled_at.localeCompare(b.enrolled_at);

export function memoryStore(initial: DeviceAccount[] = []): AccountStore {
  const accounts = new Map(initial.map((a) => [a.id, a]));
  return {
    list: async () => [...accounts.values()].sort(byEnrolment),
    put: async (account) => void accounts.set(account.id, account),
    remove: async (id) => void accounts.delete(id),
  };
}

const DB = 'portiere-app';
const STORE = 'accounts';

/** An IDBRequest as a promise. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

export function indexedDbStore(): AccountStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((err) => {
      // Opening again may work later (storage refused once, a blocked upgrade).
      opened = null;
      throw err;
    });
    return opened;
  };
  /** One request in its own transaction; resolves once the transaction has committed. */
  const run = async <T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await db()).transaction(STORE, mode);
    const result = done(make(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    list: async () => (await run('readonly', (s) => s.getAll() as IDBRequest<DeviceAccount[]>)).sort(byEnrolment),
    put: async (account) => void (await run('readwrite', (s) => s.put(account))),
    remove: async (id) => void (await run('readwrite', (s) => s.delete(id))),
  };
}
