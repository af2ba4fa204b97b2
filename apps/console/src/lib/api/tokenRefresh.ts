import { TOKEN_REFRESH_MARGIN_S } from '@portiere/contracts';
import type { paths } from '@portiere/contracts/openapi';
import createClient from 'openapi-fetch';
import { decodeClaims } from '../auth/jwt';
import { clearTokens, getTokens, setTokens } from '../auth/tokenStorage';
import { ApiError, toErrorBody } from './apiError';
import { clientOptions } from './transport';

/**
 * The refresh call's own client: typed by the same paths, without client.ts's middleware, which
 * calls getAccessToken (a refresh through it would wait on itself).
 */
const refreshClient = createClient<paths>(clientOptions);

/** True when the access token is missing, unreadable or expires within the margin. */
export function needsRefresh(
  accessToken: string | null | undefined,
  nowMs: number = Date.now(),
  marginS: number = TOKEN_REFRESH_MARGIN_S,
): boolean {
  const claims = decodeClaims(accessToken);
  if (!claims) return true;
  return claims.exp - nowMs / 1000 <= marginS;
}

type SessionEndedHandler = (error: ApiError) => void;
let onSessionEnded: SessionEndedHandler = () => {};

/** The app decides what "logged out" means (navigate to /, drop caches). */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  onSessionEnded = handler;
}

export function endSession(error: ApiError): void {
  clearTokens();
  onSessionEnded(error);
}

let inFlight: Promise<string> | null = null;

/**
 * Answers a usable access token, refreshing first when needed; null means "send the request
 * unauthenticated" (no refresh token stored). Concurrent callers share one refresh call,
 * because the server rotates refresh tokens and a second use would revoke the family.
 */
export async function getAccessToken(): Promise<string | null> {
  const tokens = getTokens();
  if (!tokens?.refreshToken) return null;
  if (!needsRefresh(tokens.accessToken)) return tokens.accessToken;
  if (!inFlight) {
    inFlight = refresh(tokens.refreshToken).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

async function refresh(refreshToken: string): Promise<string> {
  let res: Response;
  let text: string | undefined;
  let error: unknown;
  try {
    // As text: a malformed answer is told apart below, not thrown as a parse error.
    ({
      data: text,
      error,
      response: res,
    } = await refreshClient.POST('/api/v1/login/refresh/', { body: { refresh: refreshToken }, parseAs: 'text' }));
  } catch (e) {
    const err = new ApiError(0, null, e instanceof Error ? e.message : 'Network error');
    endSession(err);
    throw err;
  }
  const body: unknown = res.ok ? parseJson(text) : error;
  if (!res.ok) {
    const err = new ApiError(res.status, toErrorBody(body));
    // 401/422: the refresh token is dead; any failure ends the session either way.
    if (res.status === 401 || res.status === 422) clearTokens();
    endSession(err);
    throw err;
  }
  const parsed = parseRefreshAnswer(body, refreshToken);
  if (!parsed) {
    const err = new ApiError(res.status, null, 'Malformed refresh answer');
    endSession(err);
    throw err;
  }
  setTokens(parsed);
  return parsed.accessToken;
}

const parseJson = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
};

/** The access token comes as a string or as {accessToken}; a new refresh token replaces the old one. */
export function parseRefreshAnswer(
  body: unknown,
  previousRefresh: string,
): { accessToken: string; refreshToken: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const access = b.access;
  const accessObj = typeof access === 'object' && access !== null ? (access as Record<string, unknown>) : null;
  const accessToken =
    typeof access === 'string'
      ? access
      : typeof accessObj?.accessToken === 'string'
        ? accessObj.accessToken
        : typeof b.accessToken === 'string'
          ? b.accessToken
          : null;
  if (!accessToken) return null;
  const refreshToken =
    typeof b.refresh === 'string'
      ? b.refresh
      : typeof accessObj?.refreshToken === 'string'
        ? accessObj.refreshToken
        : typeof b.refreshToken === 'string'
          ? b.refreshToken
          : previousRefresh;
  return { accessToken, refreshToken };
}
