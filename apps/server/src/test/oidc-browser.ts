/**
 * What a web sign-in test needs beside the app: a browser that follows the provider's redirects
 * carrying its cookies (by path, as a browser does), and a relying party built with
 * openid-client whose HTTP goes through app.inject (customFetch), at the harness's PUBLIC_URL.
 */
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';

interface Cookie {
  value: string;
  path: string;
}

/** A browser's cookies and its navigation, one redirect at a time. */
export class Browser {
  readonly cookies = new Map<string, Cookie>();

  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private keep(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eqAt = pair.indexOf('=');
      const name = pair.slice(0, eqAt);
      const value = pair.slice(eqAt + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      if (!value || (expires && Date.parse(expires) < Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  /** One request as the browser makes it: its cookies sent, the answer's kept. */
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const u = new URL(url, 'http://portiere.test');
    const cookie = this.cookieHeader(u.pathname);
    const res = await this.app.inject({
      method,
      url: `${u.pathname}${u.search}`,
      headers: {
        host: u.host,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(res.headers['set-cookie']);
    return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
  }

  /**
   * Follows redirects while they stay on the server (`host`), up to the first that leaves it or
   * reaches the sign-in pages; the last location.
   */
  async follow(url: string, host = 'portiere.test'): Promise<string> {
    let at = url;
    for (let i = 0; i < 10; i++) {
      const res = await this.request('GET', at);
      if (!res.location) throw new Error(`no redirect from ${at}: ${res.status} ${res.body.slice(0, 300)}`);
      const next = new URL(res.location, at).href;
      const n = new URL(next);
      if (n.host !== host || n.pathname.startsWith('/signin/')) return next;
      at = next;
    }
    throw new Error('too many redirects');
  }
}

/** fetch for openid-client, answered by the app (the URL's host is sent as Host). */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const u = new URL(input instanceof Request ? input.url : input.toString());
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${u.pathname}${u.search}`,
      headers: { ...headers, host: u.host },
      ...(body !== undefined && body !== null ? { payload: body.toString() } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      for (const one of [v ?? []].flat()) out.append(k, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

/** A relying party for a client of the app's provider. */
export async function relyingParty(
  app: FastifyInstance,
  issuer: string,
  clientId: string,
  clientSecret?: string,
): Promise<client.Configuration> {
  return client.discovery(
    new URL(issuer),
    clientId,
    undefined,
    clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    {
      [client.customFetch]: injectFetch(app),
      // Over plain http (the harness), and ID tokens checked against the JWKS.
      execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
    },
  );
}

/** An authorization request with PKCE and state: its URL and what the code exchange checks. */
export async function authorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  scope: string,
  extra: Record<string, string> = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    ...extra,
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url: url.href, checks: { pkceCodeVerifier: verifier, expectedState: state } };
}

/** The OAuth error code a failed openid-client call got (body, WWW-Authenticate or redirect). */
export async function oauthError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (e) {
    const err = e as { error?: string; cause?: { parameters?: { error?: string } }[] };
    const code = err.error ?? (Array.isArray(err.cause) ? err.cause[0]?.parameters?.error : undefined);
    if (code) return code;
    throw e;
  }
  throw new Error('the call succeeded');
}
