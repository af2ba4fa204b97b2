/**
 * SCIM 2.0 at PUBLIC_URL/scim/v2 (contracts/scim.ts). A manager user's API key with the `scim`
 * scope, sent as a bearer token (what Entra ID and Okta send), names the customer; every read and
 * write is that customer's. Bodies are `application/scim+json` (plain JSON accepted), answers
 * too, and every failure is a SCIM error body. Writes are audited like the console's, with the
 * API key as the actor.
 */
import { type AuditAction, type AuditTargetType, SCIM_CONTENT_TYPE, SCIM_SCHEMAS } from '@portiere/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiKeyAuth, apiKeyCheck } from '../plugins/auth-guard.ts';
import { GROUP_ATTRIBUTES, type ResourceAttributes, USER_ATTRIBUTES } from './attributes.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.ts';
import { invalidSyntax, ScimError, sendScimError } from './errors.ts';
import type { ScimGroups } from './groups.ts';
import type { ScimListQuery } from './list.ts';
import { projection } from './projection.ts';
import { rootSearch } from './root.ts';
import type { ScimUsers } from './users.ts';
import { matches } from './versions.ts';

export interface ScimServices {
  users: ScimUsers;
  groups: ScimGroups;
}

type Query = Record<string, string | undefined>;

const intOf = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d{1,9}$/.test(v) ? Number(v) : undefined;
  return n;
};

function listQuery(q: Record<string, unknown>): ScimListQuery & { attributes?: string; excludedAttributes?: string } {
  const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : undefined);
  return {
    filter: str(q.filter),
    startIndex: intOf(q.startIndex),
    count: intOf(q.count),
    sortBy: str(q.sortBy),
    sortOrder: str(q.sortOrder),
    attributes: str(q.attributes),
    excludedAttributes: str(q.excludedAttributes),
  };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidSyntax('The body is a JSON object.');
  return body as Record<string, unknown>;
}

function customerOf(request: FastifyRequest): string {
  const customer = request.user?.customer_id;
  if (!customer) throw new ScimError(403, undefined, 'SCIM is for the API keys of customers’ manager users.');
  return customer;
}

/** A resource with its ETag header; 304 when the client already holds this version. */
function sendResource(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: { meta: { version: string } },
  status = 200,
  attributes: ResourceAttributes = USER_ATTRIBUTES,
) {
  reply.header('etag', resource.meta.version);
  reply.header('location', (resource.meta as { location?: string }).location ?? '');
  const ifNoneMatch = request.headers['if-none-match'];
  if (request.method === 'GET' && typeof ifNoneMatch === 'string' && matches(resource, ifNoneMatch)) {
    return reply.status(304).send();
  }
  const p = projection(attributes, listQuery(request.query as Record<string, unknown>));
  return reply.status(status).send(p(resource));
}

const ifMatchOf = (request: FastifyRequest) => {
  const v = request.headers['if-match'];
  return typeof v === 'string' ? v : undefined;
};

export function scimRoutes(services: ScimServices, apiKeys: ApiKeyAuth, publicUrl: string) {
  return async (app: FastifyInstance) => {
    const byApiKey = apiKeyCheck(app, apiKeys, 'scim-key');
    // SCIM's own protocol, described by /ServiceProviderConfig and /Schemas, not by the API's OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    app.setErrorHandler((error, request, reply) => sendScimError(error, request, reply));
    app.setNotFoundHandler((request, reply) =>
      sendScimError(new ScimError(404, undefined, 'No such endpoint.'), request, reply),
    );
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode !== 304 && reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
      return payload;
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.auth === 'public') return;
      const token = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw new ScimError(401, undefined, 'Send an API key with the scope "scim" as a bearer token.');
      request.user = await byApiKey(request, token, 'scim');
    });

    // Discovery (RFC 7644 4): open to read, as directories read it before they have a key.
    const open = { config: { auth: 'public' as const } };
    app.get('/ServiceProviderConfig', open, async () => serviceProviderConfig(publicUrl));
    app.get('/ResourceTypes', open, async () => list(resourceTypes(publicUrl)));
    app.get<{ Params: { id: string } }>('/ResourceTypes/:id', open, async (request) => {
      const found = resourceTypes(publicUrl).find((r) => r.id === request.params.id);
      if (!found) throw new ScimError(404, undefined, `No resource type ${request.params.id}.`);
      return found;
    });
    app.get('/Schemas', open, async () => list(schemas(publicUrl)));
    app.get<{ Params: { id: string } }>('/Schemas/:id', open, async (request) => {
      const found = schemas(publicUrl).find((s) => s.id === request.params.id);
      if (!found) throw new ScimError(404, undefined, `No schema ${request.params.id}.`);
      return found;
    });

    const users = services.users;
    const groups = services.groups;

    // A query at the root, across Users and Groups (RFC 7644 3.4.2.1, 3.4.3).
    const rootQuery = (request: FastifyRequest, q: ListParams) =>
      rootSearch(
        q,
        (w) => users.list(customerOf(request), w),
        (w) => groups.list(customerOf(request), w, withMembers(q)),
      );
    app.get('/', async (request) => rootQuery(request, listQuery(request.query as Query)));
    app.post('/.search', { config: { audit: { none: 'a search reads' } } }, async (request) =>
      rootQuery(request, listQuery(bodyOf(request))),
    );
    // What ServiceProviderConfig says is not supported answers 501 (RFC 7644 3.7, 3.11, 3.12).
    const notImplemented = (what: string) => async () => {
      throw new ScimError(501, undefined, `${what} is not supported: see /ServiceProviderConfig.`);
    };
    app.post('/Bulk', { config: { audit: { none: 'nothing is done' } } }, notImplemented('Bulk'));
    app.all('/Me', { config: { audit: { none: 'nothing is done' } } }, notImplemented('/Me'));
    /** Whether a group answer is to hold the members (Entra ID asks without them: excludedAttributes=members). */
    const withMembers = (q: ListParams) => {
      const names = (v?: string) =>
        (v ?? '')
          .toLowerCase()
          .split(',')
          .map((n) => n.trim());
      if (names(q.excludedAttributes).some((n) => n === 'members' || n.startsWith('members.'))) return false;
      return !q.attributes || names(q.attributes).some((n) => n === 'members' || n.startsWith('members.'));
    };
    resourceRoutes(
      app,
      '/Users',
      USER_ATTRIBUTES,
      { create: 'member.create', update: 'member.update', delete: 'member.delete', target: 'member' },
      {
        list: (customer, q) => users.list(customer, q),
        get: (customer, id) => users.get(customer, id),
        create: (customer, body) => users.create(customer, body),
        replace: (customer, id, body, ifMatch) => users.replace(customer, id, body, ifMatch),
        patch: (customer, id, body, ifMatch) => users.patch(customer, id, body, ifMatch),
        remove: (customer, id, ifMatch) => users.remove(customer, id, ifMatch),
      },
    );
    resourceRoutes(
      app,
      '/Groups',
      GROUP_ATTRIBUTES,
      {
        create: 'configuration.create',
        update: 'configuration.update',
        delete: 'configuration.delete',
        target: 'configuration',
      },
      {
        list: (customer, q) => groups.list(customer, q, withMembers(q)),
        get: (customer, id, q) => groups.get(customer, id, withMembers(q)),
        create: (customer, body) => groups.create(customer, body),
        replace: (customer, id, body, ifMatch) => groups.replace(customer, id, body, ifMatch),
        patch: (customer, id, body, ifMatch) => groups.patch(customer, id, body, ifMatch),
        remove: (customer, id, ifMatch) => groups.remove(customer, id, ifMatch),
      },
    );
  };
}

type ListParams = ReturnType<typeof listQuery>;
type Versioned = { meta: { version: string } };

/** What a resource type's routes call: the Users and Groups services, each with the customer first. */
interface ResourceService {
  list(customer: string, q: ListParams): Promise<{ Resources: Versioned[] }>;
  get(customer: string, id: string, q: ListParams): Promise<Versioned>;
  create(customer: string, body: Record<string, unknown>): Promise<Versioned>;
  replace(customer: string, id: string, body: Record<string, unknown>, ifMatch?: string): Promise<Versioned>;
  patch(customer: string, id: string, body: unknown, ifMatch?: string): Promise<Versioned>;
  remove(customer: string, id: string, ifMatch?: string): Promise<void>;
}

/** A resource type's endpoints (RFC 7644 3.3 to 3.6), each write audited as the console's. */
function resourceRoutes(
  app: FastifyInstance,
  path: '/Users' | '/Groups',
  attributes: ResourceAttributes,
  audit: { create: AuditAction; update: AuditAction; delete: AuditAction; target: AuditTargetType },
  service: ResourceService,
) {
  const send = (request: FastifyRequest, reply: FastifyReply, resource: Versioned, status = 200) =>
    sendResource(request, reply, resource, status, attributes);
  const search = async (request: FastifyRequest, q: ListParams) => {
    const cut = projection(attributes, q);
    const answer = await service.list(customerOf(request), q);
    return { ...answer, Resources: answer.Resources.map(cut) };
  };
  const { target } = audit;
  type ById = { Params: { id: string } };
  app.get(path, async (request) => search(request, listQuery(request.query as Query)));
  app.post(`${path}/.search`, { config: { audit: { none: 'a search reads' } } }, async (request) =>
    search(request, listQuery(bodyOf(request))),
  );
  app.get<ById>(`${path}/:id`, async (request, reply) =>
    send(request, reply, await service.get(customerOf(request), request.params.id, listQuery(request.query as Query))),
  );
  app.post(path, { config: { audit: { action: audit.create, target, param: null } } }, async (request, reply) =>
    send(request, reply, await service.create(customerOf(request), bodyOf(request)), 201),
  );
  app.put<ById>(`${path}/:id`, { config: { audit: { action: audit.update, target } } }, async (request, reply) =>
    send(
      request,
      reply,
      await service.replace(customerOf(request), request.params.id, bodyOf(request), ifMatchOf(request)),
    ),
  );
  app.patch<ById>(`${path}/:id`, { config: { audit: { action: audit.update, target } } }, async (request, reply) =>
    send(request, reply, await service.patch(customerOf(request), request.params.id, request.body, ifMatchOf(request))),
  );
  app.delete<ById>(`${path}/:id`, { config: { audit: { action: audit.delete, target } } }, async (request, reply) => {
    await service.remove(customerOf(request), request.params.id, ifMatchOf(request));
    return reply.status(204).send();
  });
}

function list<T>(resources: T[]) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
