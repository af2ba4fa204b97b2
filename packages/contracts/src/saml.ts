/**
 * SAML 2.0 (ARCHITECTURE.md, "Sign-in engine"): applications of type `saml` are service providers
 * that members sign in to through the same branded pages and flows as the web sign-in. Each
 * customer is an identity provider of its own, with its metadata at a stable address and a
 * signing certificate of its own (sealed at rest, rotatable).
 *
 * The identity provider's endpoints, under PUBLIC_URL (not /api: the service providers and the
 * browser call them):
 * - `GET saml/{customerId}/metadata` the IdP metadata; its address is the IdP's entity ID;
 * - `GET|POST saml/{customerId}/sso` an AuthnRequest (HTTP-Redirect or HTTP-POST binding);
 * - `GET saml/{customerId}/start/{applicationId}?RelayState=` IdP-initiated sign-in (a link);
 * - `GET|POST saml/{customerId}/slo` single logout (LogoutRequest and LogoutResponse);
 * - `GET saml/resume/{uid}` the end of a sign-in: the form that posts the response to the ACS.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { patchOf } from './patch.ts';
import { isUrl } from './settings.ts';

export const SAML_PATH = '/saml';
export const samlPaths = {
  metadata: (customerId: string) => `${SAML_PATH}/${customerId}/metadata`,
  sso: (customerId: string) => `${SAML_PATH}/${customerId}/sso`,
  slo: (customerId: string) => `${SAML_PATH}/${customerId}/slo`,
  start: (customerId: string, applicationId: string) => `${SAML_PATH}/${customerId}/start/${applicationId}`,
  resume: (uid: string) => `${SAML_PATH}/resume/${uid}`,
};

/** How long a SAML request may wait for its member (as an OpenID interaction). */
export const SAML_REQUEST_TTL_S = 60 * 60;
/** An assertion is valid this long after it is issued (SubjectConfirmationData and Conditions). */
export const SAML_ASSERTION_TTL_S = 5 * 60;

/**
 * AuthnContextClassRef of an assertion: REFEDS MFA when the sign-in passed two kinds of factor (a
 * request that names it accepts nothing less), else the password class when a password or PIN
 * was typed, else unspecified.
 */
export const SAML_AUTHN_CONTEXT = {
  multiFactor: 'https://refeds.org/profile/mfa',
  password: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  unspecified: 'urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified',
} as const;

/** NameID formats a service provider may ask for (SAML core 8.3). */
export const SAML_NAMEID_FORMATS = {
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
} as const;
export type SamlNameIdFormat = keyof typeof SAML_NAMEID_FORMATS;
export const SAML_NAMEID_FORMAT_KEYS = Object.keys(SAML_NAMEID_FORMATS) as SamlNameIdFormat[];

/** The member fields an attribute (or the NameID) may carry; `roles` are the app role's names. */
export const SAML_MEMBER_FIELDS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'name',
  'phone_number',
  'roles',
] as const;
export type SamlMemberField = (typeof SAML_MEMBER_FIELDS)[number];
/** Fields that name a member for good: what a persistent or unspecified NameID may be. */
export const SAML_NAMEID_FIELDS = ['id', 'username', 'email'] as const satisfies readonly SamlMemberField[];

/** Bindings a service provider's single logout endpoint may use. */
export const SAML_LOGOUT_BINDINGS = ['redirect', 'post'] as const;

const MAX_CERTIFICATE = 16_384;

export const samlAttributeSchema = z.object({
  name: z.string().trim().min(1).max(256),
  field: z.enum(SAML_MEMBER_FIELDS),
});
export type SamlAttribute = z.infer<typeof samlAttributeSchema>;

/** Attributes a new service provider sends unless the operator says otherwise. */
export const SAML_DEFAULT_ATTRIBUTES: SamlAttribute[] = [
  { name: 'email', field: 'email' },
  { name: 'givenName', field: 'first_name' },
  { name: 'sn', field: 'last_name' },
  { name: 'displayName', field: 'name' },
  { name: 'roles', field: 'roles' },
];

/**
 * A service provider, as its metadata describes it and the operator completes it. The assertion
 * consumer services take responses by HTTP-POST: the Web Browser SSO profile (saml-profiles 4.1.2)
 * forbids the HTTP-Redirect binding there.
 */
export const samlServiceProviderSchema = z.object({
  entityId: z.string().trim().max(1024),
  /** Assertion consumer service URLs (HTTP-POST), by index: the first is the default. */
  acsUrls: z.array(z.string().trim().max(2048)).max(10),
  /** Single logout service, '' when the provider has none. */
  sloUrl: z.string().trim().max(2048).default(''),
  sloBinding: z.enum(SAML_LOGOUT_BINDINGS).default('redirect'),
  /** The provider's signing certificate (PEM): checks its signed requests. */
  certificate: z.string().trim().max(MAX_CERTIFICATE).default(''),
  /** Refuse AuthnRequests and LogoutRequests that are not signed with `certificate`. */
  requireSignedRequests: z.boolean().default(false),
  nameIdFormat: z.enum(SAML_NAMEID_FORMAT_KEYS as [SamlNameIdFormat, ...SamlNameIdFormat[]]).default('persistent'),
  nameIdField: z.enum(SAML_NAMEID_FIELDS).default('id'),
  attributes: z.array(samlAttributeSchema).max(20).default(SAML_DEFAULT_ATTRIBUTES),
  signAssertions: z.boolean().default(true),
  signResponses: z.boolean().default(true),
  /** Encrypt the assertion for the provider (AES-256-GCM, RSA-OAEP) with `encryptionCertificate`. */
  encryptAssertions: z.boolean().default(false),
  encryptionCertificate: z.string().trim().max(MAX_CERTIFICATE).default(''),
});
export type SamlServiceProvider = z.infer<typeof samlServiceProviderSchema>;
/** A PATCH of an application sends only the provider's fields it changes. */
export const samlServiceProviderPatchSchema = patchOf(samlServiceProviderSchema);
export type SamlServiceProviderPatch = z.infer<typeof samlServiceProviderPatchSchema>;

/** The identity provider a customer is to its service providers, for their set-up. */
export const samlIdentityProviderSchema = z.object({
  entityId: z.string(),
  metadataUrl: z.string(),
  ssoUrl: z.string(),
  sloUrl: z.string(),
  /** The link that signs a member in to this application without a request (IdP-initiated). */
  startUrl: z.string(),
});
export type SamlIdentityProvider = z.infer<typeof samlIdentityProviderSchema>;

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\s+[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

function httpUrl(v: string): FieldError | null {
  if (!isUrl(v)) return fieldError('url');
  return /^https?:\/\//i.test(v) ? null : fieldError('httpUrl');
}

/** Where a field of a provider is wrong, keyed `saml.<field>` (and `saml.acsUrls.<i>`). */
export function samlServiceProviderErrors(sp: Partial<SamlServiceProvider>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (sp.entityId !== undefined && !sp.entityId.trim()) errors['saml.entityId'] = fieldError('required');
  else if (sp.entityId !== undefined && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(sp.entityId.trim())) {
    // saml-core 8.3.6: an entity ID is a URI.
    errors['saml.entityId'] = fieldError('samlEntityId');
  }
  if (sp.acsUrls !== undefined) {
    if (!sp.acsUrls.length) errors['saml.acsUrls'] = fieldError('required');
    sp.acsUrls.forEach((u, i) => {
      const e = u.trim() ? httpUrl(u.trim()) : fieldError('required');
      if (e) errors[`saml.acsUrls.${i}`] = e;
    });
  }
  if (sp.sloUrl) {
    const e = httpUrl(sp.sloUrl.trim());
    if (e) errors['saml.sloUrl'] = e;
  }
  for (const key of ['certificate', 'encryptionCertificate'] as const) {
    const v = sp[key]?.trim();
    if (v && !PEM_CERTIFICATE.test(v)) errors[`saml.${key}`] = fieldError('certificate');
  }
  if (sp.requireSignedRequests && sp.certificate !== undefined && !sp.certificate.trim()) {
    errors['saml.certificate'] ??= fieldError('required');
  }
  if (sp.encryptAssertions && sp.encryptionCertificate !== undefined && !sp.encryptionCertificate.trim()) {
    errors['saml.encryptionCertificate'] ??= fieldError('required');
  }
  if (sp.signAssertions === false && sp.signResponses === false)
    errors['saml.signAssertions'] = fieldError('samlSigned');
  if (sp.nameIdFormat === 'emailAddress' && sp.nameIdField && sp.nameIdField !== 'email') {
    errors['saml.nameIdField'] = fieldError('samlNameIdEmail');
  }
  const names = new Set<string>();
  sp.attributes?.forEach((a, i) => {
    const name = a.name.trim();
    if (!name) errors[`saml.attributes.${i}.name`] = fieldError('required');
    else if (names.has(name)) errors[`saml.attributes.${i}.name`] = fieldError('nameExists');
    names.add(name);
  });
  return errors;
}

/**
 * A provider's metadata imported by address (`POST applications/saml-metadata/`): the server
 * fetches it, within these bounds, and only from public addresses unless the operator allows
 * private ones (SAML_METADATA_PRIVATE); the console fills the form from it as from a file.
 */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;
export const SAML_METADATA_TIMEOUT_S = 10;
/** Redirects followed (an http address that moved to https, a CDN): each is checked again. */
export const SAML_METADATA_MAX_REDIRECTS = 3;
export const samlMetadataFetchSchema = z.object({ url: z.string().trim().max(2048) });
export type SamlMetadataFetch = z.infer<typeof samlMetadataFetchSchema>;
export const samlMetadataSchema = z.object({
  /** The metadata document as the provider serves it. */
  metadata: z.string(),
  /** Where it was read from, after redirects. */
  url: z.string(),
});
export type SamlMetadata = z.infer<typeof samlMetadataSchema>;

/** Whether a metadata address can be fetched at all (`url` keyed as the form's field). */
export function samlMetadataFetchErrors(input: SamlMetadataFetch): Record<string, FieldError> {
  const e = input.url ? httpUrl(input.url) : fieldError('required');
  return e ? { url: e } : {};
}
