/** /healthz: the process answers. /readyz: the database answers too. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
