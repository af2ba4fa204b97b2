/** users/{id}/sign-ins/: a member's web login history, newest first (the member's detail, Web tab). */
import { memberSignInListQuerySchema, memberSignInSchema, pagedListSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const webLoginHistoryRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    app.get(
      '/users/:id/sign-ins/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags: ['members'],
          summary: "A member's web sign-ins",
          description:
            'Each sign-in through the OpenID provider: success, failure (with its reason) or abort, the kinds the ' +
            'member proved, the application and the address. Newest first; filter by `outcome`.',
          params: idParams,
          querystring: memberSignInListQuerySchema,
          response: { 200: pagedListSchema(memberSignInSchema) },
        },
      },
      (req) => services.webLoginHistory.list(customerOf(req), req.params.id, req.query),
    );
  };
