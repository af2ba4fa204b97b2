/**
 * The provider's pages send the browser on to the application with a form: the form_post
 * response mode posts the code to the redirect URI, and the logout confirmation posts to the
 * provider, which redirects to the post-logout URI. The app's CSP says `form-action 'self'`,
 * which a browser applies to that post and to the redirects after it, so on the provider's
 * answers the directive also names the origins the client registered (its redirect and
 * post-logout URIs): those and no others.
 */
import type Provider from 'oidc-provider';

/** A CSP source for a registered URI: its origin, or its scheme for a native app's own scheme. */
function sourceOf(uri: string): string | null {
  const url = URL.parse(uri);
  if (!url) return null;
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? url.protocol : null;
}

/** The policy with `sources` added to its form-action directive. */
export function withFormAction(csp: string, sources: readonly string[]): string {
  if (!sources.length) return csp;
  return csp
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/);
      return name === 'form-action' ? `${directive.trim()} ${sources.join(' ')}` : directive;
    })
    .join(';');
}

export function allowFormsToClient(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    let client: { redirectUris?: string[]; postLogoutRedirectUris?: string[] } | undefined;
    try {
      client = ctx.oidc?.client;
    } catch {
      return;
    }
    const csp = ctx.response.get('content-security-policy');
    if (!client || !csp) return;
    const uris = [...(client.redirectUris ?? []), ...(client.postLogoutRedirectUris ?? [])];
    const sources = [...new Set(uris.map(sourceOf).filter((s): s is string => !!s))];
    ctx.set('content-security-policy', withFormAction(csp, sources));
  });
}
