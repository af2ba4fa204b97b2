/**
 * Authentication for every route under /api/v1, secure by default: a route is open only when
 * it declares `config: { auth: 'public' }`; otherwise it needs a live bearer token, and a
 * route (or its plugin, through `restrictTo`) may name the user types it admits.
 *
 * It runs at `onRequest`, before the body is parsed or validated, so a request without a
 * valid token answers 401 whatever its body holds.
 */
import type { UserType } from '@portiere/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser, TokenService } from '../auth/tokens.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public', or the user types admitted (none listed: any signed-in staff user). */
    auth?: 'public' | readonly UserType[];
  }
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export const API_PREFIX = '/api/v1/';

export function installAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    // Unknown paths fall through to the 404 handler; the console and docs are outside the API.
    if (!route.url?.startsWith(API_PREFIX)) return;
    const auth = route.config.auth;
    if (auth === 'public') return;
    // The scheme name is case-insensitive (RFC 9110 11.1).
    const token = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new AppError(401, 'unauthenticated');
    request.user = await tokens.verifyAccess(token);
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
