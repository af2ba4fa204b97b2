/**
 * Serves the built members' pages (apps/portal): index.html for the members' routes (the
 * enrolment link /enroll/<token>, the web login pages /signin/..., the smartphone app /app/),
 * their hashed files under /portal/ (apart from the console's /assets/). Like the console: files
 * precompressed at build time, hashed ones cached for good, index.html always revalidated. The
 * app's service worker and manifest are served under /app/: a worker controls only the pages
 * under its own folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { countAsFiles } from './metrics.ts';

/** Paths the portal answers with its page; the console's catch-all leaves them alone. */
export const PORTAL_ROUTE_PREFIXES = ['/enroll/', '/signin/', '/app/'] as const;
/**
 * The smartphone app's files at its own address, from the portal's build (public/), always
 * revalidated; @fastify/static types them by extension (JavaScript, application/manifest+json).
 */
const APP_FILES = { '/app/sw.js': 'sw.js', '/app/manifest.webmanifest': 'manifest.webmanifest' } as const;
/** Where the portal's built files are served (its Vite `base`). */
export const PORTAL_FILES_PREFIX = '/portal/';

export function isPortalPath(pathname: string): boolean {
  return pathname.startsWith(PORTAL_FILES_PREFIX) || PORTAL_ROUTE_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * The portal and the console each register @fastify/static in an encapsulated scope of their
 * own, so that each one's reply.sendFile serves from its own folder.
 */
export async function servePortal(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return false;
  await app.register(async (scope) => {
    countAsFiles(scope);
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: PORTAL_FILES_PREFIX,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file: string) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    for (const [url, file] of Object.entries(APP_FILES)) {
      scope.get(url, { schema: { hide: true } }, (_req, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(file),
      );
    }
    for (const prefix of PORTAL_ROUTE_PREFIXES) {
      scope.get(`${prefix}*`, { schema: { hide: true } }, (_req, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
  });
  return true;
}
