/**
 * A request's URL as the log shows it: no token, code, secret or personal data, query strings
 * included. Paths that carry a secret segment have it masked (maskSecretPaths); every query
 * value is masked but for a few parameters that are never secret nor personal (paging, formats,
 * the OpenID request's shape), since a query may hold an ID token hint, a login hint, a state,
 * or a search for a member's name.
 */

/** Query parameters whose values the log keeps. */
const SHOWN_PARAMS = new Set([
  'page',
  'page_size',
  'format',
  'ordering',
  'outcome',
  'lang',
  'client_id',
  'response_type',
  'response_mode',
  'scope',
  'prompt',
  'code_challenge_method',
]);

/**
 * Paths that carry a secret segment: the app enrolment QR code, the members' enrolment link,
 * the login assistant's sign-in id (which answers for the sign-in in progress), a staff
 * user's email confirmation link (the console page its mail opens) and a web login's
 * interaction uid (its pages, their API and the provider's resume address).
 */
export function maskSecretPaths(url: string): string {
  return url.replace(
    /(\/enroll\/app\/qr\/|\/enroll\/(?!app\/|request-link\/)|\/assistant\/sign-in\/|\/confirm-email\/|\/signin\/|\/oidc\/auth\/)[^/?]+/,
    '$1***',
  );
}

/** The URL with its secret path segments and its query values masked. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return maskSecretPaths(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      return eq === -1 || SHOWN_PARAMS.has(key) ? pair : `${name}=***`;
    })
    .join('&');
  return `${maskSecretPaths(url.slice(0, at))}?${query}`;
}
