/** Runs the `portiere` CLI as a real process, with only the settings a test gives it. */
import { execFile } from 'node:child_process';
import path from 'node:path';

const bin = path.join(import.meta.dirname, '../../bin/portiere.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  // The caller's DATABASE_URL or SECRET_KEY_FILE must not leak into the child.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'SECRET_KEY_FILE', 'DATA_DIR'].includes(k)),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...base, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
