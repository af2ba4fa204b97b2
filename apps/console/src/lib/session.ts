import { type Me, TOKEN_REFRESH_MARGIN_S, type TokenPair } from '@portiere/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, publicApi } from './api/client';
import { areaKeys } from './api/queryKeys';
import { decodeClaims } from './auth/jwt';
import { clearTokens, getTokens, setTokens } from './auth/tokenStorage';
import { resetMenuGroups } from './menuState';
import { queryClient } from './queryClient';

/** Query keys of the signed-in session (the auth area). */
export const authKeys = { ...areaKeys('auth'), me: () => ['auth', 'me'] as const };

/** The signed-in account: name, type and reachable customers ("app data"). */
export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    // The answer's contract comes with its own chunk: the sign-in page's first chunk, which
    // holds this module, stays without zod (issue 35).
    queryFn: async () => api.get('/api/v1/me/', { schema: (await import('./api/meSchema')).meSchema }),
    staleTime: 5 * 60_000,
  });

/**
 * The feedback source of signing in: the sign-in calls' failures and the session-expired message.
 * A good sign-in dismisses them, so none follows the user into the console.
 */
export const SIGN_IN_FEEDBACK = 'signIn';

/** Stores the tokens, resets the menu groups and loads the app data. */
export async function signIn(pair: TokenPair): Promise<Me> {
  setTokens({ accessToken: pair.access, refreshToken: pair.refresh });
  resetMenuGroups();
  queryClient.removeQueries();
  return queryClient.fetchQuery(meQuery());
}

/** Forgets the session locally first, then tells the server to revoke the refresh token. */
export async function logout(): Promise<void> {
  const tokens = getTokens();
  clearTokens();
  queryClient.clear();
  if (!tokens?.refreshToken) return;
  const claims = decodeClaims(tokens.accessToken);
  const fresh = claims && claims.exp - Date.now() / 1000 > TOKEN_REFRESH_MARGIN_S;
  await publicApi
    .post('/api/v1/logout/', {
      body: { refresh: tokens.refreshToken },
      headers: fresh && tokens.accessToken ? { Authorization: `Bearer ${tokens.accessToken}` } : {},
    })
    .catch(() => undefined);
}
