/**
 * A SAML service provider in the application form: the contract's fields as the form edits them
 * (the consumer services one per line), and what a provider's metadata file fills in.
 */
import {
  SAML_DEFAULT_ATTRIBUTES,
  SAML_NAMEID_FORMATS,
  type SamlAttribute,
  type SamlNameIdFormat,
  type SamlServiceProvider,
  samlServiceProviderSchema,
} from '@portiere/contracts';

export interface SamlFormValues {
  entityId: string;
  /** One URL per line: the first is the default. */
  acsUrls: string;
  sloUrl: string;
  sloBinding: SamlServiceProvider['sloBinding'];
  certificate: string;
  requireSignedRequests: boolean;
  nameIdFormat: SamlNameIdFormat;
  nameIdField: SamlServiceProvider['nameIdField'];
  attributes: SamlAttribute[];
  signAssertions: boolean;
  signResponses: boolean;
  encryptAssertions: boolean;
  encryptionCertificate: string;
}

export const emptySamlForm = (): SamlFormValues => samlFormOf(null);

export function samlFormOf(sp: SamlServiceProvider | null): SamlFormValues {
  const d = sp ?? samlServiceProviderSchema.parse({ entityId: '', acsUrls: [] });
  return {
    entityId: d.entityId,
    acsUrls: d.acsUrls.join('\n'),
    sloUrl: d.sloUrl,
    sloBinding: d.sloBinding,
    certificate: d.certificate,
    requireSignedRequests: d.requireSignedRequests,
    nameIdFormat: d.nameIdFormat,
    nameIdField: d.nameIdField,
    attributes: sp ? d.attributes.map((a) => ({ ...a })) : SAML_DEFAULT_ATTRIBUTES.map((a) => ({ ...a })),
    signAssertions: d.signAssertions,
    signResponses: d.signResponses,
    encryptAssertions: d.encryptAssertions,
    encryptionCertificate: d.encryptionCertificate,
  };
}

export function samlInputOf(v: SamlFormValues): SamlServiceProvider {
  return {
    entityId: v.entityId.trim(),
    acsUrls: v.acsUrls
      .split('\n')
      .map((u) => u.trim())
      .filter(Boolean),
    sloUrl: v.sloUrl.trim(),
    sloBinding: v.sloBinding,
    certificate: v.certificate.trim(),
    requireSignedRequests: v.requireSignedRequests,
    nameIdFormat: v.nameIdFormat,
    nameIdField: v.nameIdFormat === 'emailAddress' ? 'email' : v.nameIdField,
    attributes: v.attributes.map((a) => ({ name: a.name.trim(), field: a.field })),
    signAssertions: v.signAssertions,
    signResponses: v.signResponses,
    encryptAssertions: v.encryptAssertions,
    encryptionCertificate: v.encryptAssertions ? v.encryptionCertificate.trim() : '',
  };
}

/** A field error's path in the form: each consumer service's error goes on the one text field. */
export const samlFormPath = (path: string) => path.replace(/^saml\.acsUrls\.\d+$/, 'saml.acsUrls');

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

const pem = (b64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(b64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`;

/**
 * The fields a service provider's metadata gives (its SPSSODescriptor): entity ID, HTTP-POST
 * consumer services by index, the single logout service, the signing and encryption
 * certificates, AuthnRequestsSigned and WantAssertionsSigned, and its first NameID format we
 * know. Null when the text is not an SP's metadata.
 */
export function spMetadataFields(xml: string): Partial<SamlFormValues> | null {
  // A DTD is refused before parsing, as the server does with every SAML message.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return null;
  const root = doc.documentElement;
  const entity =
    root.localName === 'EntityDescriptor' ? root : root.getElementsByTagNameNS(MD, 'EntityDescriptor').item(0);
  const sp = entity?.getElementsByTagNameNS(MD, 'SPSSODescriptor').item(0);
  if (!entity || !sp) return null;
  const children = (name: string) => Array.from(sp.getElementsByTagNameNS(MD, name));
  const acs = children('AssertionConsumerService')
    .filter((e) => e.getAttribute('Binding') === POST)
    .sort((a, b) => Number(a.getAttribute('index') ?? 0) - Number(b.getAttribute('index') ?? 0))
    .sort((a, b) => Number(b.getAttribute('isDefault') === 'true') - Number(a.getAttribute('isDefault') === 'true'))
    .map((e) => e.getAttribute('Location') ?? '')
    .filter(Boolean);
  const slo =
    children('SingleLogoutService').find((e) => e.getAttribute('Binding') === REDIRECT) ??
    children('SingleLogoutService').find((e) => e.getAttribute('Binding') === POST);
  const certificate = (use: string) => {
    const key =
      children('KeyDescriptor').find((k) => k.getAttribute('use') === use) ??
      children('KeyDescriptor').find((k) => !k.getAttribute('use'));
    const b64 = key?.getElementsByTagNameNS(DS, 'X509Certificate').item(0)?.textContent?.trim();
    return b64 ? pem(b64) : '';
  };
  const formats = children('NameIDFormat').map((e) => e.textContent?.trim());
  const known = (Object.entries(SAML_NAMEID_FORMATS) as [SamlNameIdFormat, string][]).find(([, urn]) =>
    formats.includes(urn),
  );
  return {
    entityId: entity.getAttribute('entityID') ?? '',
    acsUrls: acs.join('\n'),
    sloUrl: slo?.getAttribute('Location') ?? '',
    sloBinding: slo?.getAttribute('Binding') === POST ? 'post' : 'redirect',
    certificate: certificate('signing'),
    requireSignedRequests: sp.getAttribute('AuthnRequestsSigned') === 'true',
    ...(sp.getAttribute('WantAssertionsSigned') === 'true' ? { signAssertions: true } : {}),
    ...(known
      ? { nameIdFormat: known[0], ...(known[0] === 'emailAddress' ? { nameIdField: 'email' as const } : {}) }
      : {}),
    encryptionCertificate: certificate('encryption'),
  };
}
