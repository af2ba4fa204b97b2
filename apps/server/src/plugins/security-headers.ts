/**
 * helmet's security headers (CSP, nosniff, frame and referrer policies...) on every answer, from
 * one middleware built at start. @fastify/helmet builds helmet's middleware again for every
 * request, parsing the CSP directives each time: a tenth of the event loop's own work in a
 * refresh grant (bench/RESULTS.md). Same hook, same headers, built once.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
