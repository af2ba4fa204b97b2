/**
 * Real server processes for the multi-node tests: `node --import tsx src/main.ts`, as an operator runs
 * it, each on its own port and data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const main = path.resolve(import.meta.dirname, '../main.ts');
// The TypeScript loader in the server's own process (`node --import tsx`), not tsx's command,
// which runs the server in a child of its own: a crash (kill) must reach the server itself.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface Node {
  name: string;
  url: string;
  /** What the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** Ends it as a crash would (SIGKILL): no shutdown of any kind. */
  kill(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts a node and resolves once it printed that it is ready. */
export async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', tsx, main], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close' comes after the exit, once all the process printed has been read.
  const closed = new Promise((resolve) => child.once('close', resolve));
  let printed = '';
  const output = () => printed;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node ${name} not ready within 60 s:\n${printed}`)), 60_000);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Portiere is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node ${name} exited with ${code} before it was ready:\n${printed}`));
    });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await closed;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await closed;
    },
  };
}
