/**
 * Questions on stderr, answers from stdin, one line each: stdout carries only the session's JSON,
 * so that a script (or a credential provider wrapping this client) reads it cleanly. On a
 * terminal, secrets are not echoed; from a pipe, lines are read as they come.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';

export class Prompter {
  private readonly lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private ended = false;
  private muted = false;
  private readonly rl: readline.Interface;
  private readonly tty: boolean;

  constructor(
    input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = !!input.isTTY;
    // readline echoes what is typed on a terminal through this stream: muted while a secret is typed.
    const echo = new Writable({
      write: (chunk, encoding, done) => {
        if (!this.muted) output.write(chunk, encoding);
        done();
      },
    });
    this.rl = readline.createInterface({ input, output: echo, terminal: this.tty });
    this.rl.on('line', (line) => {
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w(line);
      } else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.waiter?.(null);
      this.waiter = null;
    });
    // Ctrl-C on a terminal: readline swallows the signal, so end as the signal would.
    this.rl.on('SIGINT', () => process.exit(130));
  }

  /** Prints a line for the member. */
  say(message: string): void {
    this.output.write(`${message}\n`);
  }

  /** The next line typed after `question`, without its end; null once stdin has ended. */
  async ask(question: string, { secret = false } = {}): Promise<string | null> {
    this.output.write(question);
    this.muted = secret && this.tty;
    try {
      const queued = this.lines.shift();
      if (queued !== undefined) return queued;
      if (this.ended) return null;
      return await new Promise<string | null>((resolve) => {
        this.waiter = resolve;
      });
    } finally {
      if (this.muted) this.output.write('\n');
      this.muted = false;
    }
  }

  close(): void {
    this.rl.close();
  }
}
