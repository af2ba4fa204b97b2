/** Bearer authentication and role checks, as route preHandlers. */
import type { UserType } from '@portiere/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, TokenService } from '../auth/tokens.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export function authGuard(tokens: TokenService, ...allowed: UserType[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError(401, 'unauthenticated');
    request.user = await tokens.verifyAccess(header.slice(7));
    if (allowed.length && !allowed.includes(request.user.user_type)) throw new AppError(403, 'forbidden');
  };
}

/** The authenticated user; only call in routes behind authGuard. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'unauthenticated');
  return request.user;
}

/** The customer of a customer user's request (routes guarded for CustomerUser only). */
export function customerOf(request: FastifyRequest): string {
  return currentUser(request).customer_id ?? '';
}
