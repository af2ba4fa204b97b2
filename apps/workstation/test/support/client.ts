/**
 * The built client (dist/portiere-workstation.mjs) as a child process, the way a credential
 * provider or a person at a terminal drives it: its prompts are awaited on stderr as they come
 * and answered on stdin; stdout holds the session's JSON.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { CLIENT } from '../../scripts/build.mjs';

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How long one prompt may take to come: well past a sign-in's hashes, short of the test's timeout. */
const PROMPT_WAIT_MS = 30_000;

export class Client {
  stdout = '';
  stderr = '';
  /** How far into stderr the prompts awaited so far reach: each waits for what comes after. */
  private seen = 0;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly listeners = new Set<() => void>();
  private ended: Exit | null = null;
  readonly exited: Promise<Exit>;

  constructor(args: string[], env: Record<string, string> = {}) {
    // Nothing of the test's own environment configures the client but what the test gives.
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('PORTIERE_WORKSTATION_')),
    ) as Record<string, string>;
    this.child = spawn(process.execPath, [CLIENT, ...args], { env: { ...base, ...env }, stdio: 'pipe' });
    this.child.stdout.on('data', (d: Buffer) => {
      this.stdout += d.toString();
    });
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr += d.toString();
      for (const l of this.listeners) l();
    });
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code) => {
        this.ended = { code, stdout: this.stdout, stderr: this.stderr };
        for (const l of this.listeners) l();
        resolve(this.ended);
      });
    });
  }

  /** Resolves when stderr, past what earlier waits saw, matches `pattern`; fails if the client ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(this.stderr.slice(this.seen));
        if (m) {
          this.seen += m.index + m[0].length;
          done();
          resolve(m);
        } else if (this.ended) {
          done();
          reject(new Error(`client exited (${this.ended.code}) before ${pattern}:\n${this.stderr}${this.stdout}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${PROMPT_WAIT_MS} ms:\n${this.stderr}`));
      }, PROMPT_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  type(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Waits for the prompt, then types the answer. */
  async answer(prompt: RegExp, line: string): Promise<void> {
    await this.waitFor(prompt);
    this.type(line);
  }

  /** Ends stdin (the member walks away) and waits for the exit. */
  async giveUp(): Promise<Exit> {
    this.child.stdin.end();
    return this.exited;
  }
}

/** Runs the client with no prompts to answer (refill), stdin closed. */
export function run(args: string[], env: Record<string, string> = {}): Promise<Exit> {
  const c = new Client(args, env);
  return c.giveUp();
}
