import type { z } from 'zod';
import { ApiError, toErrorBody } from './apiError';
import { API_BASE, endSession, getAccessToken } from './tokenRefresh';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  body?: unknown;
  /**
   * The contract schema of the answer (from @portiere/contracts). Outside production builds every
   * answer is checked against it, so a console that drifted from the server fails its tests.
   */
  schema?: S;
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

/** What a call answers: the schema's type, or nothing for calls without a schema. */
export type Answer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Development and test builds check answers; production trusts the server (it validates its own answers). */
export const CHECK_ANSWERS = !import.meta.env.PROD;

/** A 2xx answer that does not match the contract: the console and the server disagree on a shape. */
export class AnswerMismatchError extends Error {
  readonly issues: z.core.$ZodIssue[];

  constructor(method: string, path: string, issues: z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    super(`${method} ${path} answered a shape the contract does not allow: ${where}`);
    this.name = 'AnswerMismatchError';
    this.issues = issues;
  }
}

type MismatchListener = (err: AnswerMismatchError) => void;
let mismatchListener: MismatchListener = (err) => console.error(err.message);

/** Who hears of a drifted answer (the console log; the test setup fails the test that saw one). */
export function onAnswerMismatch(listener: MismatchListener): void {
  mismatchListener = listener;
}

/**
 * Checks an answer against its contract schema (when checking is on) and answers the data as
 * received; a call without a schema answers nothing (its body, if any, is not part of the contract).
 */
export function checkAnswer<S extends z.ZodType | undefined>(
  method: string,
  path: string,
  schema: S,
  data: unknown,
  check: boolean = CHECK_ANSWERS,
): Answer<S> {
  if (!schema) return undefined as Answer<S>;
  if (check) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const err = new AnswerMismatchError(method, path, parsed.error.issues);
      mismatchListener(err);
      throw err;
    }
  }
  return data as Answer<S>;
}

/** fetch without a timeout; any 2xx is a success, anything else an ApiError with the body. */
export async function request<S extends z.ZodType | undefined = undefined>(
  method: string,
  path: string,
  options: RequestOptions<S> = {},
): Promise<Answer<S>> {
  const { body, query, auth = true, signal, bearer, schema } = options;
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
  if (res.status >= 200 && res.status < 300) return checkAnswer(method, path, schema as S, data);
  const err = new ApiError(res.status, toErrorBody(data));
  // A signed-in call refused as unauthenticated means the session is gone (revoked or expired).
  if (res.status === 401 && token && auth) endSession(err);
  throw err;
}

type ReadOptions<S extends z.ZodType> = Omit<RequestOptions<S>, 'body' | 'schema'> & { schema: S };
type WriteOptions<S extends z.ZodType | undefined> = Omit<RequestOptions<S>, 'body'>;

/** Reads name the contract schema of their answer; writes do when they answer something. */
export const api = {
  get: <S extends z.ZodType>(path: string, options: ReadOptions<S>) => request<S>('GET', path, options),
  post: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, options?: WriteOptions<S>) =>
    request<S>('POST', path, { ...options, body }),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, options?: WriteOptions<S>) =>
    request<S>('PATCH', path, { ...options, body }),
  put: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, options?: WriteOptions<S>) =>
    request<S>('PUT', path, { ...options, body }),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: WriteOptions<S>) =>
    request<S>('DELETE', path, options),
};
