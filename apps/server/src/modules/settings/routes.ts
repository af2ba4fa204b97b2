/** customers/{id}/settings/ — read and patch, scoped to the caller's tenant. */
import { SETTINGS_SECTIONS, settingsResponseSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const params = z.object({ id: z.string() });
/** Sections are objects; their fields are checked by the service so errors carry field paths. */
const patchBody = z
  .object(Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s, z.record(z.string(), z.unknown()).optional()])))
  .strict();

export const settingsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['settings'];
    app.get(
      '/customers/:id/settings/',
      {
        config: { scope: 'settings:read' },
        schema: {
          tags,
          summary: 'Customer settings and their validators',
          params,
          response: { 200: settingsResponseSchema },
        },
      },
      async (req) => {
        const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
        return services.settings.get(customer.id);
      },
    );

    app.patch(
      '/customers/:id/settings/',
      {
        config: {
          scope: 'settings:write',
          audit: { action: 'settings.update', target: 'settings', customerParam: 'id' },
        },
        schema: {
          tags,
          summary: 'Change settings sections',
          params,
          body: patchBody,
          response: { 200: settingsResponseSchema },
        },
      },
      async (req) => {
        const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
        return services.settings.patch(customer.id, req.body);
      },
    );
  };
