/**
 * How every client of the API sends a call (the signed-in one in client.ts, the bare one that
 * refreshes the token in tokenRefresh.ts): the base URL, the query string, and fetch as the
 * tests stub it. The clients add their own middleware on top.
 */
import { querySerializer } from './querySerializer';

const API_BASE = '/api/v1/';

/**
 * openapi-fetch builds a Request for the middleware; this one is sent as fetch(url, init) with
 * the body as serialized. A real Request would read a FormData upload into a stream (the
 * browser sets the multipart boundary from the FormData itself), and the tests' fetch
 * stand-ins read url and init.
 */
class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
}

// Looked up at each call: tests stub the global fetch after this module has loaded.
const send = (request: Request) =>
  globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });

/** openapi-fetch's options of every client of the API. */
export const clientOptions = {
  baseUrl: API_BASE.replace(/\/api\/v1\/$/, ''),
  Request: OutgoingRequest as unknown as typeof Request,
  fetch: send,
  headers: { Accept: 'application/json' },
  querySerializer,
};
