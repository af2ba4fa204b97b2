/**
 * samlify's entities for one exchange: the customer's identity provider (its key, its published
 * certificates, its endpoints) and one service provider as its application describes it.
 */
import { SAML_NAMEID_FORMATS, type SamlServiceProvider, samlPaths } from '@portiere/contracts';
import { type SamlEntity, type SamlIdentityProviderEntity, samlify } from './library.ts';

const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

export interface IdentityProviderKeys {
  privateKey: string;
  /** The active certificate first, then those recently retired. */
  certificates: string[];
}

export const idpEntityId = (publicUrl: string, customerId: string) => `${publicUrl}${samlPaths.metadata(customerId)}`;

export function identityProvider(
  publicUrl: string,
  customerId: string,
  keys: IdentityProviderKeys,
  /** The provider of this exchange: whether its requests must be signed, its assertions encrypted. */
  sp?: SamlServiceProvider,
): SamlIdentityProviderEntity {
  const wantAuthnRequestsSigned = sp?.requireSignedRequests ?? false;
  const at = (path: string) => `${publicUrl}${path}`;
  return samlify().IdentityProvider({
    entityID: idpEntityId(publicUrl, customerId),
    privateKey: keys.privateKey,
    signingCert: keys.certificates,
    requestSignatureAlgorithm: RSA_SHA256,
    wantAuthnRequestsSigned,
    wantLogoutRequestSigned: wantAuthnRequestsSigned,
    isAssertionEncrypted: Boolean(sp?.encryptAssertions && sp.encryptionCertificate),
    // The provider's own format first: samlify names the first in the LogoutRequests it makes.
    nameIDFormat: [
      ...new Set([...(sp ? [SAML_NAMEID_FORMATS[sp.nameIdFormat]] : []), ...Object.values(SAML_NAMEID_FORMATS)]),
    ],
    singleSignOnService: [
      { Binding: BINDING.redirect, Location: at(samlPaths.sso(customerId)) },
      { Binding: BINDING.post, Location: at(samlPaths.sso(customerId)) },
    ],
    singleLogoutService: [
      { Binding: BINDING.redirect, Location: at(samlPaths.slo(customerId)) },
      { Binding: BINDING.post, Location: at(samlPaths.slo(customerId)) },
    ],
    // An encrypted assertion: AES-256-GCM content, its key wrapped with RSA-OAEP.
    dataEncryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
    keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
  });
}

/** The provider, answering at `acsUrl` (the one its request named, or its first). */
export function serviceProvider(sp: SamlServiceProvider, acsUrl: string): SamlEntity {
  return samlify().ServiceProvider({
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: BINDING.post, Location: acsUrl }],
    singleLogoutService: sp.sloUrl ? [{ Binding: BINDING[sp.sloBinding], Location: sp.sloUrl }] : [],
    ...(sp.certificate ? { signingCert: sp.certificate } : {}),
    ...(sp.encryptAssertions && sp.encryptionCertificate ? { encryptCert: sp.encryptionCertificate } : {}),
    authnRequestsSigned: sp.requireSignedRequests,
    // What the identity provider sends in single logout is signed: providers (mellon) require it.
    wantLogoutRequestSigned: true,
    wantLogoutResponseSigned: true,
    wantAssertionsSigned: sp.signAssertions,
    wantMessageSigned: sp.signResponses,
    requestSignatureAlgorithm: RSA_SHA256,
  });
}
