/** groups/ (the spec keeps the route name) — configurations and their members. */
import {
  bulkResultSchema,
  configurationInputSchema,
  configurationListQuerySchema,
  configurationPatchSchema,
  configurationSchema,
  idsSchema,
  memberSchema,
  noContentSchema,
  pagedListSchema,
  pagingQuerySchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const configurationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['configurations'];
    const g = services.configurations;

    app.get(
      '/groups/',
      {
        schema: {
          tags,
          summary: 'Configuration groups (search, web_login, workstation_login, biometry filters)',
          querystring: configurationListQuerySchema,
          response: { 200: pagedListSchema(configurationSchema) },
        },
      },
      (req) => g.list(customerOf(req), req.query),
    );
    app.post(
      '/groups/',
      {
        config: { errors: [409], audit: { action: 'configuration.create', target: 'configuration', param: null } },
        schema: {
          tags,
          summary: 'Create a configuration group',
          body: configurationInputSchema,
          response: { 201: configurationSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await g.create(customerOf(req), req.body)),
    );
    app.get(
      '/groups/:id/',
      {
        schema: { tags, summary: 'One configuration group', params: idParams, response: { 200: configurationSchema } },
      },
      (req) => g.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/groups/:id/',
      {
        config: { errors: [409], audit: { action: 'configuration.update', target: 'configuration' } },
        schema: {
          tags,
          summary: 'Change a configuration group',
          params: idParams,
          body: configurationPatchSchema,
          response: { 200: configurationSchema },
        },
      },
      (req) => g.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/groups/:id/',
      {
        config: { audit: { action: 'configuration.delete', target: 'configuration' } },
        schema: { tags, summary: 'Delete a configuration group', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await g.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/groups/:id/users/',
      {
        schema: {
          tags,
          summary: 'Members of the group',
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: pagedListSchema(memberSchema) },
        },
      },
      (req) => g.members(customerOf(req), req.params.id, req.query),
    );
    app.post(
      '/groups/:id/users/',
      {
        config: { audit: { action: 'configuration.add_member', target: 'configuration' } },
        schema: {
          tags,
          summary: 'Assign members to the group',
          params: idParams,
          body: idsSchema,
          response: { 200: bulkResultSchema },
        },
      },
      (req) => g.assign(customerOf(req), req.params.id, req.body.ids),
    );
    app.delete(
      '/groups/:id/users/:uid/',
      {
        config: { audit: { action: 'configuration.remove_member', target: 'configuration' } },
        schema: {
          tags,
          summary: 'Remove a member from the group',
          params: z.object({ id: z.string(), uid: z.string() }),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await g.unassign(customerOf(req), req.params.id, req.params.uid);
        return reply.status(204).send();
      },
    );
  };
