/** users/{id}/sign-ins/: a member's sign-ins, newest first (the member's detail, Web and Workstation tabs). */
import { memberSignInListQuerySchema, memberSignInSchema, pagedListSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const memberSignInsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    app.get(
      '/users/:id/sign-ins/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags: ['members'],
          summary: "A member's sign-ins",
          description:
            'Each sign-in through the OpenID provider or at a workstation: success, failure (with its reason) or ' +
            'abort, the kinds the member proved, the application or the machine, and the address. Newest first; ' +
            'filter by `outcome` and `channel`.',
          params: idParams,
          querystring: memberSignInListQuerySchema,
          response: { 200: pagedListSchema(memberSignInSchema) },
        },
      },
      (req) => services.memberSignIns.list(customerOf(req), req.params.id, req.query),
    );
  };
