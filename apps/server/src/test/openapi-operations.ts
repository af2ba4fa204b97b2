/**
 * The operations of the API, read from the server's own OpenAPI document (app.swagger()), so
 * suites generated from it cover operations added later without new tests.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { SecretBox } from '../lib/crypto.ts';

export const API_PREFIX = '/api/v1/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON schema as @fastify/swagger writes it (only the keywords the suites read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Who may call an operation. */
export type Audience = 'public' | 'customer' | 'reseller' | 'any';

export interface Operation {
  /** 'PATCH users/{id}/': method and route, a readable key. */
  id: string;
  /** The document's operationId: 'patchUser'. */
  operationId: string;
  /** The statuses the document lists for the operation, errors included. */
  statuses: number[];
  method: HttpMethod;
  /** The OpenAPI path: '/api/v1/users/{id}/'. */
  path: string;
  /** The path below /api/v1/: 'users/{id}/'. */
  route: string;
  /** The Fastify URL template: '/api/v1/users/:id/'. */
  url: string;
  pathParams: string[];
  query: QueryParameter[];
  /** JSON schema of an application/json request body, when the operation documents one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Callable without a token. */
  public: boolean;
  audience: Audience;
  /** The scope an API key needs for the operation (x-api-key-scope); none: keys are refused. */
  apiKeyScope?: string;
  tags: string[];
  summary: string;
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, unknown>;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  'x-user-types'?: string[];
  'x-api-key-scope'?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation under /api/v1 in the app's OpenAPI document. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith(API_PREFIX)) continue;
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (!op) continue;
      const route = path.slice(API_PREFIX.length);
      const id = `${method} ${route}`;
      const params = op.parameters ?? [];
      // The document declares who may call: `security: []` for public operations (or a scheme that is
      // not the staff bearer: the login assistant's session), else x-user-types.
      const isPublic =
        Array.isArray(op.security) && !op.security.some((s) => typeof s === 'object' && s !== null && 'bearer' in s);
      const types = op['x-user-types'] ?? [];
      operations.push({
        id,
        operationId: op.operationId ?? '',
        statuses: Object.keys(op.responses ?? {}).map(Number),
        method,
        path,
        route,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        bodyRequired: op.requestBody?.required === true,
        public: isPublic,
        audience: isPublic
          ? 'public'
          : types.length === 1
            ? types[0] === 'ResellerUser'
              ? 'reseller'
              : 'customer'
            : 'any',
        ...(op['x-api-key-scope'] ? { apiKeyScope: op['x-api-key-scope'] } : {}),
        tags: op.tags ?? [],
        summary: op.summary ?? '',
      });
    }
  }
  return operations;
}

/**
 * The operations of a throwaway app on an empty in-memory database: for test files that
 * generate one test per operation while vitest collects them.
 */
export async function listOperations(): Promise<Operation[]> {
  const database = await openPglite();
  await database.migrate();
  const config = loadConfig({
    SMTP_URL: 'smtp://127.0.0.1:9',
    DATA_DIR: '/tmp/portiere-test',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, box: new SecretBox(randomBytes(32)), logger: false });
  try {
    await app.ready();
    return operationsOf(app);
  } finally {
    await app.close();
  }
}

/**
 * Fills a route's path parameters from ids keyed by the segment before each parameter:
 * 'users/{id}/credentials/{cid}/' reads 'users/{id}' and 'credentials/{cid}'. A missing key
 * throws, so an operation with a new kind of id fails until a fixture for it exists.
 */
export function fillRoute(route: string, ids: Record<string, string>, encode = true): string {
  return route.replace(/([^/]+)\/\{(\w+)\}/g, (_m, segment: string, param: string) => {
    const key = `${segment}/{${param}}`;
    const value = ids[key];
    if (value === undefined) throw new Error(`no fixture id for "${key}" (in ${route}); add one to tenant-fixtures.ts`);
    return `${segment}/${encode ? encodeURIComponent(value) : value}`;
  });
}

/** The keys fillRoute() needs for a route. */
export function pathKeys(route: string): string[] {
  return [...route.matchAll(/([^/]+)\/\{(\w+)\}/g)].map((m) => `${m[1]}/{${m[2]}}`);
}

const STRING_CANDIDATES = ['x', '1', '123456', 'a', 'x.csv', 'abc-123', '2030-01-01', 'x@example.com'];

/** A value that satisfies a (simple) JSON schema: the smallest one it can find. */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sampleValue(variants.find((v) => v.type !== 'null') ?? (variants[0] as JsonSchema));
  if (schema.allOf?.length) return sampleValue(Object.assign({}, ...schema.allOf));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return sampleBody(schema);
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2099-01-01T00:00:00Z';
  if (schema.format === 'date') return '2099-01-01';
  if (schema.format === 'email') return 'x@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  for (const base of STRING_CANDIDATES) {
    const s = base.length >= min ? base : base.padEnd(min, base.at(-1));
    if (s.length <= max && (!pattern || pattern.test(s))) return s;
  }
  return 'x'.repeat(Math.max(min, 1));
}

/** A minimal valid body: the required properties only, each with a sample value. */
export function sampleBody(schema: JsonSchema | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) body[name] = sampleValue(schema?.properties?.[name] ?? {});
  return body;
}

/** The fillRoute() key of one path parameter of a route: 'credentials/{cid}' for cid. */
export function pathKeyOf(route: string, param: string): string {
  const m = new RegExp(`([^/]+)/\\{${param}\\}`).exec(route);
  if (!m) throw new Error(`no parameter ${param} in ${route}`);
  return `${m[1]}/{${param}}`;
}
