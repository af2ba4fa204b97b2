/** audit/ (the trail the caller may read) and audit/verify/ (its chains' integrity). */
import { auditListQuerySchema, auditListSchema, auditVerifySchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

export const auditRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['audit'];
    app.get(
      '/audit/',
      {
        schema: {
          tags,
          summary: 'Audit events, newest first',
          querystring: auditListQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      (req) => services.audit.list(currentUser(req), req.query),
    );
    app.get(
      '/audit/verify/',
      {
        schema: {
          tags,
          summary: "Check the hash chains of the caller's audit trail",
          response: { 200: auditVerifySchema },
        },
      },
      (req) => services.audit.verify(currentUser(req)),
    );
  };
