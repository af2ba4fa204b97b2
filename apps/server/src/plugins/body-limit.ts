/**
 * A body declared larger than its route's limit answers 413 before it is read, whatever its
 * type. Fastify checks JSON and text bodies as it reads them, but a multipart body is read by its
 * route (@fastify/multipart), which limits each file and field, not the whole: an oversized
 * field or preamble would otherwise be dropped and answered as a missing part (400).
 * A preParsing hook, so authentication (onRequest) still answers first.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

export function refuseLargeBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const length = Number(request.headers['content-length']);
    if (length > request.routeOptions.bodyLimit) throw new AppError(413, 'bodyTooLarge');
    return payload;
  });
}
