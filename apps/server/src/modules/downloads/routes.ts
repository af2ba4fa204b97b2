/** downloads/ — what a customer user installs or hands out: client links and its login-assistant scripts. */
import { downloadsSchema, fileSchema } from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition.ts';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const scriptParams = z.object({ scriptId: z.string() });

export const downloadRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['downloads'];
    const d = services.downloads;

    app.get(
      '/downloads/',
      {
        schema: {
          tags,
          summary: 'Client links of the deployment and the login-assistant scripts uploaded for the customer',
          response: { 200: downloadsSchema },
        },
      },
      (req) => d.get(customerOf(req)),
    );

    app.get(
      '/downloads/scripts/:scriptId/',
      {
        schema: {
          tags,
          summary: 'Download one of the customer’s login-assistant scripts (attachment)',
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
        const script = await d.script(customerOf(req), req.params.scriptId);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachment(script.name))
          .header('x-content-type-options', 'nosniff')
          .header('x-content-sha256', script.sha256)
          .send(script.content);
      },
    );
  };
