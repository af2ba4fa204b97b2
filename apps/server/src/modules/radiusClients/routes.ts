/** radius-clients/ — the devices that sign members in over RADIUS; a shared secret is answered only when made. */
import {
  noContentSchema,
  radiusClientInputSchema,
  radiusClientListQuerySchema,
  radiusClientListSchema,
  radiusClientPatchSchema,
  radiusClientSchema,
  radiusClientWithSecretSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const radiusClientRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['radiusClients'];
    const s = services.radiusClients;

    app.get(
      '/radius-clients/',
      {
        schema: {
          tags,
          summary: 'RADIUS clients, newest first',
          querystring: radiusClientListQuerySchema,
          response: { 200: radiusClientListSchema },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/radius-clients/',
      {
        config: { errors: [409], audit: { action: 'radius_client.create', target: 'radius_client', param: null } },
        schema: {
          tags,
          summary: 'Register a RADIUS client (its shared secret is answered once)',
          description:
            'A device, or a range of them, and the RADIUS application whose app roles decide who may sign in. ' +
            'The server makes the shared secret and keeps it sealed; it is never answered again.',
          body: radiusClientInputSchema,
          response: { 201: radiusClientWithSecretSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/radius-clients/:id/',
      { schema: { tags, summary: 'One RADIUS client', params: idParams, response: { 200: radiusClientSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/radius-clients/:id/',
      {
        config: { errors: [409], audit: { action: 'radius_client.update', target: 'radius_client' } },
        schema: {
          tags,
          summary: 'Change a RADIUS client',
          params: idParams,
          body: radiusClientPatchSchema,
          response: { 200: radiusClientSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.post(
      '/radius-clients/:id/secret/',
      {
        config: { audit: { action: 'radius_client.secret', target: 'radius_client' } },
        schema: {
          tags,
          summary: 'Give a RADIUS client a new shared secret (answered once)',
          description: 'The old secret stops working at once.',
          params: idParams,
          response: { 200: radiusClientWithSecretSchema },
        },
      },
      (req) => s.renewSecret(customerOf(req), req.params.id),
    );
    app.delete(
      '/radius-clients/:id/',
      {
        config: { audit: { action: 'radius_client.delete', target: 'radius_client' } },
        schema: { tags, summary: 'Delete a RADIUS client', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
