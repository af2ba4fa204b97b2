/**
 * The OpenAPI document a client generator reads (/api/docs/json): an independent linter
 * (Redocly, recommended rules, redocly.yaml) finds nothing in it, and it tells the truth about
 * the answers: operationIds, error answers, 204s, the export's media types, servers. It is
 * OpenAPI 3.1 made from the contracts, and /api/docs/ shows it.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EXPORT_MEDIA_TYPES } from '@portiere/contracts';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.ts';
import { createMember, type Harness, signIn, startHarness } from './test/harness.ts';
import { type Operation, operationsOf, sampleBody, sampleValue } from './test/openapi-operations.ts';

interface Response {
  description: string;
  content?: Record<string, { schema: { $ref?: string } }>;
}
interface Document {
  servers: { url: string }[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Response> }>>;
}

const [pglite] = testDatabases();
if (!pglite) throw new Error('no database');

describe('the OpenAPI document', () => {
  let h: Harness;
  let text: string;
  let doc: Document;
  let operations: Operation[];
  let customer: string;
  let reseller: string;
  const responsesOf = (op: Operation) => doc.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};

  beforeAll(async () => {
    h = await startHarness(pglite);
    const res = await h.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    text = res.body;
    doc = JSON.parse(text);
    operations = operationsOf(h.app);
    customer = (await signIn(h, 'admin@acme.example')).access;
    reseller = (await signIn(h, 'partner@northwind.example')).access;
  });
  afterAll(() => h?.close());

  it('publishes an OpenAPI 3.1 document generated from the contracts', async () => {
    const doc = (await h.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.4');
    const login = doc.paths['/api/v1/login/'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'otp',
      'password',
      'username',
    ]);
    expect(doc.paths['/api/v1/users/{id}/credentials/{cid}/test/']).toBeDefined();
    expect((await h.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('passes the Redocly linter with no error and no warning', async () => {
    const config = await loadConfig({ configPath: path.resolve(import.meta.dirname, '../redocly.yaml') });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId made of its method and path', () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map((op) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (key: string) => operations.find((op) => op.id === key)?.operationId;
    expect(idOf('POST login/')).toBe('postLogin');
    expect(idOf('GET users/')).toBe('getUsers');
    expect(idOf('GET users/{id}/')).toBe('getUser');
    expect(idOf('DELETE users/{id}/credentials/{cid}/')).toBe('deleteUserCredential');
    expect(idOf('GET users/export/')).toBe('getUsersExport');
  });

  it('names the server from PUBLIC_URL, or the one that served the document', async () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
    const other = await startHarness(pglite, { PUBLIC_URL: 'https://mfa.example.com/' });
    try {
      expect((await other.app.inject({ url: '/api/docs/json' })).json().servers).toEqual([
        { url: 'https://mfa.example.com' },
      ]);
    } finally {
      await other.close();
    }
  });

  it('documents the comma lists of the queries as arrays sent comma-separated (style form, explode false)', () => {
    const parameter = (path: string, name: string) =>
      (doc.paths[path]?.get as unknown as { parameters: Record<string, unknown>[] } | undefined)?.parameters.find(
        (p) => p.name === name,
      );
    const list = (items: Record<string, unknown>) => ({
      style: 'form',
      explode: false,
      schema: { type: 'array', items },
    });
    for (const [path, name] of [
      ['/api/v1/users/', 'group'],
      ['/api/v1/users/', 'credential_types'],
      ['/api/v1/audit/', 'actor'],
      ['/api/v1/audit/', 'action'],
      ['/api/v1/audit/export/', 'action'],
    ])
      expect(parameter(path, name), `${path} ${name}`).toMatchObject(list({ type: 'string' }));
    expect(parameter('/api/v1/applications/', 'type')).toMatchObject(
      list({ type: 'string', enum: ['web', 'spa', 'native', 'machine', 'radius', 'saml'] }),
    );
    expect(parameter('/api/v1/temporary-cards/', 'status')).toMatchObject(
      list({ type: 'string', enum: ['paired', 'not_paired', 'expired'] }),
    );
    // The text's own checks stay the service's: no string keyword is left on the array.
    expect(parameter('/api/v1/temporary-cards/', 'status')?.schema).not.toHaveProperty('pattern');
    expect(parameter('/api/v1/audit/', 'actor')?.schema).not.toHaveProperty('maxLength');
  });

  it('describes every error answer with the one ApiError component of the contracts', () => {
    const component = doc.components.schemas.ApiError as { properties: object; required: string[] };
    expect(Object.keys(component.properties).sort()).toEqual(['code', 'details', 'params', 'reason']);
    expect(component.required.sort()).toEqual(['code', 'reason']);
    for (const op of operations) {
      const errors = Object.entries(responsesOf(op)).filter(([status]) => Number(status) >= 400);
      expect(errors.length, op.id).toBeGreaterThan(0);
      for (const [status, response] of errors)
        expect(response.content, `${op.id} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
        });
    }
  });

  it('lists 401 on every operation that needs a token', () => {
    const behindToken = operations.filter((op) => !op.public);
    expect(behindToken.length).toBeGreaterThan(40);
    for (const op of behindToken) expect(op.statuses, op.id).toContain(401);
  });

  /**
   * What the server answers is what the document lists: every operation, called without a
   * token, as a customer user and as a reseller user, with ids that exist nowhere and the
   * smallest valid body, answers one of the statuses its operation lists.
   */
  it('lists every status the operations answer', async () => {
    const undocumented: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
      const query = new URLSearchParams(
        op.query.filter((q) => q.required).map((q): [string, string] => [q.name, String(sampleValue(q.schema))]),
      );
      // Public operations take no token (and one sent to logout/ would end the session).
      for (const token of op.public ? [undefined] : [undefined, customer, reseller]) {
        const res = await h.app.inject({
          method: op.method,
          url: query.size ? `${url}?${query}` : url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(op.body ? { payload: sampleBody(op.body) } : {}),
        });
        if (!op.statuses.includes(res.statusCode))
          undocumented.push(`${op.id} answered ${res.statusCode}: ${res.body}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('lists 204 without content where an operation answers 204', async () => {
    const member = await createMember(h, customer);
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${member.id}/`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(res.statusCode).toBe(204);
    const noContent = operations.filter((op) => op.statuses.includes(204));
    expect(noContent.map((op) => op.id)).toEqual(expect.arrayContaining(['DELETE users/{id}/', 'POST logout/']));
    for (const op of noContent) {
      expect(responsesOf(op)['204'], op.id).toEqual({ description: 'No content' });
      expect(op.statuses, op.id).not.toContain(200);
    }
    // Every DELETE of this API answers 204.
    for (const op of operations.filter((o) => o.method === 'DELETE')) expect(op.statuses, op.id).toContain(204);
  });

  it("lists the export's three media types, the ones it answers with", async () => {
    const exportOp = operations.find((op) => op.id === 'GET users/export/');
    if (!exportOp) throw new Error('no export operation');
    const documented = Object.keys(responsesOf(exportOp)['200']?.content ?? {}).sort();
    expect(documented).toEqual(
      ['text/csv', 'application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].sort(),
    );
    for (const format of Object.keys(EXPORT_MEDIA_TYPES)) {
      const res = await h.app.inject({
        url: `/api/v1/users/export/?format=${format}&file_name=members`,
        headers: { authorization: `Bearer ${customer}` },
      });
      expect(res.statusCode, format).toBe(200);
      expect(documented, format).toContain(String(res.headers['content-type']).split(';')[0]);
    }
  });
});
