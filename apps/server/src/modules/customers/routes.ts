/** me/, customers/ (reseller: list, create), customers/{id}/ (read; reseller: change) */
import {
  customerCreateSchema,
  customerListQuerySchema,
  customerSchema,
  customerUpdateSchema,
  meSchema,
  normalizePage,
  normalizePageSize,
  pagedListSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

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
          querystring: customerListQuerySchema,
          response: { 200: pagedListSchema(customerSchema) },
        },
      },
      (req) =>
        services.customers.listForReseller(
          currentUser(req).reseller_id ?? '',
          normalizePage(req.query.page),
          normalizePageSize(req.query.page_size),
          req.query,
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
      async (req) => services.customers.one(await scopedCustomer(services.db, currentUser(req), req.params.id)),
    );

    app.post(
      '/customers/',
      {
        config: {
          auth: ['ResellerUser'],
          errors: [409],
          audit: { action: 'customer.create', target: 'customer', param: null },
        },
        schema: {
          tags,
          summary: 'Create a customer and its first manager user (mailed a temporary password)',
          body: customerCreateSchema,
          response: { 201: customerSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await services.customers.create(currentUser(req).reseller_id ?? '', req.body)),
    );

    app.patch(
      '/customers/:id/',
      {
        config: { auth: ['ResellerUser'], errors: [409], audit: { action: 'customer.update', target: 'customer' } },
        schema: {
          tags,
          summary: 'Change a customer (only the fields sent)',
          params: z.object({ id: z.string() }),
          body: customerUpdateSchema,
          response: { 200: customerSchema },
        },
      },
      async (req) =>
        services.customers.update(await scopedCustomer(services.db, currentUser(req), req.params.id), req.body),
    );
  };
