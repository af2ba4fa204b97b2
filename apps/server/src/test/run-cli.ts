/** Runs the `portiere` CLI as a real process, with only the settings a test gives it. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bin = path.join(import.meta.dirname, '../../bin/portiere.mjs');
const buildScript = pathToFileURL(path.join(import.meta.dirname, '../../scripts/build.mjs')).href;
let built: Promise<unknown> | undefined;

/** The bin builds a stale server first and says so on stderr: build beforehand, so stderr is the command's own. */
function buildOnce(): Promise<unknown> {
  built ??= (import(buildScript) as Promise<{ buildServerIfNeeded(): Promise<boolean> }>).then((m) =>
    m.buildServerIfNeeded(),
  );
  return built;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  await buildOnce();
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
