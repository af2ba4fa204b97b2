/**
 * When the provider sends the browser to the sign-in pages, and what a member consents to.
 *
 * - A browser with a provider session is signed in again unless the session's member may use
 *   this client (findAccount: same customer, not blocked, web login) and the customer's
 *   general.enable_sso is on: with SSO off every authorization asks for a sign-in.
 * - A session that passed one factor is asked to sign in again by an application that requires
 *   the multi-factor class (acr_values); the sign-in pages then refuse to end with one factor.
 * - No consent screen: these are the customer's own applications. A member who signed in grants
 *   the client the OpenID scopes it asks for (loadExistingGrant keeps the grant up to date), and
 *   native clients are not asked again either.
 */

import { ACR_MULTI_FACTOR } from '@portiere/contracts';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { requiresMultiFactor } from '../signIn/factors.ts';
import { portiereOf } from './clients.ts';

/** The library's interaction policy helpers (oidc-provider is imported when the provider is built). */
type InteractionPolicy = typeof import('oidc-provider')['interactionPolicy'];

export function signInPolicy({ Check, base }: InteractionPolicy) {
  const policy = base();
  policy.get('consent')?.checks.remove('native_client_prompt');
  const login = policy.get('login')?.checks;
  // Each answers login_required to a request with prompt=none.
  const check = (reason: string, description: string, asks: (ctx: KoaContextWithOIDC) => boolean) =>
    login?.add(
      new Check(reason, description, 'login_required', (ctx) => {
        const { oidc } = ctx;
        if (!oidc.session?.accountId || oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
        return asks(ctx) ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
      }),
    );
  check(
    'portiere_session',
    'End-User authentication is required for this application',
    ({ oidc }) => !oidc.account || !portiereOf(oidc.client)?.sso,
  );
  // The library asks again only once a second has passed since the sign-in: 0 asks every time.
  check(
    'portiere_max_age_zero',
    'End-User re-authentication is required',
    ({ oidc }) => oidc.params?.max_age !== undefined && Number(oidc.params.max_age) === 0,
  );
  check(
    'portiere_multi_factor',
    'Multi-factor authentication is required',
    ({ oidc }) => requiresMultiFactor(oidc.params?.acr_values) && oidc.session?.acr !== ACR_MULTI_FACTOR,
  );
  return policy;
}

/**
 * The client's grant for the signed-in member, with the OpenID scopes this request asks for
 * added (and saved when that changed it). None while a sign-in is still to be asked for.
 */
export async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  const accountId = session?.accountId;
  if (!client || !session || !accountId) return undefined;
  if (!oidc.result?.login && !portiereOf(client)?.sso) return undefined;
  const { Grant } = oidc.provider;
  const grantId = oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
  let grant = grantId ? await Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
  grant ??= new Grant({ accountId, clientId: client.clientId });
  const before = grant.getOIDCScope();
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  if (!grant.jti || grant.getOIDCScope() !== before) await grant.save();
  return grant;
}
