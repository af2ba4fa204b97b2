/**
 * customers/{id}/manager-users/ (reseller users, their own customers) and the public
 * staff/confirm-email/ that a changed address's link leads to.
 */
import {
  type AuditAction,
  apiKeyResetResponseSchema,
  emailChangeSchema,
  emailConfirmSchema,
  managerUserCreateSchema,
  managerUserListQuerySchema,
  managerUserSchema,
  managerUserUpdateSchema,
  noContentSchema,
  pagedListSchema,
} from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const customerParams = z.object({ id: z.string() });
const userParams = z.object({ id: z.string(), userId: z.string() });

export const managerUserRoutes =
  (services: Services, confirmRateLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['managerUsers'];
    const s = services.managerUsers;
    const reseller = ['ResellerUser'] as const;
    /** A change recorded in the customer's chain, its target the user of the path. */
    const audited = (action: AuditAction) =>
      ({ action, target: 'staff_user', param: 'userId', customerParam: 'id' }) as const;
    const customerOf = (req: FastifyRequest<{ Params: { id: string } }>) =>
      scopedCustomer(services.db, currentUser(req), req.params.id);

    app.get(
      '/customers/:id/manager-users/',
      {
        config: { auth: reseller },
        schema: {
          tags,
          summary: "A customer's manager users, by email",
          params: customerParams,
          querystring: managerUserListQuerySchema,
          response: { 200: pagedListSchema(managerUserSchema) },
        },
      },
      async (req) => s.list(await customerOf(req), req.query),
    );
    app.post(
      '/customers/:id/manager-users/',
      {
        config: {
          auth: reseller,
          errors: [409],
          audit: { ...audited('manager_user.create'), param: null },
        },
        schema: {
          tags,
          summary: 'Create a manager user (a temporary password is mailed)',
          params: customerParams,
          body: managerUserCreateSchema,
          response: { 201: managerUserSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(await customerOf(req), req.body)),
    );
    app.patch(
      '/customers/:id/manager-users/:userId/',
      {
        config: { auth: reseller, audit: audited('manager_user.update') },
        schema: {
          tags,
          summary: "Change a manager user's scopes or expiration",
          params: userParams,
          body: managerUserUpdateSchema,
          response: { 200: managerUserSchema },
        },
      },
      async (req) => s.update(await customerOf(req), req.params.userId, req.body),
    );
    app.post(
      '/customers/:id/manager-users/:userId/reset-api-key/',
      {
        config: { auth: reseller, audit: audited('manager_user.reset_api_key') },
        schema: {
          tags,
          summary: 'Make a new API key (answered once; the old one stops)',
          params: userParams,
          response: { 200: apiKeyResetResponseSchema },
        },
      },
      async (req) => s.resetApiKey(await customerOf(req), req.params.userId),
    );
    app.post(
      '/customers/:id/manager-users/:userId/reset-password/',
      {
        config: { auth: reseller, audit: audited('manager_user.reset_password') },
        schema: {
          tags,
          summary: 'Mail a temporary password, to be changed at the next sign-in',
          params: userParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await s.resetPassword(await customerOf(req), req.params.userId);
        return reply.status(204).send();
      },
    );
    app.post(
      '/customers/:id/manager-users/:userId/change-email/',
      {
        config: { auth: reseller, errors: [409], audit: audited('manager_user.change_email') },
        schema: {
          tags,
          summary: 'Mail a confirmation link to a new address (it applies once followed)',
          params: userParams,
          body: emailChangeSchema,
          response: { 202: managerUserSchema },
        },
      },
      async (req, reply) =>
        reply.status(202).send(await s.changeEmail(await customerOf(req), req.params.userId, req.body.email)),
    );
    for (const [action, blocked] of [
      ['block', true],
      ['unblock', false],
    ] as const) {
      app.post(
        `/customers/:id/manager-users/:userId/${action}/`,
        {
          config: { auth: reseller, audit: audited(`manager_user.${action}`) },
          schema: {
            tags,
            summary: blocked
              ? 'Block a manager user: no sign-in; its sessions and API key stop at once'
              : 'Unblock a manager user',
            params: userParams,
            response: { 200: managerUserSchema },
          },
        },
        async (req) => s.setBlocked(await customerOf(req), req.params.userId, blocked),
      );
    }

    app.post(
      '/staff/confirm-email/',
      {
        config: {
          auth: 'public',
          rateLimit: { max: confirmRateLimit, timeWindow: '1 minute' },
          errors: [409],
          // In the user's customer's chain, the user (holder of the link) as actor (service).
          audit: { action: 'manager_user.confirm_email', target: 'staff_user', param: null },
        },
        schema: {
          tags,
          summary: "Apply an email change from its mailed link's token",
          body: emailConfirmSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await s.confirmEmail(req.body.token);
        return reply.status(204).send();
      },
    );
  };
