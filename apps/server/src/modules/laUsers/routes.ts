/** la-users/ — members' login-assistant credentials; passwords are write-only. */
import {
  itemsListSchema,
  laUserInputSchema,
  laUserListQuerySchema,
  laUserPatchSchema,
  laUserSchema,
  noContentSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { requireLoginAssistant } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const laUserRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    requireLoginAssistant(app, services.db);
    const tags = ['laUsers'];
    const s = services.laUsers;

    app.get(
      '/la-users/',
      {
        schema: {
          tags,
          summary: "Members' login-assistant credentials",
          querystring: laUserListQuerySchema,
          response: { 200: itemsListSchema(laUserSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/la-users/',
      {
        config: { errors: [409, 422], audit: { action: 'la_user.create', target: 'la_user', param: null } },
        schema: {
          tags,
          summary: 'Create a login-assistant credential (the password is never answered)',
          body: laUserInputSchema,
          response: { 201: laUserSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/la-users/:id/',
      {
        schema: { tags, summary: 'One login-assistant credential', params: idParams, response: { 200: laUserSchema } },
      },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/la-users/:id/',
      {
        config: { errors: [409, 422], audit: { action: 'la_user.update', target: 'la_user' } },
        schema: {
          tags,
          summary: 'Change a login-assistant credential (replace or regenerate its password)',
          params: idParams,
          body: laUserPatchSchema,
          response: { 200: laUserSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/la-users/:id/',
      {
        config: { audit: { action: 'la_user.delete', target: 'la_user' } },
        schema: {
          tags,
          summary: 'Delete a login-assistant credential',
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
