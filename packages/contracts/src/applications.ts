/**
 * Applications (spec sections 3, 5; route /applications): the OpenID Connect clients members sign
 * in to. The server generates the client id, and for confidential clients a secret that is shown
 * once (at creation and when regenerated) and only ever stored as a hash.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { commaListParam, pagingQuerySchema } from './lists.ts';
import { patchOf } from './patch.ts';
import {
  type SamlServiceProvider,
  samlIdentityProviderSchema,
  samlServiceProviderErrors,
  samlServiceProviderPatchSchema,
  samlServiceProviderSchema,
} from './saml.ts';
import { isUrl } from './settings.ts';

/**
 * web: a server-side web application (authorization code, client secret);
 * spa: a single-page application in the browser (authorization code with PKCE, no secret);
 * native: a desktop or mobile app (PKCE, no secret; its own URI scheme allowed for redirects);
 * machine: machine-to-machine (client credentials, no browser, no redirect);
 * radius: devices that sign members in over RADIUS (radius.ts: VPNs, Wi-Fi, Linux PAM); no
 * OpenID client, no redirect: its RADIUS clients name it, its app roles say who may and how;
 * saml: a SAML 2.0 service provider (saml.ts), described by `saml`; its responses go to its
 * assertion consumer services, not to a redirect URI.
 */
export const APPLICATION_TYPES = ['web', 'spa', 'native', 'machine', 'radius', 'saml'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
/** Types that keep a client secret; the others are public clients and prove themselves with PKCE. */
export const CONFIDENTIAL_APPLICATION_TYPES: readonly ApplicationType[] = ['web', 'machine'];
/** Types that are OpenID Connect clients (the others sign members in over their own protocol). */
export const OIDC_APPLICATION_TYPES: readonly ApplicationType[] = ['web', 'spa', 'native', 'machine'];
/** Types without a browser to redirect (no redirect URIs). */
export const REDIRECTLESS_APPLICATION_TYPES: readonly ApplicationType[] = ['machine', 'radius', 'saml'];

/** Spec 5: starts with a letter, only letters, numbers or underscores, at least 2 characters. */
export const APPLICATION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]+$/;
const url = z.string().trim().max(2048);

export const applicationInputSchema = z.object({
  name: z.string().trim().max(100),
  type: z.enum(APPLICATION_TYPES),
  /** An application of the same customer whose settings this one takes where it leaves them empty. */
  baseApplicationId: z.string().nullable().default(null),
  redirectUri: url.default(''),
  callbackUrlSuccessfulLoginFlow: url.default(''),
  redirectUriSuccessLoginFlow: url.default(''),
  redirectUriAbortLoginFlow: url.default(''),
  defaultFlowId: z.string().nullable().default(null),
  /** The service provider of a `saml` application (required there, refused elsewhere). */
  saml: samlServiceProviderSchema.optional(),
});
/** A PATCH changes only the fields it sends, the provider's too. */
export const applicationPatchSchema = patchOf(applicationInputSchema).extend({
  saml: samlServiceProviderPatchSchema.optional(),
});
export type ApplicationInput = z.infer<typeof applicationInputSchema>;
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(APPLICATION_TYPES),
  baseApplicationId: z.string().nullable(),
  baseApplication: ref.nullable(),
  clientId: z.string(),
  /** Whether a secret exists (confidential types); the secret itself is never read back. */
  hasClientSecret: z.boolean(),
  redirectUri: z.string(),
  callbackUrlSuccessfulLoginFlow: z.string(),
  redirectUriSuccessLoginFlow: z.string(),
  redirectUriAbortLoginFlow: z.string(),
  defaultFlowId: z.string().nullable(),
  defaultFlow: ref.nullable(),
  app_roles_count: z.number().int(),
  created_at: z.string(),
  /** The OpenID provider's issuer (PUBLIC_URL + OIDC_PATH) and its discovery document, for the relying party's set-up. */
  issuer: z.string(),
  discoveryUrl: z.string(),
  /** A `saml` application's service provider, and the identity provider it is to sign in with; else null. */
  saml: samlServiceProviderSchema.nullable(),
  samlIdentityProvider: samlIdentityProviderSchema.nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** The answer of a creation and of a secret regeneration: the only time the secret is seen. */
export const applicationWithSecretSchema = applicationSchema.extend({ clientSecret: z.string().nullable() });
export type ApplicationWithSecret = z.infer<typeof applicationWithSecretSchema>;

export const applicationListQuerySchema = pagingQuerySchema.extend({
  /** Name or client id contains, ignoring case. */
  search: z.string().max(200).optional(),
  /** Comma-separated types. */
  type: commaListParam(z.string().max(100), APPLICATION_TYPES),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** Where a browser is sent: http or https only. */
const BROWSER_URLS = ['redirectUriSuccessLoginFlow', 'redirectUriAbortLoginFlow'] as const;

/**
 * The rules of spec 5 for an application, for the console's form and the server alike. `type` is
 * the application's type after the change (a PATCH may send only some fields); `derived` whether
 * it has a base application after the change, whose redirect URI it then takes when it has none.
 */
export function applicationFieldErrors(
  input: Partial<Omit<ApplicationInput, 'saml'>> & { saml?: Partial<SamlServiceProvider> },
  type: ApplicationType | undefined,
  derived = !!input.baseApplicationId,
) {
  const errors: Record<string, FieldError> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = fieldError('required');
    else if (!APPLICATION_NAME_PATTERN.test(name)) errors.name = fieldError('applicationName');
  }
  if (input.redirectUri !== undefined && type) {
    const e = redirectUriError(input.redirectUri, type, derived);
    if (e) errors.redirectUri = e;
  }
  if (input.callbackUrlSuccessfulLoginFlow && !isUrl(input.callbackUrlSuccessfulLoginFlow)) {
    errors.callbackUrlSuccessfulLoginFlow = fieldError('url');
  }
  if (input.saml) Object.assign(errors, samlServiceProviderErrors(input.saml));
  else if (type === 'saml' && input.type === 'saml') errors['saml.entityId'] = fieldError('required');
  for (const key of BROWSER_URLS) {
    const v = input[key];
    if (!v) continue;
    if (!isUrl(v)) errors[key] = fieldError('url');
    else if (!/^https?:\/\//i.test(v)) errors[key] = fieldError('httpUrl');
  }
  return errors;
}

/** Browser clients redirect to http(s); a native app may use its own scheme; a machine or RADIUS device has no browser. */
function redirectUriError(value: string, type: ApplicationType, derived: boolean): FieldError | null {
  const v = value.trim();
  if (REDIRECTLESS_APPLICATION_TYPES.includes(type)) return null;
  if (!v) return derived ? null : fieldError('required');
  if (type === 'native' && /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:\/\S+$/i.test(v)) return null;
  if (!isUrl(v)) return fieldError('url');
  if (!/^https?:\/\//i.test(v)) return fieldError('httpUrl');
  return null;
}
