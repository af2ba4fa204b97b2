/**
 * customers/{id}/scripts/ — a customer's login-assistant scripts (reseller users, their own
 * customers, only customers with the login assistant: 403 laDisabled otherwise).
 *
 * Uploads are multipart; @fastify/multipart is registered in this plugin only, so every other
 * route keeps refusing multipart bodies (415).
 */
import multipart from '@fastify/multipart';
import {
  fileSchema,
  itemsListSchema,
  laScriptListQuerySchema,
  laScriptSchema,
  noContentSchema,
  scriptUploadBodySchema,
} from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition.ts';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { assertLaEnabled } from '../../plugins/la-guard.ts';
import type { Services } from '../../services.ts';
import { readScriptUpload, type ScriptUpload } from './upload.ts';

const customerParams = z.object({ id: z.string() });
const scriptParams = z.object({ id: z.string(), scriptId: z.string() });

export const laScriptRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart);
    const tags = ['laScripts'];
    const s = services.laScripts;
    const reseller = ['ResellerUser'] as const;
    /** The reseller's own customer (404 otherwise), with the login assistant (403 otherwise). */
    const laCustomer = async (req: FastifyRequest<{ Params: { id: string } }>) => {
      const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
      await assertLaEnabled(services.db, customer.id);
      return customer;
    };
    const uploads = new WeakMap<FastifyRequest, ScriptUpload>();

    app.get(
      '/customers/:id/scripts/',
      {
        config: { auth: reseller },
        schema: {
          tags,
          summary: "A customer's login-assistant scripts, newest first",
          params: customerParams,
          querystring: laScriptListQuerySchema,
          response: { 200: itemsListSchema(laScriptSchema) },
        },
      },
      async (req) => s.list((await laCustomer(req)).id, req.query),
    );

    app.post(
      '/customers/:id/scripts/',
      {
        config: {
          auth: reseller,
          audit: { action: 'la_script.upload', target: 'la_script', param: null, customerParam: 'id' },
          multipart: scriptUploadBodySchema,
        },
        schema: {
          tags,
          summary: 'Upload a script (multipart: file, version)',
          params: customerParams,
          response: { 201: laScriptSchema },
        },
        // The file is read before the handler's transaction opens: a slow upload holds no
        // database connection. Refusals here (tenant, type, size) change nothing.
        preHandler: async (req) => {
          await laCustomer(req);
          uploads.set(req, await readScriptUpload(req));
        },
      },
      async (req, reply) => {
        const customer = await laCustomer(req);
        const upload = uploads.get(req);
        if (!upload) throw new Error('upload not read');
        return reply.status(201).send(await s.create(customer.id, upload, currentUser(req).user_username));
      },
    );

    app.get(
      '/customers/:id/scripts/:scriptId/download/',
      {
        config: { auth: reseller },
        schema: {
          tags,
          summary: 'Download a script (attachment, with its SHA-256 in X-Content-SHA256)',
          params: scriptParams,
          response: {
            200: {
              description: 'The script as uploaded',
              content: { 'application/octet-stream': { schema: fileSchema('The script’s bytes', 'binary') } },
            },
          },
        },
      },
      async (req, reply) => {
        const customer = await laCustomer(req);
        const script = await s.content(customer.id, req.params.scriptId);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachment(script.name))
          .header('x-content-type-options', 'nosniff')
          .header('x-content-sha256', script.sha256)
          .send(script.content);
      },
    );

    app.delete(
      '/customers/:id/scripts/:scriptId/',
      {
        config: {
          auth: reseller,
          audit: { action: 'la_script.delete', target: 'la_script', param: 'scriptId', customerParam: 'id' },
        },
        schema: { tags, summary: 'Delete a script', params: scriptParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove((await laCustomer(req)).id, req.params.scriptId);
        return reply.status(204).send();
      },
    );
  };
