/**
 * The members' side of the web sign-in bench, in a process of its own (`tsx web-sign-in-client.ts`,
 * its settings as JSON on stdin): PARALLEL browsers each sign members in through an OpenID
 * Connect code flow, over and over for the given seconds after as many uncounted, and print the
 * flows per second and their latency. One flow is what a member and an application do:
 * authorize (a relying party built with openid-client, PKCE and state), the sign-in page's
 * identify and password steps, the redirect back with the code, and the token request, whose
 * ID token openid-client checks.
 */
import { text } from 'node:stream/consumers';
import * as client from 'openid-client';
import { type LoopSettings, runFlows } from './flow-loop.ts';

interface Settings extends LoopSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  password: string;
}

const settings = JSON.parse(await text(process.stdin)) as Settings;
const base = new URL(settings.baseUrl);

/** A browser: its cookies by name (the provider sets them on its own paths), redirects one at a time. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(method: 'GET' | 'POST', url: string, json?: unknown) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(json) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  }

  /** Follows redirects on the server up to the sign-in page or the first that leaves it. */
  async follow(url: string): Promise<string> {
    let at = url;
    for (let i = 0; i < 10; i++) {
      const res = await this.request('GET', at);
      if (!res.location) throw new Error(`no redirect from ${at}: ${res.status} ${res.body.slice(0, 200)}`);
      const next = new URL(res.location, at);
      if (next.host !== base.host || next.pathname.startsWith('/signin/')) return next.href;
      at = next.href;
    }
    throw new Error('too many redirects');
  }
}

const config = await client.discovery(
  new URL('/oidc', base),
  settings.clientId,
  undefined,
  client.ClientSecretBasic(settings.clientSecret),
  { execute: [client.allowInsecureRequests] },
);

/** Milliseconds spent in each step, over all flows. */
const steps: Record<string, number> = {};
async function flow(username: string): Promise<void> {
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (steps[name] ?? 0) + now - last;
    last = now;
  };
  const browser = new Browser();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const page = await browser.follow(url.href);
  step('authorize');
  const uid = /\/signin\/([^/?#]+)/.exec(page)?.[1];
  if (!uid) throw new Error(`not the sign-in page: ${page}`);
  const api = `${base.origin}/api/v1/signin/${uid}`;
  const identified = await browser.request('POST', `${api}/identify/`, { username });
  step('identify');
  if (identified.status !== 200) throw new Error(`identify: ${identified.status} ${identified.body}`);
  const verified = await browser.request('POST', `${api}/verify/`, { kind: 'password', value: settings.password });
  step('password');
  const answer = JSON.parse(verified.body) as { done?: boolean; redirect?: string };
  if (!answer.done || !answer.redirect) throw new Error(`password: ${verified.status} ${verified.body}`);
  const back = await browser.follow(new URL(answer.redirect, base).href);
  step('back');
  const tokens = await client.authorizationCodeGrant(config, new URL(back), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  step('token');
  if (!tokens.claims()?.sub) throw new Error('no ID token');
}

await runFlows(settings, flow);
// BENCH_STEPS=1: where the flows' time went, summed over all of them, by step.
if (process.env.BENCH_STEPS) console.error(JSON.stringify(steps));
