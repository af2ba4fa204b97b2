/**
 * customers/{id}/logo/upload/ (staff, scoped like the settings) and the public branding/ the
 * members' enrol and login pages load: their customer's colours, text and logos.
 */
import multipart from '@fastify/multipart';
import {
  brandingSchema,
  fileSchema,
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  LOGO_MEDIA_TYPES,
  LOGO_RULES,
  type LogoKind,
  logoUploadResponseSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { scopedCustomer } from '../../lib/scoped-customer.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';
import { logoFilesOf, MULTIPART_LIMITS, readLogoFiles } from './uploads.ts';

const params = z.object({ id: z.string() });
const brandingParams = z.object({ customerId: z.string() });
const logoParams = z.object({ customerId: z.string(), kind: z.enum(LOGO_KINDS) });

/**
 * The multipart form, for the OpenAPI document only: the multipart parser leaves `body` empty
 * and readLogoFiles reads the files, so the schema validates nothing (as fileSchema does).
 */
const sizeRule = (kind: LogoKind) =>
  (['width', 'height'] as const)
    .map((side) => {
      const rule: { max: number } | { exact: number } = LOGO_RULES[kind][side];
      return 'exact' in rule ? `${rule.exact} px ${side}` : `at most ${rule.max} px ${side}`;
    })
    .join(', ');
const logoFile = (kind: LogoKind) => ({
  type: 'string',
  format: 'binary',
  description: `PNG, JPEG or SVG (decided by content), at most ${LOGO_MAX_BYTES / 1024} KB, ${sizeRule(kind)}`,
});
const uploadBody = z.unknown().meta({
  type: 'object',
  description: 'Either file or both; a file field without a file name counts as absent',
  properties: {
    logo: logoFile('logo'),
    named_logo: logoFile('named_logo'),
  },
});

/** The image as uploaded, in the type its content showed. */
const logoResponse = {
  description: 'The logo',
  content: Object.fromEntries(LOGO_MEDIA_TYPES.map((type) => [type, { schema: fileSchema('The image', 'binary') }])),
};
const notModified = z.undefined().describe('Not modified: the ETag sent in If-None-Match is still the logo');

/** Served images can do nothing but be shown, even opened on their own (an SVG). */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export const customizationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // Only inside this plugin: every other route keeps refusing multipart bodies (415).
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    const s = services.customization;

    app.post(
      '/customers/:id/logo/upload/',
      {
        config: { audit: { action: 'settings.upload_logo', target: 'settings', customerParam: 'id' } },
        preHandler: readLogoFiles,
        schema: {
          tags: ['customization'],
          summary: 'Upload the logo, the named logo or both',
          description:
            'multipart/form-data with the file fields `logo` and `named_logo`. Every file is checked ' +
            'before anything is stored: a refusal answers 400 imagesUploaded with a message per field in ' +
            '`details`. On success the settings point `general.logo_url` / `general.named_logo_url` at ' +
            'the public image.',
          consumes: ['multipart/form-data'],
          params,
          body: uploadBody,
          response: { 200: logoUploadResponseSchema },
        },
      },
      async (req) => {
        const customer = await scopedCustomer(services.db, currentUser(req), req.params.id);
        if (!req.isMultipart()) throw new AppError(415, 'multipartExpected');
        return s.uploadLogos(customer.id, logoFilesOf(req));
      },
    );

    app.get(
      '/branding/:customerId/',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['customization'],
          summary: "A customer's branding for the members' pages (public)",
          params: brandingParams,
          response: { 200: brandingSchema },
        },
      },
      (req) => s.branding(req.params.customerId),
    );

    app.get(
      '/branding/:customerId/logo/:kind/',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['customization'],
          summary: "A customer's uploaded logo (public, cacheable by its ETag)",
          params: logoParams,
          response: { 200: logoResponse, 304: notModified },
        },
      },
      async (req, reply) => {
        const image = await s.logo(req.params.customerId, req.params.kind);
        const etag = `"${image.sha256}"`;
        reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', IMAGE_CSP);
        if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
        return reply.header('content-type', image.mediaType).send(image.bytes);
      },
    );
  };
