/** login/, login/change-password/, login/refresh/, logout/, jwt/public/ */
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  noContentSchema,
  publicKeyResponseSchema,
  refreshRequestSchema,
  tokenPairSchema,
} from '@portiere/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';
import type { SignInResult } from './login-service.ts';

/** The trusted-device cookie (throttle.ts): sent only to the sign-in routes, never readable by scripts. */
const DEVICE_COOKIE = 'portiere_device';
const DEVICE_COOKIE_DAYS = 365;

function sourceOf(req: FastifyRequest) {
  return { ip: req.ip, device: req.cookies[DEVICE_COOKIE] };
}

function staffSource(req: FastifyRequest) {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null };
}

function answer(req: FastifyRequest, reply: FastifyReply, result: SignInResult) {
  if (result.device) {
    reply.setCookie(DEVICE_COOKIE, result.device, {
      path: '/api/v1/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }
  return result.answer;
}

/**
 * Sign-in steps record their own events (LoginService, TokenService): outside one request
 * transaction, so a refused sign-in is recorded though nothing else is written, and no
 * transaction is held across password hashing.
 */
const RECORDED_BY_SERVICE = 'sign-in events are recorded by the login and token services';

export const authRoutes =
  (services: Services, rateLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { auth: 'public', rateLimit: { max: rateLimit, timeWindow: '1 minute' } } as const;
    const open = { auth: 'public' } as const;
    const tags = ['auth'];

    app.post(
      '/login/',
      {
        config: { ...limited, errors: [401, 422], audit: { none: RECORDED_BY_SERVICE } },
        schema: {
          tags,
          summary: 'Sign in (password, then mailed code)',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (req, reply) => answer(req, reply, await services.login.login(req.body, sourceOf(req))),
    );

    app.post(
      '/login/change-password/',
      {
        config: { ...limited, errors: [401], audit: { none: RECORDED_BY_SERVICE } },
        schema: {
          tags,
          summary: 'Forced password change',
          body: changePasswordRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      (req) => services.login.changePassword(req.body.change, req.body.new_password, req.ip, req.body.confirm_password),
    );

    app.post(
      '/login/refresh/',
      {
        // No per-address limit: the token is a 256-bit secret with nothing to guess, and a count
        // kept in the database would cost a second statement, as much as the rotation itself.
        config: { ...open, errors: [401], audit: { none: RECORDED_BY_SERVICE } },
        schema: {
          tags,
          summary: 'Rotate the refresh token',
          body: refreshRequestSchema,
          response: { 200: tokenPairSchema },
        },
      },
      (req) => services.tokens.rotate(req.body.refresh, staffSource(req)),
    );

    app.post(
      '/logout/',
      {
        config: { ...open, audit: { none: RECORDED_BY_SERVICE } },
        schema: { tags, summary: 'Revoke the session', body: logoutRequestSchema, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        if (req.body.refresh) await services.tokens.revoke(req.body.refresh, staffSource(req));
        // The access token's session ends too, so it stops working at once.
        const bearer = req.headers.authorization;
        if (bearer?.startsWith('Bearer ')) {
          const user = await services.tokens.verifyAccess(bearer.slice(7)).catch(() => null);
          if (user) await services.tokens.revokeSession(user.sid, 'logout', staffSource(req));
        }
        return reply.status(204).send();
      },
    );

    app.get(
      '/jwt/public/',
      {
        config: open,
        schema: {
          tags,
          summary: 'Public key (PEM) to verify access tokens',
          response: { 200: publicKeyResponseSchema },
        },
      },
      async () => ({ data: services.keys.publicPem }),
    );
  };
