/** groups/ — configuration groups of the caller's customer (the list the member dialog offers). */
import { normalizePage, normalizePageSize, workstationList } from '@portiere/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configGroups } from '../../db/schema/index.ts';
import { authGuard, currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';
import { allowedKinds } from '../members/service.ts';

const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  app_credential_biometry: z.enum(['none', 'weak', 'strong']),
  workstation_login_enabled: z.boolean(),
  web_login_enabled: z.boolean(),
  allowed_credential_types: z.array(z.string()),
});

export const groupRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/groups/',
      {
        preHandler: authGuard(services.tokens, 'CustomerUser'),
        schema: {
          tags: ['groups'],
          summary: 'Configuration groups',
          querystring: z.object({ page: z.string().optional(), page_size: z.string().optional() }),
          response: { 200: workstationList(groupSchema) },
        },
      },
      async (req) => {
        const customerId = currentUser(req).customer_id ?? '';
        const page = normalizePage(req.query.page);
        const size = normalizePageSize(req.query.page_size);
        const where = eq(configGroups.customerId, customerId);
        const rows = await services.db
          .select()
          .from(configGroups)
          .where(where)
          .orderBy(asc(configGroups.name))
          .limit(size)
          .offset((page - 1) * size);
        const [total] = await services.db.select({ n: count() }).from(configGroups).where(where);
        const n = total?.n ?? 0;
        return {
          count: n,
          next_page: page * size < n ? page + 1 : null,
          results: rows.map((g) => ({
            id: g.id,
            name: g.name,
            description: g.description,
            app_credential_biometry: g.appCredentialBiometry,
            workstation_login_enabled: g.workstationLoginEnabled,
            web_login_enabled: g.webLoginEnabled,
            allowed_credential_types: allowedKinds(g),
          })),
        };
      },
    );
  };
