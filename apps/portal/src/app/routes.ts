/**
 * The members' pages are few, so the router is a path match: /enroll/<token> today; the web
 * sign-in interaction pages (/signin/...) join here later. The server sends index.html for
 * exactly these prefixes (apps/server/src/plugins/portal.ts).
 */
export type Route = { flow: 'enroll'; token: string } | { flow: 'notFound' };

export const PORTAL_PREFIXES = ['/enroll/', '/signin/'] as const;

export function matchRoute(pathname: string): Route {
  const enroll = /^\/enroll\/([^/]+)\/?$/.exec(pathname);
  if (enroll?.[1]) {
    try {
      return { flow: 'enroll', token: decodeURIComponent(enroll[1]) };
    } catch {
      // A malformed escape: not a token we could have sent.
    }
  }
  return { flow: 'notFound' };
}
