/**
 * The members' pages are few, so the router is a path match: /enroll/<token> (the enrolment
 * link), /signin/<uid> (the web login the OpenID provider sends browsers to) and /app/ (the
 * smartphone app, one page whatever follows). The server sends index.html for exactly these
 * prefixes (apps/server/src/plugins/portal.ts).
 */
export type Route =
  | { flow: 'enroll'; token: string }
  | { flow: 'signin'; uid: string }
  | { flow: 'device' }
  | { flow: 'notFound' };

export const PORTAL_PREFIXES = ['/enroll/', '/signin/', '/app/'] as const;

/** The one path segment after `prefix`, unescaped; null when absent or malformed. */
function segment(prefix: string, pathname: string): string | null {
  const m = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathname);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    // A malformed escape: not an address we could have sent.
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  if (pathname.startsWith('/app/')) return { flow: 'device' };
  const token = segment('enroll', pathname);
  if (token) return { flow: 'enroll', token };
  const uid = segment('signin', pathname);
  if (uid) return { flow: 'signin', uid };
  return { flow: 'notFound' };
}
