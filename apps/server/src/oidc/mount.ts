/**
 * Serves the provider under OIDC_PATH. oidc-provider is a Koa application that reads the raw
 * request itself (its bodies included), so these routes take no body parser and hand the raw
 * request and response over; the provider learns where it is mounted from `baseUrl`, as under
 * Express, and builds its URLs from the issuer's path.
 */
import type { IncomingMessage } from 'node:http';
import { OIDC_PATH } from '@portiere/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OidcProvider } from './provider.ts';

export async function mountOidc(app: FastifyInstance, oidc: OidcProvider): Promise<void> {
  const mountPath = new URL(oidc.issuer).pathname.replace(/\/+$/, '');
  await app.register(async (scope) => {
    // The provider parses what it accepts; the stream stays unread for it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const handler = await oidc.handler();
      reply.hijack();
      // What helmet gives the app's own answers (it does not see hijacked ones): the provider's
      // pages are not framed, sniffed, or told where a code came from.
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('x-frame-options', 'DENY');
      reply.raw.setHeader('referrer-policy', 'no-referrer');
      const raw = request.raw as IncomingMessage & { baseUrl?: string };
      raw.url = (raw.url ?? '/').slice(OIDC_PATH.length) || '/';
      raw.baseUrl = mountPath;
      await handler(raw, reply.raw);
    };
    scope.all(`${OIDC_PATH}/*`, { schema: { hide: true } }, serve);
  });
}
