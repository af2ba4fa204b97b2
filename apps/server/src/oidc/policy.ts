/**
 * When the provider sends the browser to the sign-in pages, and what a member consents to.
 *
 * - A browser with a provider session is signed in again unless the session's member may use
 *   this client (findAccount: same customer, not blocked, web login) and the customer's
 *   general.enable_sso is on: with SSO off every authorization asks for a sign-in.
 * - No consent screen: these are the customer's own applications. A member who signed in grants
 *   the client the OpenID scopes it asks for (loadExistingGrant keeps the grant up to date), and
 *   native clients are not asked again either.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import { portiereOf } from './clients.ts';

/** The library's interaction policy helpers (oidc-provider is imported when the provider is built). */
type InteractionPolicy = typeof import('oidc-provider')['interactionPolicy'];

export function signInPolicy({ Check, base }: InteractionPolicy) {
  const policy = base();
  policy.get('consent')?.checks.remove('native_client_prompt');
  policy.get('login')?.checks.add(
    new Check('portiere_session', 'End-User authentication is required for this application', (ctx) => {
      const { oidc } = ctx;
      if (!oidc.session?.accountId || oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      if (!oidc.account || !portiereOf(oidc.client)?.sso) return Check.REQUEST_PROMPT;
      return Check.NO_NEED_TO_PROMPT;
    }),
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
