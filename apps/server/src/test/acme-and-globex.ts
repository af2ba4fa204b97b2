/**
 * A describe block's harness with the demo customers' admins signed in (Acme's and Globex's):
 * started before its tests, closed after. Read the fields inside the tests (they are set in
 * beforeAll).
 */
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from './databases.ts';
import { call, createMember, type Harness, signIn, startHarness } from './harness.ts';

export interface AcmeAndGlobex {
  h: Harness;
  /** Acme's admin's access token. */
  acme: string;
  /** Globex's admin's access token. */
  globex: string;
  /** Acme's customer id. */
  customerId: string;
  /** A new member of Acme (or of the token's customer). */
  member(fields?: Record<string, unknown>, token?: string): ReturnType<typeof createMember>;
}

export function acmeAndGlobex(database: TestDatabase): AcmeAndGlobex {
  const s = {
    member: (fields: Record<string, unknown> = {}, token = s.acme) => createMember(s.h, token, fields),
  } as AcmeAndGlobex;
  beforeAll(async () => {
    s.h = await startHarness(database);
    s.acme = (await signIn(s.h, 'admin@acme.example')).access;
    s.globex = (await signIn(s.h, 'admin@globex.example')).access;
    s.customerId = (await call(s.h.app, 'GET', 'me/', s.acme)).body.customer.id;
  });
  afterAll(() => s.h.close());
  return s;
}
