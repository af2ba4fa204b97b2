/**
 * Serves the built console. Navigations to console routes get index.html so they deep-link;
 * anything that looks like a file (a missing /assets/ chunk after a redeploy, /favicon.png) and
 * unknown API paths answer 404, so a stale page fails cleanly instead of parsing HTML as code.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { countAsFiles } from './metrics.ts';
import { isPortalPath } from './portal.ts';

export async function serveConsole(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return false;
  // A scope of its own, so that only its routes are counted as files.
  await app.register(async (scope) => {
    countAsFiles(scope);
    await scope.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      // The build writes .br and .gz next to each file (vite-plugin-compression2): sent as they
      // are to browsers that accept them, with Vary: Accept-Encoding; others get the plain file.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, file: string) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    scope.get('/*', { schema: { hide: true } }, (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '';
      if (!isConsoleRoute(pathname)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  });
  return true;
}

/**
 * A client-side route: not the API, not the assets folder, not the members' pages (served by
 * plugins/portal.ts, or 404 when the portal is not built), and no file extension.
 */
export function isConsoleRoute(pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname.startsWith('/assets/') || isPortalPath(pathname)) return false;
  const last = pathname.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}
