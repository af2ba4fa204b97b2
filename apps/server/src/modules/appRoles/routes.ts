/** app-roles/ — the flow and role name a configuration group's members get in one application. */
import {
  appRoleInputSchema,
  appRoleListQuerySchema,
  appRolePatchSchema,
  appRoleSchema,
  noContentSchema,
  pagedListSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const appRoleRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['appRoles'];
    const s = services.appRoles;

    app.get(
      '/app-roles/',
      {
        schema: {
          tags,
          summary: 'App roles',
          querystring: appRoleListQuerySchema,
          response: { 200: pagedListSchema(appRoleSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/app-roles/',
      {
        config: { errors: [409], audit: { action: 'app_role.create', target: 'app_role', param: null } },
        schema: { tags, summary: 'Create an app role', body: appRoleInputSchema, response: { 201: appRoleSchema } },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/app-roles/:id/',
      { schema: { tags, summary: 'One app role', params: idParams, response: { 200: appRoleSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/app-roles/:id/',
      {
        config: { errors: [409], audit: { action: 'app_role.update', target: 'app_role' } },
        schema: {
          tags,
          summary: 'Change an app role',
          params: idParams,
          body: appRolePatchSchema,
          response: { 200: appRoleSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/app-roles/:id/',
      {
        config: { audit: { action: 'app_role.delete', target: 'app_role' } },
        schema: { tags, summary: 'Delete an app role', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
