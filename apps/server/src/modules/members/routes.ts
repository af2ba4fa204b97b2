/** users/ — members of the caller's customer (customer users only). */
import {
  bulkRequestSchema,
  bulkResultSchema,
  countSchema,
  EXPORT_MEDIA_TYPES,
  exportQuerySchema,
  exportResponseSchema,
  memberCountQuerySchema,
  memberDetailSchema,
  memberInputSchema,
  memberListQuerySchema,
  memberListSchema,
  memberPatchSchema,
  noContentSchema,
  sentToSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditAction } from '../../audit/context.ts';
import { recordStreamed } from '../../plugins/audit.ts';
import { currentUser, customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import { streamedCompression } from '../../plugins/compression.ts';
import type { Services } from '../../services.ts';
import { exportStream } from './export.ts';

const idParams = z.object({ id: z.string() });
const CONTENT_TYPES = {
  csv: `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8`,
  json: `${EXPORT_MEDIA_TYPES.json}; charset=utf-8`,
  xlsx: EXPORT_MEDIA_TYPES.xlsx,
} as const;

export const memberRoutes =
  (services: Services, exportBatchRows = 10_000, now: () => Date = () => new Date()): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['members'];
    const m = services.members;

    app.get(
      '/users/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags,
          summary: 'Members, paged and filtered',
          description:
            'A search matching many members answers the page with an estimated count (count_estimated: true) ' +
            'where counting them would cost more than the page; users/count/ answers the exact count.',
          querystring: memberListQuerySchema,
          response: { 200: memberListSchema },
        },
      },
      (req) => m.list(customerOf(req), req.query),
    );
    app.get(
      '/users/count/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags,
          summary: 'The exact count of the filtered members',
          querystring: memberCountQuerySchema,
          response: { 200: countSchema },
        },
      },
      (req) => m.count(customerOf(req), req.query),
    );
    app.post(
      '/users/',
      {
        config: {
          scope: 'members:write',
          errors: [409],
          audit: { action: 'member.create', target: 'member', param: null },
        },
        schema: { tags, summary: 'Create a member', body: memberInputSchema, response: { 201: memberDetailSchema } },
      },
      async (req, reply) => reply.status(201).send(await m.create(customerOf(req), req.body)),
    );
    app.get(
      '/users/export/',
      {
        compress: streamedCompression,
        // A read, but what leaves matters: recorded with its filters and row count at the end.
        config: {
          scope: 'members:read',
          audit: { action: 'member.export', target: 'member', param: null, stream: true },
        },
        schema: {
          tags,
          summary: 'Export the filtered members (streamed)',
          querystring: exportQuerySchema,
          response: { 200: exportResponseSchema },
        },
      },
      async (req, reply) => {
        const { format, file_name, ...filters } = req.query;
        const name = file_name.endsWith(`.${format}`) ? file_name : `${file_name}.${format}`;
        reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store');
        const record = (rows: number) =>
          recordStreamed(req, services.db, now, { filters: { ...filters, format }, rows });
        return reply.send(exportStream(services.database, customerOf(req), filters, format, exportBatchRows, record));
      },
    );
    app.post(
      '/users/bulk/',
      {
        // One event per member acted on (the service names each); a refusal records the action asked.
        config: { scope: 'members:write', audit: { action: 'member.update', target: 'member', param: null } },
        schema: {
          tags,
          summary: 'Block, unblock, delete or mail enrolment to many',
          body: bulkRequestSchema,
          response: { 200: bulkResultSchema },
        },
      },
      (req) => {
        auditAction(`member.${req.body.action}`);
        return m.bulk(customerOf(req), req.body.action, req.body.ids, currentUser(req).user_username);
      },
    );
    app.get(
      '/users/:id/',
      {
        config: { scope: 'members:read' },
        schema: { tags, summary: 'One member', params: idParams, response: { 200: memberDetailSchema } },
      },
      (req) => m.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/users/:id/',
      {
        config: { scope: 'members:write', errors: [409], audit: { action: 'member.update', target: 'member' } },
        schema: {
          tags,
          summary: 'Change a member',
          params: idParams,
          body: memberPatchSchema,
          response: { 200: memberDetailSchema },
        },
      },
      (req) => m.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/users/:id/',
      {
        config: { scope: 'members:write', audit: { action: 'member.delete', target: 'member' } },
        schema: { tags, summary: 'Delete a member', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await m.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/users/:id/block/',
      {
        config: { scope: 'members:write', audit: { action: 'member.block', target: 'member' } },
        schema: { tags, summary: 'Block a member', params: idParams, response: { 200: memberDetailSchema } },
      },
      (req) => m.setBlocked(customerOf(req), req.params.id, true, currentUser(req).user_username),
    );
    app.post(
      '/users/:id/unblock/',
      {
        config: { scope: 'members:write', audit: { action: 'member.unblock', target: 'member' } },
        schema: { tags, summary: 'Unblock a member', params: idParams, response: { 200: memberDetailSchema } },
      },
      (req) => m.setBlocked(customerOf(req), req.params.id, false, currentUser(req).user_username),
    );
    app.post(
      '/users/:id/send-enrollment/',
      {
        config: {
          scope: 'members:write',
          errors: [422],
          audit: { action: 'member.send_enrollment', target: 'member' },
        },
        schema: {
          tags,
          summary: 'Mail the enrolment link',
          params: idParams,
          response: { 200: sentToSchema },
        },
      },
      (req) => m.sendEnrollmentMail(customerOf(req), req.params.id),
    );
  };
