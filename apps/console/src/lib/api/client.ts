import { ApiError, toErrorBody } from './apiError';
import { API_BASE, endSession, getAccessToken } from './tokenRefresh';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** false for the sign-in calls, which must never trigger a refresh. */
  auth?: boolean;
  /** Explicit bearer token for calls made with auth: false (logout). */
  bearer?: string;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** fetch without a timeout; any 2xx is a success, anything else an ApiError with the body. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, auth = true, signal, bearer } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? await getAccessToken() : (bearer ?? null);
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    throw new ApiError(0, null, e instanceof Error ? e.message : 'Network error');
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.status >= 200 && res.status < 300) return data as T;
  const err = new ApiError(res.status, toErrorBody(data));
  // A signed-in call refused as unauthenticated means the session is gone (revoked or expired).
  if (res.status === 401 && token && auth) endSession(err);
  throw err;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Both list shapes of the API ({count, results, next_page} and {count, items}) as one. */
export function listItems<T>(answer: { results?: T[]; items?: T[] }): T[] {
  return answer.results ?? answer.items ?? [];
}
