/** Serves the built console; unknown non-API GETs get index.html so client routes deep-link. */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function serveConsole(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (res, file: string) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
