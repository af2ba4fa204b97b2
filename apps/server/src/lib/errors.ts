/** AppError carries the catalogue code; the error handler turns it into `{reason, code, params?}`. */
import { ERRORS, type ErrorCode, type FieldError, formatMessage } from '@portiere/contracts';

export class AppError extends Error {
  /** Sent as Retry-After (429 answers). */
  retryAfterS?: number;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly details?: Record<string, FieldError>,
  ) {
    super(formatMessage(ERRORS[code], params));
  }
}

export const notFound = () => new AppError(404, 'notFound');
export const forbidden = () => new AppError(403, 'forbidden');
export const validationError = (details: Record<string, FieldError>, code: ErrorCode = 'validation') =>
  new AppError(400, code, undefined, details);
