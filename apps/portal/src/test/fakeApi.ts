/**
 * A stand-in for the server behind `fetch`: answers by "METHOD path" (path after /api/v1/), and
 * records every call. Answers are checked against the contracts' schemas by the tests that build
 * them (fixtures.ts), so the pages are tested against the shapes the server really sends.
 */
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { code: 'notFound', reason: 'Not found.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const ok = (body?: unknown) => ({ status: 200, body });
export const fail = (status: number, code: string, reason = code, extra: Record<string, unknown> = {}) => ({
  status,
  body: { code, reason, ...extra },
});
