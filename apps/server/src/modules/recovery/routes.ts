/** Recovery codes and recovery modes: users/{id}/recovery-codes/, users/{id}/recovery-mode/, recovery-mode/ */
import {
  noContentSchema,
  pagedListSchema,
  recoveryCodeCreatedSchema,
  recoveryModeActivatedSchema,
  recoveryModeListQuerySchema,
  recoveryModeSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const recoveryRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['recovery'];
    const r = services.recovery;

    app.post(
      '/users/:id/recovery-codes/',
      {
        config: { audit: { action: 'recovery_code.create', target: 'member' } },
        schema: {
          tags,
          summary: 'Create a recovery code (shown once)',
          params: idParams,
          response: { 201: recoveryCodeCreatedSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await r.createCode(customerOf(req), req.params.id)),
    );
    app.post(
      '/users/:id/recovery-codes/verify/',
      {
        config: { audit: { action: 'recovery_code.verify', target: 'member' } },
        schema: {
          tags,
          summary: 'Use a recovery code',
          params: idParams,
          body: z.object({ code: z.string().min(1).max(40) }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (req) => ({ ok: await r.useCode(customerOf(req), req.params.id, req.body.code) }),
    );
    app.get(
      '/users/:id/recovery-mode/',
      {
        schema: {
          tags,
          summary: "The member's active recovery mode",
          params: idParams,
          response: { 200: recoveryModeSchema.nullable() },
        },
      },
      (req) => r.current(customerOf(req), req.params.id),
    );
    app.post(
      '/users/:id/recovery-mode/',
      {
        config: { errors: [409, 422], audit: { action: 'recovery_mode.activate', target: 'member' } },
        schema: {
          tags,
          summary: 'Activate recovery mode and mail the code',
          params: idParams,
          response: { 201: recoveryModeActivatedSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await r.activate(customerOf(req), req.params.id, currentUser(req).user_username)),
    );
    app.delete(
      '/users/:id/recovery-mode/',
      {
        config: { errors: [409], audit: { action: 'recovery_mode.deactivate', target: 'member' } },
        schema: { tags, summary: 'End recovery mode', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await r.deactivate(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/recovery-mode/',
      {
        schema: {
          tags,
          summary: 'Members in recovery mode (search, activated_after, activated_before filters)',
          querystring: recoveryModeListQuerySchema,
          response: { 200: pagedListSchema(recoveryModeSchema) },
        },
      },
      (req) => r.listActive(customerOf(req), req.query),
    );
  };
