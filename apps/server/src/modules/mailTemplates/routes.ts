/** customers/{id}/mail-templates/ — the six templates, a preview and a test mail (customer users). */
import {
  mailPreviewSchema,
  mailTemplateDraftSchema,
  mailTemplateListSchema,
  mailTemplateNameSchema,
  mailTestResponseSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const params = z.object({ id: z.string() });
const templateParams = z.object({ id: z.string(), name: mailTemplateNameSchema });

export const mailTemplateRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['mailTemplates'];
    const s = services.mailTemplates;

    app.get(
      '/customers/:id/mail-templates/',
      {
        schema: {
          tags,
          summary: 'The six mail templates with their built-in text and tags',
          params,
          response: { 200: mailTemplateListSchema },
        },
      },
      async (req) => {
        const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
        return s.list(customer.id);
      },
    );

    app.post(
      '/customers/:id/mail-templates/:name/preview/',
      {
        config: { audit: { none: 'renders a draft with sample values; nothing is stored or sent' } },
        schema: {
          tags,
          summary: 'Render a draft (empty: the built-in text) with sample values',
          params: templateParams,
          body: mailTemplateDraftSchema,
          response: { 200: mailPreviewSchema },
        },
      },
      async (req) => {
        const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
        return s.preview(customer.id, req.params.name, req.body);
      },
    );

    app.post(
      '/customers/:id/mail-templates/:name/test/',
      {
        config: {
          errors: [422, 502],
          audit: { action: 'settings.test_mail', target: 'settings', customerParam: 'id' },
          // Per operator: a test mail goes to the operator's own address, not to members.
          rateLimit: {
            max: 5,
            timeWindow: '1 minute',
            keyGenerator: (req) => `staff:${req.user?.sub ?? req.ip}`,
          },
        },
        schema: {
          tags,
          summary: 'Mail a draft with sample values to the signed-in operator',
          params: templateParams,
          body: mailTemplateDraftSchema,
          response: { 200: mailTestResponseSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const customer = await scopedCustomer(services.db, user, req.params.id);
        return s.sendTest(customer.id, user.sub, req.params.name, req.body);
      },
    );
  };
