/** dashboard/ — one customer's figures, or each of a reseller's customers. */
import { dashboardSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

export const dashboardRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard/',
      {
        schema: { tags: ['dashboard'], summary: 'Dashboard figures', response: { 200: dashboardSchema } },
      },
      (req) => services.dashboard.forUser(currentUser(req)),
    );
  };
