/** login/, login/change-password/, login/refresh/, logout/, jwt/public/ */
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  publicKeyResponseSchema,
  refreshRequestSchema,
  tokenPairSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';

export const authRoutes =
  (services: Services, rateLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { rateLimit: { max: rateLimit, timeWindow: '1 minute' } };
    const tags = ['auth'];

    app.post(
      '/login/',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Sign in (password, then mailed code)',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      (req) => services.login.login(req.body, req.ip),
    );

    app.post(
      '/login/change-password/',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Forced password change',
          body: changePasswordRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      (req) => services.login.changePassword(req.body.change, req.body.new_password, req.ip),
    );

    app.post(
      '/login/refresh/',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Rotate the refresh token',
          body: refreshRequestSchema,
          response: { 200: tokenPairSchema },
        },
      },
      (req) => services.tokens.rotate(req.body.refresh),
    );

    app.post(
      '/logout/',
      { schema: { tags, summary: 'Revoke the session', body: logoutRequestSchema } },
      async (req, reply) => {
        if (req.body.refresh) await services.tokens.revoke(req.body.refresh);
        return reply.status(204).send();
      },
    );

    app.get(
      '/jwt/public/',
      {
        schema: {
          tags,
          summary: 'Public key (PEM) to verify access tokens',
          response: { 200: publicKeyResponseSchema },
        },
      },
      async () => ({ data: services.keys.publicPem }),
    );
  };
