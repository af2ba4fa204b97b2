/**
 * The OpenAPI document (@fastify/swagger, served at /api/docs/json). What the shape of a route
 * tells is written here once for every operation: its operationId (from method and path), who
 * may call it (bearer token, and an API key where the route declares a scope), and the error
 * answers that follow from its shape (400 for any input, 401, 403 and 429 behind a token or API
 * key, 404 with path ids, 413/415 for methods that carry a body, 429 with a rate limit). A route
 * declares only the errors its service adds (`config.errors`). Every error answer references one
 * shared component, ApiError. A multipart upload documents its form (`config.multipart`).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_KEY_HEADER, API_KEY_RATE_LIMIT_PER_MIN, apiErrorSchema, USER_TYPES, VERSION } from '@portiere/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import pluralize from 'pluralize';
import type { ZodType } from 'zod';
import type { Config } from '../config.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error answers the route's service gives beyond those its shape implies (openapi.ts). */
    errors?: readonly ErrorStatus[];
    /** The contract schema of a multipart/form-data body the handler reads itself (uploads): documented, not validated. */
    multipart?: ZodType;
  }
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid: malformed JSON, a field that fails validation, or text with a NUL character',
  401: 'No valid access token or API key, or the credentials sent are wrong or expired',
  403: 'The signed-in user type may not call this operation, or the API key lacks its scope',
  404: 'No such object in the caller’s tenant',
  409: 'Conflicts with data that already exists',
  410: 'The link is not valid, has expired or was already used',
  413: 'The request body is too large',
  415: 'The request body is not JSON',
  422: 'The request is valid but cannot be carried out as things stand',
  429: 'Too many requests; Retry-After says when to try again',
  502: 'The mail server did not accept the mail; nothing was changed',
};

/**
 * The operationId of a route: the method, then the path's words in camelCase, a collection
 * followed by an id in the singular ('DELETE /api/v1/users/:id/credentials/:cid/' is
 * deleteUserCredential). A function of method and path alone, so it stays as long as they do.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment, i) => {
    if (segment.startsWith(':')) return [];
    const name = segments[i + 1]?.startsWith(':') ? pluralize.singular(segment) : segment;
    return name.split(/[-_]/);
  });
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
  return `${method.toLowerCase()}${pascal}`;
}

/** The error answers of a route: those its shape implies and those it declares. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function errorStatusesOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): ErrorStatus[] {
  const config = route.config ?? {};
  const statuses = new Set<ErrorStatus>([400, ...(config.errors ?? [])]);
  if (config.auth !== 'public' || config.assistantSession === true) statuses.add(401);
  if (Array.isArray(config.auth) && config.auth.length) statuses.add(403);
  // Behind a token, an API key may be sent instead: refused without the route's scope (403)
  // and rate limited per key (429).
  if (config.auth !== 'public') {
    statuses.add(403);
    statuses.add(429);
  }
  if (route.url.includes(':')) statuses.add(404);
  // Fastify reads a body sent with these methods, whether or not the route takes one.
  if ([route.method].flat().some((m) => BODY_METHODS.has(m))) {
    statuses.add(413);
    statuses.add(415);
  }
  if (config.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: apiErrorSchema } },
});

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

const transform: Transform = (input) => {
  const route = input.route;
  const config = route.config ?? {};
  const schema = input.schema ?? {};
  const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
  const errors = Object.fromEntries(errorStatusesOf(route).map((s) => [s, errorResponse(s)]));
  // An upload's form goes through the same zod-to-JSON conversion as any body.
  const upload = config.multipart ? { consumes: ['multipart/form-data'], body: config.multipart } : {};
  const out = jsonSchemaTransform({
    ...input,
    schema: {
      operationId: operationIdOf(method, route.url),
      ...schema,
      ...upload,
      response: { ...(schema.response as object | undefined), ...errors },
    },
  });
  // Public operations need no token, the login assistant's own its session's (assistantSession);
  // the others name the user types they admit (x-user-types), which the generated suites read.
  const auth = config.auth;
  const session: Record<string, string[]> = { assistantSession: [] };
  const keyOrBearer: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
  const access = config.assistantSession
    ? { security: config.assistantSession === true ? [session] : [{}, session] }
    : auth === 'public'
      ? { security: [] }
      : {
          'x-user-types': auth?.length ? auth : USER_TYPES,
          // Routes open to API keys name the scope a key needs.
          ...(config.scope ? { security: keyOrBearer, 'x-api-key-scope': config.scope } : {}),
        };
  return { ...out, schema: { ...out.schema, ...access } };
};

interface Parameter {
  schema?: Record<string, unknown>;
  style?: unknown;
  explode?: unknown;
}
interface DocumentShape {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/**
 * Adds the components the routes reference (ApiError) and drops the ones nothing references.
 * A query list's serialization (style, explode: lists.ts commaListParam) belongs to the
 * parameter: @fastify/swagger copies only the query object's own style, so it moves here from
 * the property's schema to its parameter.
 */
const transformObject: TransformObject = (documentObject) => {
  const doc = jsonSchemaTransformObject(documentObject) as DocumentShape;
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const parameter of operation.parameters ?? []) {
        const { style, explode, ...schema } = parameter.schema ?? {};
        if (style === undefined && explode === undefined) continue;
        parameter.schema = schema;
        if (style !== undefined) parameter.style = style;
        if (explode !== undefined) parameter.explode = explode;
      }
  const schemas = doc.components?.schemas ?? {};
  const text = JSON.stringify(doc);
  for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return doc as ReturnType<TransformObject>;
};

export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portiere API',
        version: VERSION,
        description: 'Administration API of the Portiere MFA platform',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Where clients reach the API: PUBLIC_URL when set, else the server that served the document.
      servers: [{ url: config.explicitPublicUrl?.replace(/\/+$/, '') || '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: API_KEY_HEADER,
            description:
              "A manager user's API key (`ptk_…`), made by the customer's reseller and shown once. " +
              'Sent instead of a bearer token, it acts as that manager user on the operations that name ' +
              'the scope it needs (`x-api-key-scope`) when the key has that scope, until the user’s ' +
              `expiration; other operations answer 403. Each key may make ${API_KEY_RATE_LIMIT_PER_MIN} calls a minute.`,
          },
          assistantSession: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The login assistant's session (assistant/ operations): the opaque `access_token` that " +
              'POST /api/v1/assistant/sign-in/{id}/verify/ answers when a member completes the customer’s ' +
              'login-assistant flow, sent as `Authorization: Bearer <token>`. Not a staff token: it admits ' +
              'only the assistant/ operations, for that member, until it expires (`expires_in`) or ' +
              'POST /api/v1/assistant/sign-out/.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  };
}
