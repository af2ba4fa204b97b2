/** hardware-tokens/: import from PSKC, list, assign, resynchronise, retire. */
import {
  hardwareTokenAssignSchema,
  hardwareTokenImportResultSchema,
  hardwareTokenImportSchema,
  hardwareTokenListQuerySchema,
  hardwareTokenResyncSchema,
  hardwareTokenSchema,
  PSKC_MAX_CHARS,
  pagedListSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const hardwareTokenRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['hardwareTokens'];
    const tokens = services.hardwareTokens;

    app.get(
      '/hardware-tokens/',
      {
        schema: {
          tags,
          summary: 'Hardware tokens',
          querystring: hardwareTokenListQuerySchema,
          response: { 200: pagedListSchema(hardwareTokenSchema) },
        },
      },
      (req) => tokens.list(customerOf(req), req.query),
    );
    app.get(
      '/hardware-tokens/:id/',
      {
        schema: { tags, summary: 'One hardware token', params: idParams, response: { 200: hardwareTokenSchema } },
      },
      (req) => tokens.get(customerOf(req), req.params.id),
    );
    app.post(
      '/hardware-tokens/import/',
      {
        // JSON-escaped XML can be longer than the text itself.
        bodyLimit: 3 * PSKC_MAX_CHARS,
        config: { errors: [422], audit: { action: 'hardware_token.import', target: 'hardware_token', param: null } },
        schema: {
          tags,
          summary: 'Import tokens from a PSKC file (RFC 6030)',
          body: hardwareTokenImportSchema,
          response: { 200: hardwareTokenImportResultSchema },
        },
      },
      (req) => tokens.import(customerOf(req), req.body),
    );
    app.post(
      '/hardware-tokens/:id/assign/',
      {
        config: {
          errors: [409, 422],
          audit: { action: 'hardware_token.assign', target: 'hardware_token' },
        },
        schema: {
          tags,
          summary: 'Assign a token in stock to a member',
          params: idParams,
          body: hardwareTokenAssignSchema,
          response: { 200: hardwareTokenSchema },
        },
      },
      (req) => tokens.assign(customerOf(req), req.params.id, req.body),
    );
    app.post(
      '/hardware-tokens/:id/resync/',
      {
        config: { errors: [409, 422], audit: { action: 'hardware_token.resync', target: 'hardware_token' } },
        schema: {
          tags,
          summary: 'Resynchronise a drifted token with two consecutive codes',
          params: idParams,
          body: hardwareTokenResyncSchema,
          response: { 200: hardwareTokenSchema },
        },
      },
      (req) => tokens.resync(customerOf(req), req.params.id, req.body.code1, req.body.code2),
    );
    app.post(
      '/hardware-tokens/:id/retire/',
      {
        config: { audit: { action: 'hardware_token.retire', target: 'hardware_token' } },
        schema: {
          tags,
          summary: 'Retire a lost token for good (its credential is removed)',
          params: idParams,
          response: { 200: hardwareTokenSchema },
        },
      },
      (req) => tokens.retire(customerOf(req), req.params.id),
    );
  };
