/**
 * The members' pages call the public API with fetch and trust its typed JSON (the contracts'
 * types): no schema library in the bundle. Errors carry the catalogue's body.
 */
import type { ApiErrorBody } from '@portiere/contracts';

export const API_BASE = '/api/v1/';

export class ApiError extends Error {
  constructor(
    /** HTTP status, 0 when the server could not be reached. */
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.reason);
  }
  get code(): string {
    return this.body.code;
  }
}

export async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Nothing of the member's session lives in cookies: the link token in the path is all.
      credentials: 'omit',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, { code: 'network', reason: 'The server could not be reached.' });
  }
  const text = await res.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, errorBody(json));
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorBody(json: unknown): ApiErrorBody {
  const b = json as Partial<ApiErrorBody> | undefined;
  return typeof b?.code === 'string' && typeof b.reason === 'string'
    ? (b as ApiErrorBody)
    : { code: 'generic', reason: 'An error has occurred' };
}

/** A path segment as the server expects it (tokens are base64url, but never trust the address bar). */
export const seg = (s: string) => encodeURIComponent(s);
