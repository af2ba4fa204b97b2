/** me/, customers/ (reseller), customers/{id}/ */
import {
  customerSchema,
  meSchema,
  normalizePage,
  normalizePageSize,
  pagedListSchema,
  pagingQuerySchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';
import { scopedCustomer } from './scope.ts';
import { toCustomer } from './service.ts';

export const customerRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['customers'];
    app.get(
      '/me/',
      {
        schema: { tags, summary: 'The signed-in account', response: { 200: meSchema } },
      },
      (req) => services.customers.me(currentUser(req)),
    );

    app.get(
      '/customers/',
      {
        config: { auth: ['ResellerUser'] },
        schema: {
          tags,
          summary: "The reseller's customers",
          querystring: pagingQuerySchema,
          response: { 200: pagedListSchema(customerSchema) },
        },
      },
      (req) =>
        services.customers.listForReseller(
          currentUser(req).reseller_id ?? '',
          normalizePage(req.query.page),
          normalizePageSize(req.query.page_size),
        ),
    );

    app.get(
      '/customers/:id/',
      {
        schema: {
          tags,
          summary: 'One customer',
          params: z.object({ id: z.string() }),
          response: { 200: customerSchema },
        },
      },
      async (req) => toCustomer(await scopedCustomer(services.db, currentUser(req), req.params.id)),
    );
  };
