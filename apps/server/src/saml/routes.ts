/**
 * The identity provider's endpoints under PUBLIC_URL/saml (contracts/saml.ts): the metadata, the
 * single sign-on service (HTTP-Redirect and HTTP-POST), IdP-initiated starts, and the page that
 * posts a finished sign-in's response to the provider. They answer browsers and providers, not
 * the console: errors are short pages, not JSON.
 */
import { SAML_PATH } from '@portiere/contracts';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withFormAction } from '../oidc/form-action.ts';
import { browserHash, newBrowserCookie, SAML_COOKIE, type SamlIdentityProvider } from './service.ts';

const TEXT = {
  en: { title: 'Signing you in', continue: 'Continue to {app}' },
  it: { title: 'Accesso in corso', continue: 'Continua su {app}' },
};

/** The browser's SAML cookie, made when it has none. */
function browserOf(request: FastifyRequest, reply: FastifyReply, path: string, secure: boolean): string {
  const existing = request.cookies[SAML_COOKIE];
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const value = newBrowserCookie();
  // Lax: the provider's POST to the SSO service sets it; the pages after it are same-site.
  reply.setCookie(SAML_COOKIE, value, { path, httpOnly: true, sameSite: 'lax', secure });
  return value;
}

/** The raw query of a redirect-binding message: its signature covers these octets as sent. */
function octetsOf(url: string, kind: 'SAMLRequest' | 'SAMLResponse'): string | undefined {
  const query = url.split('?')[1] ?? '';
  const parts = new Map(query.split('&').map((p) => [p.split('=')[0] ?? '', p] as const));
  const wanted = [kind, 'RelayState', 'SigAlg'].map((k) => parts.get(k)).filter((p): p is string => !!p);
  return parts.has('Signature') ? wanted.join('&') : undefined;
}

export function samlRoutes(saml: SamlIdentityProvider, publicUrl: string) {
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  const cookiePath = `${base}${SAML_PATH}/`;
  const secure = publicUrl.startsWith('https:');

  return async (app: FastifyInstance) => {
    // Service providers post their messages as forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get<{ Params: { customerId: string } }>(
      `${SAML_PATH}/:customerId/metadata`,
      { schema: { hide: true } },
      async (request, reply) =>
        reply
          .type('application/samlmetadata+xml')
          .header('cache-control', 'public, max-age=3600')
          .send(await saml.metadata(request.params.customerId)),
    );

    const sso = async (
      request: FastifyRequest<{ Params: { customerId: string } }>,
      reply: FastifyReply,
      binding: 'redirect' | 'post',
    ) => {
      const message = (binding === 'redirect' ? request.query : request.body) as Record<string, string> | undefined;
      const browser = browserOf(request, reply, cookiePath, secure);
      const to = await saml.authnRequest(
        request.params.customerId,
        binding,
        message ?? {},
        binding === 'redirect' ? octetsOf(request.url, 'SAMLRequest') : undefined,
        browser,
      );
      return reply.redirect(to, 303);
    };
    app.get<{ Params: { customerId: string } }>(`${SAML_PATH}/:customerId/sso`, { schema: { hide: true } }, (r, p) =>
      sso(r, p, 'redirect'),
    );
    app.post<{ Params: { customerId: string } }>(`${SAML_PATH}/:customerId/sso`, { schema: { hide: true } }, (r, p) =>
      sso(r, p, 'post'),
    );

    app.get<{ Params: { customerId: string; applicationId: string }; Querystring: { RelayState?: string } }>(
      `${SAML_PATH}/:customerId/start/:applicationId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const browser = browserOf(request, reply, cookiePath, secure);
        const { customerId, applicationId } = request.params;
        const relayState = typeof request.query.RelayState === 'string' ? request.query.RelayState : null;
        return reply.redirect(await saml.start(customerId, applicationId, relayState, browser), 303);
      },
    );

    // The response goes to the provider as a form the page posts at once (saml-bindings 3.5).
    app.get<{ Params: { uid: string } }>(
      `${SAML_PATH}/resume/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const cookie = request.cookies[SAML_COOKIE];
        const answer = await saml.answer(request.params.uid, cookie ? cookie : undefined);
        const text = TEXT[answer.language === 'it' ? 'it' : 'en'];
        const nonce = browserHash(newBrowserCookie()).slice(0, 32);
        const relay = answer.relayState
          ? `<input type="hidden" name="RelayState" value="${escapeHtml(answer.relayState)}">`
          : '';
        const html = `<!doctype html><html lang="${answer.language === 'it' ? 'it' : 'en'}"><head><meta charset="utf-8"><title>${text.title}</title></head><body><form method="post" action="${escapeHtml(answer.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(answer.samlResponse)}">${relay}<button type="submit">${escapeHtml(text.continue.replace('{app}', answer.applicationName))}</button></form><script nonce="${nonce}">document.forms[0].submit()</script></body></html>`;
        const csp = String(reply.getHeader('content-security-policy') ?? '');
        const acs = new URL(answer.acsUrl).origin;
        reply.header(
          'content-security-policy',
          withFormAction(csp, [acs]).replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`),
        );
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    );
  };
}
