/**
 * What operators do with workstation login (customer users): workstation-keys/ (list, create with
 * the key shown once, revoke), and a member's offline material (users/{id}/workstation/offline/:
 * the machines holding it, revoke one).
 */
import {
  noContentSchema,
  offlineGrantListSchema,
  pagingQuerySchema,
  workstationKeyCreatedSchema,
  workstationKeyCreateSchema,
  workstationKeyListQuerySchema,
  workstationKeyListSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });
const grantParams = z.object({ id: z.string(), grantId: z.string() });

export const workstationKeyRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['workstationKeys'];
    const keys = services.workstationKeys;

    app.get(
      '/workstation-keys/',
      {
        schema: {
          tags,
          summary: 'Workstation keys, newest first',
          querystring: workstationKeyListQuerySchema,
          response: { 200: workstationKeyListSchema },
        },
      },
      (req) => keys.list(customerOf(req), req.query),
    );
    app.post(
      '/workstation-keys/',
      {
        config: { audit: { action: 'workstation_key.create', target: 'workstation_key', param: null } },
        schema: {
          tags,
          summary: 'Issue a workstation key',
          description:
            'For one machine (`machine`) or, with `machine` null, for any machine of the fleet. The answer holds ' +
            'the key, shown this once; only its hash is kept.',
          body: workstationKeyCreateSchema,
          response: { 201: workstationKeyCreatedSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await keys.create(customerOf(req), req.body)),
    );
    app.delete(
      '/workstation-keys/:id/',
      {
        config: { audit: { action: 'workstation_key.revoke', target: 'workstation_key' } },
        schema: {
          tags,
          summary: 'Revoke a workstation key',
          description:
            'Its next call is refused; its sign-ins in progress and the offline material its machines fetched ' +
            'end with it.',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await keys.revoke(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/users/:id/workstation/offline/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags: ['members'],
          summary: "The machines holding a member's offline material",
          description: 'Live grants (not expired), newest first.',
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: offlineGrantListSchema },
        },
      },
      (req) => services.offlineMaterials.list(customerOf(req), req.params.id, req.query),
    );
    app.delete(
      '/users/:id/workstation/offline/:grantId/',
      {
        config: { audit: { action: 'workstation.offline_revoke', target: 'member' } },
        schema: {
          tags: ['members'],
          summary: "Revoke a machine's offline material",
          description: 'The machine deletes its copy at its next contact, and cannot refill it.',
          params: grantParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await services.offlineMaterials.revoke(customerOf(req), req.params.id, req.params.grantId);
        return reply.status(204).send();
      },
    );
  };
