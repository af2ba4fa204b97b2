/** profiles/ — how the login assistant fills one app's sign-in for a configuration group's members. */
import {
  itemsListSchema,
  noContentSchema,
  profileInputSchema,
  profileListQuerySchema,
  profilePatchSchema,
  profileSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { requireLoginAssistant } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const profileRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    requireLoginAssistant(app, services.db);
    const tags = ['profiles'];
    const s = services.profiles;

    app.get(
      '/profiles/',
      {
        schema: {
          tags,
          summary: 'Login-assistant profiles',
          querystring: profileListQuerySchema,
          response: { 200: itemsListSchema(profileSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/profiles/',
      {
        config: { errors: [409], audit: { action: 'profile.create', target: 'profile', param: null } },
        schema: { tags, summary: 'Create a profile', body: profileInputSchema, response: { 201: profileSchema } },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/profiles/:id/',
      { schema: { tags, summary: 'One profile', params: idParams, response: { 200: profileSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/profiles/:id/',
      {
        config: { errors: [409], audit: { action: 'profile.update', target: 'profile' } },
        schema: {
          tags,
          summary: 'Change a profile',
          params: idParams,
          body: profilePatchSchema,
          response: { 200: profileSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/profiles/:id/',
      {
        config: { audit: { action: 'profile.delete', target: 'profile' } },
        schema: { tags, summary: 'Delete a profile', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
