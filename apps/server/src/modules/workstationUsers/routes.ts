/** workstation-users/ and users/{id}/autologon/ */
import {
  autologonRequestSchema,
  autologonSchema,
  pagedListSchema,
  workstationUserListQuerySchema,
  workstationUserSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

export const workstationUserRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['workstationUsers'];
    app.get(
      '/workstation-users/',
      {
        schema: {
          tags,
          summary:
            'Members with Windows login credentials (search, autologon, recovery_mode, temporary_card, group filters)',
          querystring: workstationUserListQuerySchema,
          response: { 200: pagedListSchema(workstationUserSchema) },
        },
      },
      (req) => services.workstationUsers.list(customerOf(req), req.query),
    );
    app.post(
      '/users/:id/autologon/',
      {
        config: { errors: [422], audit: { action: 'workstation_user.autologon', target: 'workstation_user' } },
        schema: {
          tags,
          summary: 'Turn Windows autologon on or off',
          params: z.object({ id: z.string() }),
          body: autologonRequestSchema,
          response: { 200: autologonSchema },
        },
      },
      (req) => services.workstationUsers.setAutologon(customerOf(req), req.params.id, req.body.enabled),
    );
  };
