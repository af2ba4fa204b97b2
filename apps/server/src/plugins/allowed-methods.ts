/**
 * The methods an API path has, for the Allow header of a 405 answer (RFC 9110, 15.5.6) to a
 * method it has not. Looked up in Fastify's own router; a catch-all route (the console's GET
 * `/*`) is no method of an API path.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? '';
  return METHODS.filter((method) => {
    // Typed as always found; null when no route matches.
    const route = app.findRoute({ method, url: path }) as ReturnType<FastifyInstance['findRoute']> | null;
    return route !== null && !('*' in (route.params ?? {}));
  });
}
