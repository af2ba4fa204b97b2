/**
 * The members' pages call the public API through openapi-fetch typed by the endpoints the
 * server's OpenAPI document declares (@portiere/contracts/openapi): path, parameters and body of
 * each call are checked against the route, and the answer is the route's JSON. No schema
 * library in the bundle. Errors carry the catalogue's body.
 */
import type { ApiErrorBody } from '@portiere/contracts';
import type { paths } from '@portiere/contracts/openapi';
import createClient, { type Middleware } from 'openapi-fetch';

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

/**
 * openapi-fetch builds a Request for the middleware; this one is sent as fetch(url, init) with
 * the body as serialized (the tests' fetch stand-in reads url and init).
 */
class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;
  readonly credentials: RequestCredentials | undefined;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
    this.credentials = init.credentials;
  }
}

// Looked up at each call: tests stub the global fetch after this module has loaded.
const send = (request: Request) =>
  globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: request.credentials,
    signal: request.signal,
  });

/** The server could not be reached: an ApiError of status 0 (an aborted call stays an abort). */
const networkFailure: Middleware = {
  onError: ({ request, error }) =>
    request.signal?.aborted
      ? error instanceof Error
        ? error
        : undefined
      : new ApiError(0, { code: 'network', reason: 'The server could not be reached.' }),
};

export const client = createClient<paths>({
  Request: OutgoingRequest as unknown as typeof Request,
  fetch: send,
  headers: { accept: 'application/json' },
  // Nothing of the member's session lives in cookies: the link token in the path is all.
  credentials: 'omit',
});
client.use(networkFailure);

/** The answer of a call made with `client`: its JSON on a 2xx, else an ApiError with the body. */
export async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, errorBody(error));
  return data as T;
}

function errorBody(json: unknown): ApiErrorBody {
  const b = json as Partial<ApiErrorBody> | undefined;
  return typeof b?.code === 'string' && typeof b.reason === 'string'
    ? (b as ApiErrorBody)
    : { code: 'generic', reason: 'An error has occurred' };
}
