/** audit/ (the trail the caller may read) and audit/verify/ (its chains' integrity). */
import {
  auditExportQuerySchema,
  auditExportResponseSchema,
  auditListQuerySchema,
  auditListSchema,
  auditVerifySchema,
  EXPORT_MEDIA_TYPES,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordStreamed } from '../../plugins/audit.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';
import { auditExportStream } from './export.ts';

export const auditRoutes =
  (services: Services, now: () => Date = () => new Date()): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['audit'];
    app.get(
      '/audit/',
      {
        config: { scope: 'audit:read' },
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
      '/audit/export/',
      {
        // Reading the whole trail out is itself recorded, with its filters and row count.
        config: { scope: 'audit:read', audit: { action: 'audit.export', target: 'audit', param: null, stream: true } },
        schema: {
          tags,
          summary: 'Export the filtered events (streamed)',
          querystring: auditExportQuerySchema,
          response: { 200: auditExportResponseSchema },
        },
      },
      async (req, reply) => {
        const { format, ...filters } = req.query;
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', `${EXPORT_MEDIA_TYPES[format]}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="audit-${day}.${format}"`);
        const record = (rows: number) =>
          recordStreamed(req, services.db, now, { filters: { ...filters, format }, rows });
        return reply.send(auditExportStream(services.audit.exportEvents(currentUser(req), filters), format, record));
      },
    );
    app.get(
      '/audit/verify/',
      {
        config: { scope: 'audit:read' },
        schema: {
          tags,
          summary: "Check the hash chains of the caller's audit trail",
          response: { 200: auditVerifySchema },
        },
      },
      (req) => services.audit.verify(currentUser(req)),
    );
  };
