import { createStore, useStore } from '../store';
import { decodeClaims } from './jwt';

export interface AuthTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** One key per build mode so a dev and a production session never overwrite each other. */
export const AUTH_STORAGE_KEY = `portiere-auth-${import.meta.env.MODE}`;

function read(): AuthTokens | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<AuthTokens>;
    if (typeof v !== 'object' || v === null) return null;
    return { accessToken: v.accessToken ?? null, refreshToken: v.refreshToken ?? null };
  } catch {
    return null;
  }
}

/** Mirrors localStorage so components re-render when tokens appear or vanish. */
export const tokenStore = createStore<{ tokens: AuthTokens | null }>({ tokens: read() });

export function getTokens(): AuthTokens | null {
  return tokenStore.getState().tokens;
}

export function setTokens(tokens: AuthTokens): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
  tokenStore.setState({ tokens });
}

export function clearTokens(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  tokenStore.setState({ tokens: null });
}

/** Re-reads storage (another tab may have signed in or out). */
export function reloadTokens(): void {
  tokenStore.setState({ tokens: read() });
}

export function isSignedIn(tokens: AuthTokens | null = getTokens()): boolean {
  return Boolean(tokens?.accessToken || tokens?.refreshToken);
}

export function useTokens(): AuthTokens | null {
  return useStore(tokenStore, (s) => s.tokens);
}

export function useClaims() {
  const tokens = useTokens();
  return decodeClaims(tokens?.accessToken);
}
