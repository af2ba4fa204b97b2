/** `portiere migrate` against a database it cannot use names the cause in one line, as a real process. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './test/run-cli.ts';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Case {
  name: string;
  url: () => Promise<string>;
  message: (url: string) => string;
}

const cases: Case[] = [
  {
    name: 'nothing listens at the address',
    url: async () => `postgres://postgres@127.0.0.1:${await closedPort()}/portiere`,
    message: (url) =>
      `Cannot connect to PostgreSQL at 127.0.0.1:${new URL(url).port}: connection refused. Is the server running, and is DATABASE_URL right?`,
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  cases.push({
    name: 'the database does not exist',
    url: async () => {
      const u = new URL(adminUrl);
      u.pathname = `/does_not_exist_${randomBytes(4).toString('hex')}`;
      return u.toString();
    },
    message: (url) => {
      const u = new URL(url);
      const name = u.pathname.slice(1);
      return `Cannot use PostgreSQL at ${u.hostname}:${u.port || 5432}/${name}: database "${name}" does not exist`;
    },
  });
}

describe('portiere migrate on a database it cannot use', () => {
  it.each(cases)('$name: one line naming the cause, exit code 1', async ({ url, message }) => {
    const databaseUrl = await url();
    const r = await runCli(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${message(databaseUrl)}\n`);
  });
});
