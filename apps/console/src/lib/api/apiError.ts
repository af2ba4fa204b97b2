import type { ApiErrorBody } from '@portiere/contracts';

/** Any non-2xx answer (or a network failure, status 0) with the server's error body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? body?.reason ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Accepts only bodies shaped like the contract's error answer. */
export function toErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<ApiErrorBody>;
  if (typeof v.reason !== 'string' && typeof v.code !== 'string') return null;
  return { reason: v.reason ?? '', code: v.code ?? '', params: v.params, details: v.details };
}
