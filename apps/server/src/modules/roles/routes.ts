/** roles/ — role groups with their authorised and unauthorised users. */
import {
  bulkResultSchema,
  idsSchema,
  memberSchema,
  noContentSchema,
  pagedListSchema,
  pagingQuerySchema,
  roleInputSchema,
  roleListQuerySchema,
  rolePatchSchema,
  roleSchema,
  yesNoParam,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const roleRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['roles'];
    const r = services.roles;

    app.get(
      '/roles/',
      {
        schema: {
          tags,
          summary: 'Role groups (search, empty filters)',
          querystring: roleListQuerySchema,
          response: { 200: pagedListSchema(roleSchema) },
        },
      },
      (req) => r.list(customerOf(req), req.query),
    );
    app.post(
      '/roles/',
      {
        config: { errors: [409], audit: { action: 'role.create', target: 'role', param: null } },
        schema: { tags, summary: 'Create a role group', body: roleInputSchema, response: { 201: roleSchema } },
      },
      async (req, reply) => reply.status(201).send(await r.create(customerOf(req), req.body)),
    );
    app.get(
      '/roles/:id/',
      { schema: { tags, summary: 'One role group', params: idParams, response: { 200: roleSchema } } },
      (req) => r.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/roles/:id/',
      {
        config: { errors: [409], audit: { action: 'role.update', target: 'role' } },
        schema: {
          tags,
          summary: 'Change a role group',
          params: idParams,
          body: rolePatchSchema,
          response: { 200: roleSchema },
        },
      },
      (req) => r.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/roles/:id/',
      {
        config: { audit: { action: 'role.delete', target: 'role' } },
        schema: { tags, summary: 'Delete a role group', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await r.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/roles/:id/users/',
      {
        schema: {
          tags,
          summary: 'Authorised (or unauthorised) users',
          params: idParams,
          querystring: pagingQuerySchema.extend({
            authorised: yesNoParam,
            search: z.string().max(200).optional(),
          }),
          response: { 200: pagedListSchema(memberSchema) },
        },
      },
      (req) => r.users(customerOf(req), req.params.id, req.query),
    );
    app.post(
      '/roles/:id/users/',
      {
        config: { audit: { action: 'role.add_user', target: 'role' } },
        schema: {
          tags,
          summary: 'Authorise users',
          params: idParams,
          body: idsSchema,
          response: { 200: bulkResultSchema },
        },
      },
      (req) => r.authorise(customerOf(req), req.params.id, req.body.ids),
    );
    app.delete(
      '/roles/:id/users/:uid/',
      {
        config: { audit: { action: 'role.remove_user', target: 'role' } },
        schema: {
          tags,
          summary: 'Remove an authorised user',
          params: z.object({ id: z.string(), uid: z.string() }),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await r.revoke(customerOf(req), req.params.id, req.params.uid);
        return reply.status(204).send();
      },
    );
  };
