/**
 * Authentication for every route under /api/v1, secure by default: a route is open only when
 * it declares `config: { auth: 'public' }`; otherwise it needs a live bearer token or a manager
 * user's API key, and a route (or its plugin, through `restrictTo`) may name the user types it
 * admits.
 *
 * An API key (header X-API-Key, taken only when no bearer token is sent) reaches only routes
 * that declare the scope they need (`config: { scope: 'members:read' }`) and that the key was
 * given: 403 apiKeyScope otherwise, 403 apiKeyNotAllowed on routes that declare none. Each key
 * may make API_KEY_RATE_LIMIT calls a minute, counted under its key id (never the key).
 *
 * It runs at `onRequest`, before the body is parsed or validated, so a request without a
 * valid token or key answers 401 whatever its body holds.
 */
import type { ApiKeyScope, UserType } from '@portiere/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiKeyService, type ApiKeyUser, apiKeyIdOf } from '../auth/api-keys.ts';
import type { AuthUser, TokenService } from '../auth/tokens.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public', or the user types admitted (none listed: any signed-in staff user). */
    auth?: 'public' | readonly UserType[];
    /** The API key scope the route needs; without one, API keys are refused (403). */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export const API_PREFIX = '/api/v1/';

export interface ApiKeyAuth {
  keys: ApiKeyService;
  /** Calls a minute per key. */
  ratePerMinute: number;
}

/**
 * Checks a manager user's API key for a route that needs `scope`: counted against the key's rate
 * limit before its secret is checked (so guessing at one key is limited too), then 401, 429 or
 * 403 (apiKeyNotAllowed without a scope, apiKeyScope without this one). Also SCIM's (scim/routes.ts),
 * whose calls are counted apart (`counter`), against a limit of their own.
 */
export function apiKeyCheck(
  app: FastifyInstance,
  apiKeys: ApiKeyAuth,
  counter = 'api-key',
): (request: FastifyRequest, key: string, scope: ApiKeyScope | undefined) => Promise<ApiKeyUser> {
  const keyIds = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: apiKeys.ratePerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `${counter}:${keyIds.get(req)}`,
  });
  return async (request, key, scope) => {
    const keyId = apiKeyIdOf(key);
    const row = keyId ? await apiKeys.keys.find(keyId) : undefined;
    if (!keyId || !row) throw new AppError(401, 'apiKeyInvalid');
    keyIds.set(request, keyId);
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      const error = new AppError(429, 'rateLimited');
      error.retryAfterS = counted.ttlInSeconds;
      throw error;
    }
    const user = await apiKeys.keys.authenticate(key, row);
    if (!scope) throw new AppError(403, 'apiKeyNotAllowed');
    if (!user.apiKey.scopes.includes(scope)) throw new AppError(403, 'apiKeyScope', { scope });
    return user;
  };
}

export function installAuthentication(app: FastifyInstance, tokens: TokenService, apiKeys: ApiKeyAuth): void {
  const byApiKey = apiKeyCheck(app, apiKeys);

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    // Unknown paths fall through to the 404 handler; the console and docs are outside the API.
    if (!route.url?.startsWith(API_PREFIX)) return;
    const auth = route.config.auth;
    if (auth === 'public') return;
    const authorization = request.headers.authorization;
    const key = request.headers['x-api-key'];
    if (!authorization && typeof key === 'string') {
      request.user = await byApiKey(request, key, route.config.scope);
    } else {
      // The scheme name is case-insensitive (RFC 9110 11.1).
      const token = /^bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError(401, 'unauthenticated');
      request.user = await tokens.verifyAccess(token);
    }
    if (auth?.length && !auth.includes(request.user.user_type)) throw new AppError(403, 'forbidden');
  });
}

/** Admits only these user types to every route the plugin declares after this call. */
export function restrictTo(app: FastifyInstance, ...types: UserType[]): void {
  app.addHook('onRoute', (route) => {
    route.config = { auth: types, ...(route.config ?? {}) };
  });
}

/** The authenticated user; only call in routes behind authentication. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'unauthenticated');
  return request.user;
}

/** The customer of a customer user's request (routes restricted to CustomerUser). */
export function customerOf(request: FastifyRequest): string {
  return currentUser(request).customer_id ?? '';
}
