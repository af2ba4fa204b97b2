/**
 * Database errors: their SQLSTATE, and a form of them that is safe to log. drizzle wraps the
 * driver's error and puts the query's parameters into its message, and those parameters may
 * hold sealed secrets, codes or personal data, so a failed query is never logged as is.
 */
import { AppError } from './errors.ts';

/** The SQLSTATE of a failed query, looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** The name of the constraint a failed query violated (postgres.js: constraint_name; PGlite: constraint). */
export function violatedConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { constraint_name: name, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    if (typeof name === 'string') return name;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs a write whose unique constraint may clash, answering `conflict()` when it does. */
export async function orConflict<T>(
  write: () => Promise<T>,
  conflict: (constraint: string | undefined) => AppError,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(violatedConstraint(err));
    throw err;
  }
}

/**
 * The answer for a database error that reached the error handler: bad data is the caller's
 * fault (400), a clash with existing rows a conflict (409); anything else stays a 500.
 */
export function dbErrorAnswer(err: unknown): AppError | null {
  const state = sqlState(err);
  if (!state) return null;
  if (state === '23505' || state === '23503') return new AppError(409, 'conflict');
  // Class 22 (data exception: bad text, number out of range, bad date) and 54000 (too large).
  if (state.startsWith('22') || state === '54000') return new AppError(400, 'validation');
  return null;
}

/** What may be logged of an error: the statement without its parameters, the SQLSTATE, the stack frames. */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const query = (err as { query?: unknown }).query;
  const frames = err.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  if (typeof query === 'string' || sqlState(err)) {
    const cause = (err as { cause?: unknown }).cause;
    return {
      type: err.name,
      message: 'database query failed',
      ...(typeof query === 'string' ? { query } : {}),
      sqlState: sqlState(err),
      // The driver's message names the failure; quoted parts may echo values, so they are masked.
      cause: cause instanceof Error ? cause.message.replace(/"[^"]*"|'[^']*'/g, '"…"') : undefined,
      stack: frames,
    };
  }
  return { type: err.name, message: err.message, stack: frames };
}
