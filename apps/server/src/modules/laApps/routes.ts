/** la-apps/ — applications without a modern sign-in that the login assistant signs members in to. */
import {
  itemsListSchema,
  laAppInputSchema,
  laAppListQuerySchema,
  laAppPatchSchema,
  laAppSchema,
  noContentSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { requireLoginAssistant } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const laAppRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    requireLoginAssistant(app, services.db);
    const tags = ['laApps'];
    const s = services.laApps;

    app.get(
      '/la-apps/',
      {
        schema: {
          tags,
          summary: 'Login-assistant applications',
          querystring: laAppListQuerySchema,
          response: { 200: itemsListSchema(laAppSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/la-apps/',
      {
        config: { errors: [409], audit: { action: 'la_app.create', target: 'la_app', param: null } },
        schema: {
          tags,
          summary: 'Create a login-assistant application',
          body: laAppInputSchema,
          response: { 201: laAppSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/la-apps/:id/',
      {
        schema: { tags, summary: 'One login-assistant application', params: idParams, response: { 200: laAppSchema } },
      },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/la-apps/:id/',
      {
        config: { errors: [409], audit: { action: 'la_app.update', target: 'la_app' } },
        schema: {
          tags,
          summary: 'Change a login-assistant application',
          params: idParams,
          body: laAppPatchSchema,
          response: { 200: laAppSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/la-apps/:id/',
      {
        config: { errors: [409], audit: { action: 'la_app.delete', target: 'la_app' } },
        schema: {
          tags,
          summary: 'Delete a login-assistant application (refused while in login groups)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
