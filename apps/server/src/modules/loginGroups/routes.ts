/** login-groups/ — login groups, the apps in them and the members' credentials for them. */
import {
  itemsListSchema,
  laAppSchema,
  laUserSchema,
  loginGroupAppsInputSchema,
  loginGroupAppsResultSchema,
  loginGroupInputSchema,
  loginGroupListQuerySchema,
  loginGroupPatchSchema,
  loginGroupSchema,
  noContentSchema,
  pagingQuerySchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { requireLoginAssistant } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const loginGroupRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    requireLoginAssistant(app, services.db);
    const tags = ['loginGroups'];
    const s = services.loginGroups;

    app.get(
      '/login-groups/',
      {
        schema: {
          tags,
          summary: 'Login groups',
          querystring: loginGroupListQuerySchema,
          response: { 200: itemsListSchema(loginGroupSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/login-groups/',
      {
        config: { errors: [409], audit: { action: 'login_group.create', target: 'login_group', param: null } },
        schema: {
          tags,
          summary: 'Create a login group',
          body: loginGroupInputSchema,
          response: { 201: loginGroupSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.get(
      '/login-groups/:id/',
      { schema: { tags, summary: 'One login group', params: idParams, response: { 200: loginGroupSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/login-groups/:id/',
      {
        config: { errors: [409], audit: { action: 'login_group.update', target: 'login_group' } },
        schema: {
          tags,
          summary: 'Change a login group',
          params: idParams,
          body: loginGroupPatchSchema,
          response: { 200: loginGroupSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/login-groups/:id/',
      {
        config: { errors: [409], audit: { action: 'login_group.delete', target: 'login_group' } },
        schema: {
          tags,
          summary: 'Delete a login group (refused while it has credentials or applications)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/login-groups/:id/applications/',
      {
        schema: {
          tags,
          summary: "A login group's applications",
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: itemsListSchema(laAppSchema) },
        },
      },
      async (req) => {
        const customerId = customerOf(req);
        await s.row(customerId, req.params.id);
        return services.laApps.list(customerId, { ...req.query, login_group_id: req.params.id });
      },
    );
    app.post(
      '/login-groups/:id/applications/',
      {
        config: { audit: { action: 'login_group.add_app', target: 'login_group' } },
        schema: {
          tags,
          summary: 'Add applications to a login group (those already in it are left as they are)',
          params: idParams,
          body: loginGroupAppsInputSchema,
          response: { 200: loginGroupAppsResultSchema },
        },
      },
      (req) => s.addApps(customerOf(req), req.params.id, req.body.appIds),
    );
    app.delete(
      '/login-groups/:id/applications/:appId/',
      {
        config: { audit: { action: 'login_group.remove_app', target: 'login_group' } },
        schema: {
          tags,
          summary: 'Remove an application from a login group',
          params: z.object({ id: z.string(), appId: z.string() }),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await s.removeApp(customerOf(req), req.params.id, req.params.appId);
        return reply.status(204).send();
      },
    );
    app.get(
      '/login-groups/:id/credentials/',
      {
        schema: {
          tags,
          summary: "The members' credentials in a login group",
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: itemsListSchema(laUserSchema) },
        },
      },
      async (req) => {
        const customerId = customerOf(req);
        await s.row(customerId, req.params.id);
        return services.laUsers.list(customerId, { ...req.query, login_group_id: req.params.id });
      },
    );
  };
