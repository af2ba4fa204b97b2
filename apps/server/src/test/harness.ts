/** Builds the real app on a real database with a real SMTP sink, plus sign-in helpers. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { staffUsers } from '../db/schema/index.ts';
import { SecretBox } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import type { TestDatabase } from './databases.ts';
import { SmtpSink } from './smtp-sink.ts';

/** A clock tests can move forward. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export interface Harness {
  app: FastifyInstance;
  sink: SmtpSink;
  clock: TestClock;
  close(): Promise<void>;
}

export async function startHarness(
  db: TestDatabase,
  env: Record<string, string> = {},
  /** Where the app's log lines go (every level): without it the app logs nothing. */
  log?: { write(line: string): void },
): Promise<Harness> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const database = await db.open();
  await database.migrate();
  const box = new SecretBox(randomBytes(32));
  await seedDemo(database.db, box, { members: false });
  const clock = new TestClock();
  const config = loadConfig({
    SMTP_URL: smtpUrl,
    DATA_DIR: '/tmp/portiere-test',
    LOGIN_RATE_LIMIT: '10000',
    LOG_LEVEL: log ? 'trace' : 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    box,
    now: clock.now,
    auditPruning: false,
    logger: !!log,
    logStream: log,
  });
  await app.ready();
  return {
    app,
    sink,
    clock,
    close: async () => {
      await app.close();
      await sink.stop();
    },
  };
}

/**
 * Mail leaves through the queue, after the answer (mail/queue.ts). The helpers below answer once
 * what the request queued has gone or failed its try, so a test reads the sink as a user's
 * mailbox a moment later; mail/queue.test.ts looks at the queue itself.
 */
export async function mailSettled(app: FastifyInstance, method: string): Promise<void> {
  if (method !== 'GET') await app.services.mailSender.settled();
}

export async function post(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await mailSettled(app, 'POST');
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await mailSettled(app, method);
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** A member made through the API, with a unique username and a mail address and phone it can be reached at. */
export async function createMember(h: Harness, token: string, fields: Record<string, unknown> = {}) {
  const res = await post(
    h.app,
    'users/',
    {
      username: `m${Math.random().toString(36).slice(2)}`,
      email: 'person@acme.example',
      phone_number: '+393331234567',
      ...fields,
    },
    token,
  );
  return res.body;
}

/** A staff account in the same tenant as `like`, with the demo password. */
export async function createStaffUser(h: Harness, username: string, like = 'admin@acme.example') {
  const db = h.app.services.db;
  const [model] = await db.select().from(staffUsers).where(eq(staffUsers.username, like));
  if (!model) throw new Error(`no staff user ${like}`);
  const [row] = await db
    .insert(staffUsers)
    .values({
      username,
      email: username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      userType: model.userType,
      customerId: model.customerId,
      resellerId: model.resellerId,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Full sign-in: password, code from the SMTP sink, tokens. */
export async function signIn(h: Harness, username: string, password = DEMO_PASSWORD) {
  h.clock.advance(61); // past the one-code-a-minute throttle, so a fresh code is mailed
  const since = h.sink.mails.length;
  const first = await post(h.app, 'login/', { username, password });
  if (first.status !== 200 || !first.body.email)
    throw new Error(`login step 1: ${first.status} ${JSON.stringify(first.body)}`);
  const otp = await h.sink.otpFor(username, since);
  const second = await post(h.app, 'login/', { username, password, otp });
  if (second.status !== 200) throw new Error(`login step 2: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body as { access: string; refresh: string };
}
