/**
 * One line for a failed CLI command: the cause an operator can act on (no stack trace, and never
 * drizzle's "Failed query" text, whose parameters may hold secrets).
 */
import { BackupError } from './backup/errors.ts';

interface ErrorLike {
  message?: string;
  code?: unknown;
  cause?: unknown;
  address?: string;
  port?: number;
  hostname?: string;
}

/** Where DATABASE_URL points, without the user and password. */
function where(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'the embedded database';
  try {
    const u = new URL(databaseUrl);
    return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export function describeCliError(err: unknown, databaseUrl?: string): string {
  if (err instanceof BackupError) return err.message;
  // drizzle wraps the driver's error: the innermost error names the cause.
  let e = err as ErrorLike;
  for (let depth = 0; e?.cause && depth < 5; depth++) e = e.cause as ErrorLike;
  const code = typeof e?.code === 'string' ? e.code : '';
  const firstLine = (text: string | undefined) => (text ?? String(err)).split('\n')[0];
  if (code === 'ECONNREFUSED') {
    const target = e.address ? `${e.address}:${e.port}` : where(databaseUrl);
    return `Cannot connect to PostgreSQL at ${target}: connection refused. Is the server running, and is DATABASE_URL right?`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `Cannot connect to PostgreSQL: host ${e.hostname ?? '?'} not found. Check DATABASE_URL.`;
  }
  if (/^E[A-Z]+$/.test(code) && databaseUrl) return `Cannot connect to ${where(databaseUrl)}: ${firstLine(e.message)}`;
  // A SQLSTATE: PostgreSQL itself refused (no such database or role, wrong password, ...).
  if (/^[0-9A-Z]{5}$/.test(code)) return `Cannot use ${where(databaseUrl)}: ${firstLine(e.message)}`;
  if (err instanceof Error && /^(Invalid configuration|usage:)/.test(err.message)) return err.message;
  return firstLine(e?.message);
}
