/**
 * The workstation API, called through openapi-fetch typed by the endpoints the server's OpenAPI
 * document declares (@portiere/contracts/openapi): paths, the key headers, bodies and answers are
 * the routes' own. A call the server never answers (refused, reset, timed out, or a proxy saying
 * it is down) is Unreachable, which is what lets a member in offline; any answer it gives is
 * that answer.
 */
import type { ApiErrorBody, WorkstationSmartcardUnblock } from '@portiere/contracts';
import type { paths } from '@portiere/contracts/openapi';
import createClient from 'openapi-fetch';
import type { Config } from './config.ts';
import type { AnswerKind, SentKind, SignedKind } from './kinds.ts';

/** The server answered with an error: its status and the error catalogue's body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.reason);
  }
  get code(): string {
    return this.body.code;
  }
}

/** The server could not be reached. */
export class Unreachable extends Error {}

/** A gateway's answers for a server behind it that is down or away. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** fetch's own failures: no connection (TypeError 'fetch failed') or our timeout. */
const isNetworkFailure = (err: unknown) =>
  err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));

async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (err) {
    // undici's 'fetch failed' names why in its cause (ECONNREFUSED, ENOTFOUND...).
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    if (isNetworkFailure(err)) throw new Unreachable(cause ?? (err as Error).message, { cause: err });
    throw err;
  }
  const { data, error, response } = result;
  if (GATEWAY_DOWN.has(response.status)) throw new Unreachable(`the server answered ${response.status}`);
  if (!response.ok) {
    const b = error as Partial<ApiErrorBody> | undefined;
    throw new ApiError(
      response.status,
      typeof b?.code === 'string' && typeof b.reason === 'string'
        ? (b as ApiErrorBody)
        : { code: 'generic', reason: `The server answered ${response.status}.` },
    );
  }
  return data as T;
}

export type WorkstationApi = ReturnType<typeof workstationApi>;

export function workstationApi(config: Pick<Config, 'server' | 'key' | 'machine' | 'timeoutMs'>) {
  const client = createClient<paths>({
    baseUrl: config.server,
    // Each call gets its own deadline: past it the server counts as unreachable.
    fetch: (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(config.timeoutMs) }),
  });
  // A fleet key needs the machine's name; a machine key's own machine wins on the server.
  const header = { 'x-workstation-key': config.key, 'x-workstation-machine': config.machine };
  return {
    start: (who: { username: string } | { cardCode: string }) =>
      answer(client.POST('/api/v1/workstation/sign-ins/', { params: { header }, body: who })),
    send: (id: string, kind: SentKind) =>
      answer(
        client.POST('/api/v1/workstation/sign-ins/{id}/send/', { params: { header, path: { id } }, body: { kind } }),
      ),
    challenge: (id: string, kind: SignedKind) =>
      answer(
        client.POST('/api/v1/workstation/sign-ins/{id}/challenge/', {
          params: { header, path: { id } },
          body: { kind },
        }),
      ),
    verify: (id: string, body: { kind: AnswerKind; value: string; offline: boolean }) =>
      answer(client.POST('/api/v1/workstation/sign-ins/{id}/verify/', { params: { header, path: { id } }, body })),
    refill: (refillToken: string, used: number | null) =>
      answer(
        client.POST('/api/v1/workstation/offline/refill/', {
          params: { header },
          body: { refill_token: refillToken, used },
        }),
      ),
    unblock: (body: WorkstationSmartcardUnblock) =>
      answer(client.POST('/api/v1/workstation/smartcards/unblock/', { params: { header }, body })),
  };
}
