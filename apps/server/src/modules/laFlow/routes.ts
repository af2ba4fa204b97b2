/** la-flow/ — the stages a member passes to unlock the login assistant. */
import { laFlowInputSchema, laFlowSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { requireLoginAssistant } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';

export const laFlowRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    requireLoginAssistant(app, services.db);
    const tags = ['laFlow'];
    const s = services.laFlow;

    app.get(
      '/la-flow/',
      {
        schema: {
          tags,
          summary: "The login assistant's unlock flow (no stages until first saved)",
          response: { 200: laFlowSchema },
        },
      },
      (req) => s.get(customerOf(req)),
    );
    app.put(
      '/la-flow/',
      {
        config: { audit: { action: 'la_flow.update', target: 'la_flow', param: null } },
        schema: {
          tags,
          summary: "Set the login assistant's unlock flow",
          body: laFlowInputSchema,
          response: { 200: laFlowSchema },
        },
      },
      (req) => s.put(customerOf(req), req.body),
    );
  };
