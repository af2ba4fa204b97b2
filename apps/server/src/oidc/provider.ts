/**
 * The OpenID Connect provider (oidc-provider, certified; nothing of the protocol is written here):
 * issuer PUBLIC_URL + OIDC_PATH, discovery at `${issuer}/.well-known/openid-configuration`, JWKS
 * from oidc_keys. Its clients are the applications (clients.ts), its accounts the members
 * (claims.ts), its storage the database (adapter.ts); it sends the browser to the portal's
 * `/signin/<uid>` to sign a member in (modules/webLogin).
 *
 * Lifetimes come from the client's customer's settings: ID and access tokens (and client
 * credentials tokens) general.id_token_duration; refresh tokens, grants and sessions
 * general.oidc_refresh_token_duration. Refresh tokens go to every web, spa and native client at
 * the code exchange (offline_access is not needed); without offline_access they end with the
 * provider session (logout).
 *
 * The provider is built again, on whichever node, when the published keys change (a rotation,
 * or a retired key leaving the JWKS): at most KEYS_CHECK_MS after the change.
 */
import { SIGNIN_TTL_S } from '@portiere/contracts';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { ACR_VALUES } from '../signIn/factors.ts';
import { DatabaseAdapter, Sweeper } from './adapter.ts';
import { findAccount, OIDC_CLAIMS } from './claims.ts';
import {
  ClientAdapter,
  compareHashedSecrets,
  OIDC_SCOPES,
  OidcClients,
  PORTIERE_METADATA,
  portiereOf,
} from './clients.ts';
import { allowFormsToClient } from './form-action.ts';
import { issuerOf } from './issuer.ts';
import { loadOidcKeys, publishedKids } from './keys.ts';
import { type BrandingOf, providerPages } from './pages/index.ts';
import { loadExistingGrant, signInPolicy } from './policy.ts';

const KEYS_CHECK_MS = 30_000;
/** Lifetimes when a client is not at hand (the provider asks without one in a few places). */
const FALLBACK_TTL_S = 3600;

export interface OidcOptions {
  db: Db;
  box: SecretBox;
  publicUrl: string;
  /** A customer's branding, for the provider's own pages. */
  branding: BrandingOf;
  /** Believe X-Forwarded-* (TRUST_PROXY), as the app does. */
  trustProxy: boolean;
  log: { error(obj: object, msg: string): void };
}

type Handler = ReturnType<Provider['callback']>;

export class OidcProvider {
  readonly issuer: string;
  readonly clients: OidcClients;
  private built?: { provider: Provider; handler: Handler; kids: string };
  private building?: Promise<{ provider: Provider; handler: Handler; kids: string }>;
  private checkedAt = 0;
  private readonly sweeper: Sweeper;

  constructor(private readonly opts: OidcOptions) {
    this.issuer = issuerOf(opts.publicUrl);
    this.clients = new OidcClients(opts.db);
    this.sweeper = new Sweeper(opts.db);
  }

  /** The provider, built on first use and again when the published keys changed. */
  async provider(): Promise<Provider> {
    return (await this.current()).provider;
  }

  /** Looks at the published keys again on the next use (after a rotation in this process). */
  reload(): void {
    this.checkedAt = 0;
  }

  /** Its Node request handler (mount.ts). */
  async handler(): Promise<Handler> {
    return (await this.current()).handler;
  }

  private async current() {
    if (this.built && Date.now() - this.checkedAt < KEYS_CHECK_MS) return this.built;
    this.building ??= (async () => {
      try {
        const kids = (await publishedKids(this.opts.db)).join(',');
        if (this.built && this.built.kids === kids) return this.built;
        const keys = await loadOidcKeys(this.opts.db, this.opts.box);
        const provider = await this.build(keys);
        this.built = { provider, handler: provider.callback(), kids: keys.map((k) => k.kid).join(',') };
        return this.built;
      } finally {
        this.checkedAt = Date.now();
        this.building = undefined;
      }
    })();
    return this.building;
  }

  private async build(keys: Awaited<ReturnType<typeof loadOidcKeys>>): Promise<Provider> {
    // Imported here, not at the top: only a process that serves loads the library (it warns about
    // Node.js versions it does not support, which a CLI command's output should not carry).
    const { default: Provider, interactionPolicy, errors } = await import('oidc-provider');
    const { db, box, publicUrl } = this.opts;
    const clients = this.clients;
    const sweeper = this.sweeper;
    const signInPath = `${new URL(publicUrl).pathname.replace(/\/+$/, '')}/signin/`;
    const ttl = (pick: 'idTokenTtl' | 'refreshTokenTtl') => (client: object | undefined) =>
      portiereOf(client)?.[pick] ?? FALLBACK_TTL_S;
    const idTtl = ttl('idTokenTtl');
    const refreshTtl = ttl('refreshTokenTtl');
    const clientOf = (ctx: KoaContextWithOIDC | undefined) => ctx?.oidc?.client;
    const { renderError, logoutSource, postLogoutSuccessSource } = providerPages(this.opts.branding);

    const configuration: Configuration = {
      adapter: (name: string) =>
        name === 'Client'
          ? new ClientAdapter(clients)
          : new DatabaseAdapter(db, name, sweeper, (what) => new errors.InvalidGrant(what)),
      clients: [],
      findAccount: findAccount(db),
      claims: OIDC_CLAIMS,
      scopes: [...OIDC_SCOPES],
      // Only the authorization code flow: every client is registered for `code` alone.
      responseTypes: ['code'],
      acrValues: [...ACR_VALUES],
      // Scope claims in the ID token too, not only at userinfo: these are the customer's own apps.
      conformIdTokenClaims: false,
      // Derived from the instance secret: every node signs and reads the same cookies.
      cookies: {
        keys: [box.hmac('oidc-provider cookie key v1')],
        names: { session: 'oidc_session', interaction: 'oidc_interaction', resume: 'oidc_interaction_resume' },
        long: { httpOnly: true, sameSite: 'lax' },
        short: { httpOnly: true, sameSite: 'lax' },
      },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
        // A client revokes its own tokens only.
        revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
        userinfo: { enabled: true },
        // Access tokens are for userinfo: no resource servers.
        resourceIndicators: { enabled: false },
      },
      pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
      // Browsers may call the token endpoint for public clients, and userinfo, from the origins of
      // the client's redirect URIs.
      clientBasedCORS: (ctx, origin, client) =>
        (ctx.oidc.route === 'userinfo' || client.clientAuthMethod === 'none') &&
        (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
      clientAuthMethods: ['client_secret_basic', 'none'],
      // No HMAC algorithms: a client's secret is only known by its hash.
      enabledJWA: {
        clientAuthSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        requestObjectSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        idTokenSigningAlgValues: ['RS256'],
        userinfoSigningAlgValues: ['RS256'],
        introspectionSigningAlgValues: ['RS256'],
        authorizationSigningAlgValues: ['RS256'],
      },
      extraClientMetadata: { properties: [PORTIERE_METADATA] },
      interactions: {
        policy: signInPolicy(interactionPolicy),
        url: (_ctx, interaction) => `${signInPath}${interaction.uid}`,
      },
      loadExistingGrant,
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      ttl: {
        AccessToken: (ctx, _token, client) => idTtl(client ?? clientOf(ctx)),
        ClientCredentials: (ctx, _token, client) => idTtl(client ?? clientOf(ctx)),
        IdToken: (ctx, _token, client) => idTtl(client ?? clientOf(ctx)),
        RefreshToken: (ctx, token, client) => {
          // A public client's rotated refresh token keeps the lifetime of the one it replaces.
          const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
          if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained())
            return rotated.remainingTTL;
          return refreshTtl(client ?? clientOf(ctx));
        },
        AuthorizationCode: 60,
        Grant: (ctx) => refreshTtl(clientOf(ctx)),
        Session: (ctx) => refreshTtl(clientOf(ctx)),
        Interaction: SIGNIN_TTL_S,
      },
      renderError,
      jwks: { keys },
    };
    const provider = new Provider(this.issuer, configuration);
    provider.proxy = this.opts.trustProxy;
    compareHashedSecrets(provider);
    allowFormsToClient(provider);
    provider.on('server_error', (_ctx: unknown, err: Error) => this.opts.log.error({ err }, 'OpenID provider error'));
    return provider;
  }
}
