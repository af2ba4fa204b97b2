/** temporary-cards/ and a member's users/{id}/temporary-card/ */
import {
  noContentSchema,
  pagedListSchema,
  temporaryCardCreateSchema,
  temporaryCardListQuerySchema,
  temporaryCardPairSchema,
  temporaryCardSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const temporaryCardRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['temporaryCards'];
    const cards = services.temporaryCards;

    app.get(
      '/temporary-cards/',
      {
        schema: {
          tags,
          summary: 'Temporary cards',
          querystring: temporaryCardListQuerySchema,
          response: { 200: pagedListSchema(temporaryCardSchema) },
        },
      },
      (req) => cards.list(customerOf(req), req.query),
    );
    app.post(
      '/temporary-cards/',
      {
        config: {
          errors: [403, 409],
          audit: { action: 'temporary_card.create', target: 'temporary_card', param: null },
        },
        schema: {
          tags,
          summary: 'Create cards',
          body: temporaryCardCreateSchema,
          response: { 201: z.array(temporaryCardSchema) },
        },
      },
      async (req, reply) => reply.status(201).send(await cards.create(customerOf(req), req.body)),
    );
    app.delete(
      '/temporary-cards/:id/',
      {
        config: { errors: [409], audit: { action: 'temporary_card.delete', target: 'temporary_card' } },
        schema: {
          tags,
          summary: 'Delete a card that is not paired',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await cards.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/users/:id/temporary-card/',
      {
        schema: {
          tags,
          summary: "The member's paired card",
          params: idParams,
          response: { 200: temporaryCardSchema.nullable() },
        },
      },
      (req) => cards.forMember(customerOf(req), req.params.id),
    );
    app.post(
      '/users/:id/temporary-card/',
      {
        config: { errors: [403, 409], audit: { action: 'temporary_card.pair', target: 'member' } },
        schema: {
          tags,
          summary: 'Pair a card until a date',
          params: idParams,
          body: temporaryCardPairSchema,
          response: { 200: temporaryCardSchema },
        },
      },
      (req) => cards.pair(customerOf(req), req.params.id, req.body.card_id, new Date(req.body.expiration_date)),
    );
    app.delete(
      '/users/:id/temporary-card/',
      {
        config: { audit: { action: 'temporary_card.unpair', target: 'member' } },
        schema: { tags, summary: 'Unpair the card', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await cards.unpair(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
