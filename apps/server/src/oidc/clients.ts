/**
 * The provider's clients are the integrations' applications, read from the applications table
 * on each lookup (oidc-provider keeps the built client while its metadata stays the same):
 *
 * - web: confidential; authorization code and refresh token; client_secret_basic;
 * - spa and native: public (`token_endpoint_auth_method: none`); authorization code with PKCE
 *   (required, S256) and refresh token;
 * - machine: client credentials only (client_secret_basic), no redirect.
 *
 * Redirect URIs come from the effective application (its own, else its base's). Client secrets
 * are kept as SHA-256 (applications/secret.ts): the client's `client_secret` is that hash, and
 * the secret a client sends is hashed and compared in constant time. HMAC algorithms (which
 * would need the secret itself) are not enabled.
 */
import { type ApplicationType, type CustomerSettings, OIDC_APPLICATION_TYPES } from '@portiere/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { Adapter, ClientMetadata, Provider } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { applications, customers } from '../db/schema/index.ts';
import { safeEqual } from '../lib/crypto.ts';
import { isUuid } from '../lib/ids.ts';
import { loadEffectiveApplication } from '../modules/applications/effective.ts';
import { hashClientSecret } from '../modules/applications/secret.ts';
import { effectiveSettings } from '../modules/settings/effective.ts';

export const OIDC_SCOPES = ['openid', 'offline_access', 'profile', 'email', 'phone', 'roles'] as const;

/** What the provider's callbacks need of a client's application and customer (extra client metadata). */
export interface PortiereClient {
  customerId: string;
  applicationId: string;
  type: ApplicationType;
  /** general.id_token_duration, seconds: ID and access tokens. */
  idTokenTtl: number;
  /** general.oidc_refresh_token_duration, seconds: refresh tokens, grants and sessions. */
  refreshTokenTtl: number;
  /** general.enable_sso: a session of the customer's member serves its other applications. */
  sso: boolean;
  /** redirectUriSuccessLoginFlow, '' when not set. */
  successUri: string;
  /** redirectUriAbortLoginFlow, '' when not set. */
  abortUri: string;
}

/** The one extra client metadata property: it holds PortiereClient. */
export const PORTIERE_METADATA = 'portiere';

/** The PortiereClient of a provider client (every client here has one). */
export function portiereOf(client: object | undefined): PortiereClient | undefined {
  return (client as Record<string, unknown> | undefined)?.[PORTIERE_METADATA] as PortiereClient | undefined;
}

type AppRow = typeof applications.$inferSelect;
/** An application with its customer's settings: the provider and the sign-in pages need both at every request. */
export type ClientApp = AppRow & { settings: CustomerSettings };

export class OidcClients {
  constructor(private readonly db: Db) {}

  private async byId(id: string): Promise<AppRow | undefined> {
    const [row] = await this.db.select().from(applications).where(eq(applications.id, id));
    return row;
  }

  /** The application a client id names, with its effective settings and its customer's, in one read. */
  async application(clientId: string): Promise<ClientApp | undefined> {
    if (!clientId || clientId.length > 200) return undefined;
    return this.applicationWhere(eq(applications.clientId, clientId));
  }

  /** The same, by the application's id (a SAML request names its application so). */
  async applicationById(id: string): Promise<ClientApp | undefined> {
    return isUuid(id) ? this.applicationWhere(eq(applications.id, id)) : undefined;
  }

  private async applicationWhere(where: SQL): Promise<ClientApp | undefined> {
    const [row] = await this.db
      .select({ app: applications, settings: customers.settings, sms: customers.smsApiTokenEnc })
      .from(applications)
      .innerJoin(customers, eq(customers.id, applications.customerId))
      .where(where);
    if (!row) return undefined;
    const app = await loadEffectiveApplication(row.app, (id) => this.byId(id));
    return { ...app, settings: effectiveSettings(row.settings, Boolean(row.sms)) };
  }

  async metadata(clientId: string): Promise<ClientMetadata | undefined> {
    const app = await this.application(clientId);
    // A RADIUS application is no OpenID client: its client id names nothing to the provider.
    if (!app || !OIDC_APPLICATION_TYPES.includes(app.type)) return undefined;
    const { settings } = app;
    const portiere: PortiereClient = {
      customerId: app.customerId,
      applicationId: app.id,
      type: app.type,
      idTokenTtl: settings.general.id_token_duration,
      refreshTokenTtl: settings.general.oidc_refresh_token_duration,
      sso: settings.general.enable_sso,
      successUri: app.redirectUriSuccessLoginFlow,
      abortUri: app.redirectUriAbortLoginFlow,
    };
    const base = {
      client_id: app.clientId,
      client_name: app.name,
      scope: OIDC_SCOPES.join(' '),
      [PORTIERE_METADATA]: portiere,
    };
    if (app.type === 'machine') {
      if (!app.clientSecretHash) return undefined;
      return {
        ...base,
        client_secret: app.clientSecretHash,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      };
    }
    const browser = {
      ...base,
      application_type: app.type === 'native' ? 'native' : 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: app.redirectUri ? [app.redirectUri] : [],
      // Where an RP may send the browser after logout: its own redirect URI, or the success page.
      post_logout_redirect_uris:
        app.type === 'native' ? [] : [...new Set([app.redirectUri, app.redirectUriSuccessLoginFlow].filter(Boolean))],
    } as const;
    if (app.type === 'web') {
      if (!app.clientSecretHash) return undefined;
      return { ...browser, client_secret: app.clientSecretHash, token_endpoint_auth_method: 'client_secret_basic' };
    }
    return { ...browser, token_endpoint_auth_method: 'none' };
  }
}

/** The `Client` model's storage: the applications table, read only. */
export class ClientAdapter implements Adapter {
  constructor(private readonly clients: OidcClients) {}

  async find(id: string) {
    return this.clients.metadata(id);
  }
  async upsert(): Promise<void> {
    throw new Error('clients are the applications: change them in the console');
  }
  async findByUserCode() {
    return undefined;
  }
  async findByUid() {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

/** Clients hold the SHA-256 of their secret: compare the hash of what the client sent. */
export function compareHashedSecrets(provider: Provider): void {
  const prototype = provider.Client.prototype as {
    clientSecret?: string;
    compareClientSecret(actual: string): unknown;
  };
  prototype.compareClientSecret = function compare(this: { clientSecret?: string }, actual: string) {
    return typeof actual === 'string' && !!this.clientSecret && safeEqual(this.clientSecret, hashClientSecret(actual));
  };
}
