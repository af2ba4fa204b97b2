/**
 * Every operation that may change something declares its audit action, or why it records
 * none (plugins/audit.ts): read from the OpenAPI document, so an area added later fails here
 * until it does.
 */
import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS } from '@portiere/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { SecretBox } from '../lib/crypto.ts';
import { operationsOf } from '../test/openapi-operations.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('audit declarations', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const database = await openPglite();
    await database.migrate();
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: '/tmp/portiere-test', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, box: new SecretBox(randomBytes(32)), logger: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('has an audit action, or a reason for none, on every operation that may change something', () => {
    const mutating = operationsOf(app).filter((op) => MUTATING.has(op.method));
    expect(mutating.length).toBeGreaterThan(30);
    const undeclared = mutating.filter((op) => !app.auditRoutes.get(`${op.method} ${op.url}`)).map((op) => op.id);
    expect(undeclared).toEqual([]);
  });

  it('names only catalogued actions, and a reason where it records none', () => {
    for (const [route, audit] of app.auditRoutes) {
      if (!audit) continue;
      if ('none' in audit) expect(audit.none.length, route).toBeGreaterThan(10);
      else expect(AUDIT_ACTIONS, route).toContain(audit.action);
    }
  });

  it('records the one read whose data leaves the system: the members export', () => {
    expect(app.auditRoutes.get('GET /api/v1/users/export/')).toMatchObject({ action: 'member.export' });
  });
});
