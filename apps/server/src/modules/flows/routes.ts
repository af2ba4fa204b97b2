/** flows/ — the stages members pass to sign in to applications. */
import {
  flowInputSchema,
  flowListQuerySchema,
  flowPatchSchema,
  flowSchema,
  noContentSchema,
  pagedListSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const flowRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['flows'];
    const s = services.flows;

    app.get(
      '/flows/',
      {
        schema: {
          tags,
          summary: 'Flows',
          querystring: flowListQuerySchema,
          response: { 200: pagedListSchema(flowSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/flows/',
      {
        config: { errors: [409], audit: { action: 'flow.create', target: 'flow', param: null } },
        schema: { tags, summary: 'Create a flow', body: flowInputSchema, response: { 201: flowSchema } },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/flows/:id/',
      { schema: { tags, summary: 'One flow', params: idParams, response: { 200: flowSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/flows/:id/',
      {
        config: { errors: [409], audit: { action: 'flow.update', target: 'flow' } },
        schema: {
          tags,
          summary: 'Change a flow',
          params: idParams,
          body: flowPatchSchema,
          response: { 200: flowSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/flows/:id/',
      {
        config: { errors: [409], audit: { action: 'flow.delete', target: 'flow' } },
        schema: { tags, summary: 'Delete a flow', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
