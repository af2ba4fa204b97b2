/**
 * The API as a page test sees it: a fetch stand-in that records every call, answers `/me/` as a
 * customer user, or a reseller with `{ reseller: true }` (unless the test answers it), and
 * everything the test does not answer with 404; and the reset a page test starts from (signed
 * in, no feedback, paging, filters or dialogs left by the previous test).
 */
import { vi } from 'vitest';
import { dialogs } from '../components/dialogs/dialogRegistry';
import { feedback } from '../components/feedback/feedbackStore';
import { dispatchFilters } from '../components/filters/filtersStore';
import { resetPaging } from '../components/table/pagingStore';
import { setTokens } from '../lib/auth/tokenStorage';
import { customerMe, customerToken, jsonResponse, resellerMe, resellerToken } from './renderApp';

export interface ApiCall {
  method: string;
  url: URL;
  /** Without the /api/v1 prefix. */
  path: string;
  /** The JSON sent, parsed; a multipart body as the FormData itself. */
  // biome-ignore lint/suspicious/noExplicitAny: the JSON (or FormData) a test sent, read field by field
  body: any;
  /** The request's headers as sent (content type, authorization). */
  headers: Headers;
}

export interface FakeApiOptions {
  /** Signed in as the reseller of `resellerMe` (Acme with the login assistant, Globex without) instead. */
  reseller?: boolean;
}

export function fakeApi(answer: (call: ApiCall) => Response | undefined, options: FakeApiOptions = {}) {
  const me = options.reseller ? resellerMe : customerMe;
  const token = options.reseller ? resellerToken : customerToken;
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url,
      path: url.pathname.replace('/api/v1', ''),
      headers: new Headers(init?.headers),
      // A multipart upload is kept as the FormData it was sent as; JSON is parsed.
      body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    // The test's answer first (it may answer /me/ as another customer), then the defaults.
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/me/') return jsonResponse(200, me);
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });
  /** For beforeEach: this API stubbed in, its calls forgotten, the console's state reset. */
  const reset = () => {
    vi.stubGlobal('fetch', fetchMock);
    calls.length = 0;
    setTokens({ accessToken: token(), refreshToken: 'R1' });
    feedback.reset();
    resetPaging();
    dispatchFilters({ type: 'clear' });
    while (dialogs.store.getState().stack.length) dialogs.close();
  };
  return { calls, fetchMock, reset };
}
