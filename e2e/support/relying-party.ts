/**
 * A relying party for the browser tests, written with openid-client (nobody here wrote it): its
 * own tiny pages on a free port, since the provider sends the browser there with an HTTP redirect
 * (which Playwright's routes do not intercept), and the authorization URL with PKCE, state and
 * nonce, whose code the test exchanges.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { E2E_ORIGIN } from './ports.ts';

export const ISSUER = `${E2E_ORIGIN}/oidc`;

export interface RpPages {
  origin: string;
  redirectUri: string;
  abortUri: string;
  close(): Promise<void>;
}

/** The relying party's pages: "Back at the shop", and (form_post) the answer shown back as a query. */
export async function startRpPages(): Promise<RpPages> {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.method !== 'POST') {
      res.end('<!doctype html><html lang="en"><title>Shop</title><h1>Back at the shop</h1></html>');
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const answer = new URLSearchParams(body).toString().replace(/&/g, '&amp;');
      res.end(
        `<!doctype html><html lang="en"><title>Shop</title><h1>Code received</h1><p id="answer">${answer}</p></html>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectUri: `${origin}/cb`,
    abortUri: `${origin}/aborted`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The issuer discovered, and an authorization URL with PKCE, state and nonce for `clientId`. */
export async function relyingParty(clientId: string, redirectUri: string, extra: Record<string, string> = {}) {
  const config = await oidc.discovery(
    new URL(ISSUER),
    clientId,
    { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' },
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    ...extra,
    redirect_uri: redirectUri,
    scope: 'openid profile email roles',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return {
    config,
    url: url.href,
    /** The code the browser brought back, exchanged for tokens (PKCE, state and nonce checked). */
    exchange: (callback: string) =>
      oidc.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      }),
  };
}
