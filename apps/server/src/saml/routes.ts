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
import type { SamlLogout } from './logout.ts';
import { browserHash, newBrowserCookie, SAML_COOKIE, type SamlIdentityProvider } from './service.ts';

const TEXT = {
  en: { title: 'Signing you in', continue: 'Continue to {app}', signingOut: 'Signing you out', next: 'Continue' },
  it: { title: 'Accesso in corso', continue: 'Continua su {app}', signingOut: 'Uscita in corso', next: 'Continua' },
};

/**
 * A page whose form the browser posts at once (saml-bindings 3.5): its script is allowed by a
 * nonce, and its action by the CSP's form-action, for this answer only.
 */
function postForm(
  reply: FastifyReply,
  form: { action: string; fields: Record<string, string> },
  language: string,
  title: string,
  button: string,
) {
  const nonce = browserHash(newBrowserCookie()).slice(0, 32);
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html = `<!doctype html><html lang="${language === 'it' ? 'it' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><form method="post" action="${escapeHtml(form.action)}">${inputs}<button type="submit">${escapeHtml(button)}</button></form><script nonce="${nonce}">document.forms[0].submit()</script></body></html>`;
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header(
    'content-security-policy',
    withFormAction(csp, [new URL(form.action).origin]).replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`),
  );
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

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

export function samlRoutes(saml: SamlIdentityProvider, logout: SamlLogout, publicUrl: string) {
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
        const fields: Record<string, string> = { SAMLResponse: answer.samlResponse };
        if (answer.relayState) fields.RelayState = answer.relayState;
        const button = text.continue.replace('{app}', answer.applicationName);
        return postForm(reply, { action: answer.acsUrl, fields }, answer.language, text.title, button);
      },
    );

    const slo = async (
      request: FastifyRequest<{ Params: { customerId: string } }>,
      reply: FastifyReply,
      binding: 'redirect' | 'post',
    ) => {
      const message = ((binding === 'redirect' ? request.query : request.body) ?? {}) as Record<string, string>;
      const kind = message.SAMLResponse ? 'SAMLResponse' : 'SAMLRequest';
      const next = await logout.message(
        request.params.customerId,
        binding,
        message,
        binding === 'redirect' ? octetsOf(request.url, kind) : undefined,
        request.cookies[SAML_COOKIE],
      );
      if ('redirect' in next) return reply.redirect(next.redirect, 303);
      return postForm(reply, next.form, 'en', TEXT.en.signingOut, TEXT.en.next);
    };
    app.get<{ Params: { customerId: string } }>(`${SAML_PATH}/:customerId/slo`, { schema: { hide: true } }, (r, p) =>
      slo(r, p, 'redirect'),
    );
    app.post<{ Params: { customerId: string } }>(`${SAML_PATH}/:customerId/slo`, { schema: { hide: true } }, (r, p) =>
      slo(r, p, 'post'),
    );
  };
}
