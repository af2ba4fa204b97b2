/** applications/ — OpenID Connect clients; a confidential client's secret is answered only when made. */
import {
  applicationInputSchema,
  applicationListQuerySchema,
  applicationPatchSchema,
  applicationSchema,
  applicationWithSecretSchema,
  noContentSchema,
  pagedListSchema,
  samlMetadataFetchSchema,
  samlMetadataSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const idParams = z.object({ id: z.string() });

export const applicationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    restrictTo(app, 'CustomerUser');
    const tags = ['applications'];
    const s = services.applications;

    app.get(
      '/applications/',
      {
        schema: {
          tags,
          summary: 'Applications',
          querystring: applicationListQuerySchema,
          response: { 200: pagedListSchema(applicationSchema) },
        },
      },
      (req) => s.list(customerOf(req), req.query),
    );
    app.post(
      '/applications/',
      {
        config: { errors: [409], audit: { action: 'application.create', target: 'application', param: null } },
        schema: {
          tags,
          summary: 'Create an application (its client secret is answered once)',
          body: applicationInputSchema,
          response: { 201: applicationWithSecretSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.create(customerOf(req), req.body)),
    );
    app.post(
      '/applications/saml-metadata/',
      {
        config: { audit: { none: 'reads a document from the provider; nothing is stored' } },
        schema: {
          tags,
          summary: "Fetch a SAML service provider's metadata from its address, for the application form",
          body: samlMetadataFetchSchema,
          response: { 200: samlMetadataSchema },
        },
      },
      (req) => services.samlMetadata.fetch(req.body),
    );
    app.get(
      '/applications/:id/',
      { schema: { tags, summary: 'One application', params: idParams, response: { 200: applicationSchema } } },
      (req) => s.get(customerOf(req), req.params.id),
    );
    app.patch(
      '/applications/:id/',
      {
        config: { errors: [409], audit: { action: 'application.update', target: 'application' } },
        schema: {
          tags,
          summary: 'Change an application',
          params: idParams,
          body: applicationPatchSchema,
          response: { 200: applicationSchema },
        },
      },
      (req) => s.update(customerOf(req), req.params.id, req.body),
    );
    app.delete(
      '/applications/:id/',
      {
        config: { errors: [409], audit: { action: 'application.delete', target: 'application' } },
        schema: { tags, summary: 'Delete an application', params: idParams, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await s.remove(customerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/applications/:id/secret/',
      {
        config: { errors: [409], audit: { action: 'application.regenerate_secret', target: 'application' } },
        schema: {
          tags,
          summary: 'Replace the client secret (the new one is answered once)',
          params: idParams,
          response: { 200: applicationWithSecretSchema },
        },
      },
      (req) => s.regenerateSecret(customerOf(req), req.params.id),
    );
  };
