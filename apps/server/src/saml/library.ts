/**
 * samlify (the protocol, with xml-crypto for signatures and canonicalisation) and the SAML schemas
 * it validates every inbound message against, loaded with the first SAML request: a server
 * without SAML applications never pays for them at start.
 *
 * Against XML attacks: samlify's DOM parser treats entity references and malformed XML as fatal
 * (no XXE, no entity expansion); every message must validate against the SAML 2.0 protocol,
 * assertion, xmldsig and xenc schemas (xmllint, compiled to WebAssembly) before it is read; and
 * signatures are checked on the element their reference names (xml-crypto), which is the one read.
 */
import { createRequire } from 'node:module';

/** A binding's request as samlify reads it: the query (and its signed octets) or the form body. */
export interface SamlHttpRequest {
  query?: Record<string, string>;
  body?: Record<string, string>;
  octetString?: string;
}
/** What samlify's flow answers: the parsed message and what it extracted. */
export interface SamlParsed {
  samlContent: string;
  extract: {
    request?: { id?: string; issueInstant?: string; destination?: string; assertionConsumerServiceUrl?: string };
    issuer?: string;
    nameID?: string;
    sessionIndex?: { sessionIndex?: string };
    response?: { id?: string; inResponseTo?: string };
  };
}
export type SamlBinding = 'redirect' | 'post';
export interface SamlEntity {
  getMetadata(): string;
  entityMeta: { getEntityID(): string };
}
export interface SamlIdentityProviderEntity extends SamlEntity {
  parseLoginRequest(sp: SamlEntity, binding: SamlBinding, req: SamlHttpRequest): Promise<SamlParsed>;
  createLoginResponse(
    sp: SamlEntity,
    requestInfo: unknown,
    binding: 'post',
    user: Record<string, unknown>,
    options: {
      customTagReplacement: (template: string) => { id: string; context: string };
      relayState?: string;
      encryptThenSign?: boolean;
    },
  ): Promise<{ id: string; context: string; entityEndpoint: string }>;
  parseLogoutRequest(sp: SamlEntity, binding: SamlBinding, req: SamlHttpRequest): Promise<SamlParsed>;
  parseLogoutResponse(sp: SamlEntity, binding: SamlBinding, req: SamlHttpRequest): Promise<SamlParsed>;
  createLogoutRequest(
    sp: SamlEntity,
    binding: SamlBinding,
    user: { logoutNameID: string; sessionIndex?: string },
    options?: { relayState?: string },
  ): { id: string; context: string; entityEndpoint?: string; relayState?: string };
  createLogoutResponse(
    sp: SamlEntity,
    requestInfo: unknown,
    binding: SamlBinding,
    options?: { relayState?: string },
  ): { id: string; context: string; entityEndpoint?: string; relayState?: string };
}
/**
 * The part of samlify used here, typed locally: its own declarations pull in DOM types that
 * change the project's Buffer and Blob typing.
 */
interface Samlify {
  IdentityProvider(settings: Record<string, unknown>): SamlIdentityProviderEntity;
  ServiceProvider(settings: Record<string, unknown>): SamlEntity;
  setSchemaValidator(v: { validate(xml: string): Promise<string> }): void;
}

let loaded: Samlify | undefined;

export function samlify(): Samlify {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const lib = require('samlify') as Samlify;
  const xmllint = require('node-xmllint') as {
    validateXML(o: { xml: string; schema: string[] }): { errors: string[] | null };
  };
  const schema = (name: string) =>
    (require(`@authenio/samlify-node-xmllint/build/schemas/${name}.js`) as { default: string }).default;
  // xmllint runs in an emscripten file system: the schemas import each other by these names.
  const assertion = schema('saml-schema-assertion-2.0.xsd')
    .replace('xmldsig-core-schema.xsd', 'file_1.xsd')
    .replace('xenc-schema.xsd', 'file_2.xsd');
  const dsig = schema('xmldsig-core-schema.xsd');
  const xenc = schema('xenc-schema.xsd').replace('xmldsig-core-schema.xsd', 'file_1.xsd');
  const protocol = schema('saml-schema-protocol-2.0.xsd')
    .replace('saml-schema-assertion-2.0.xsd', 'file_0.xsd')
    .replace('xmldsig-core-schema.xsd', 'file_1.xsd');
  lib.setSchemaValidator({
    validate: async (xml: string) => {
      const { errors } = xmllint.validateXML({ xml, schema: [assertion, dsig, xenc, protocol] });
      if (errors) throw new Error('ERR_EXCEPTION_VALIDATE_XML');
      return 'SUCCESS_VALIDATE_XML';
    },
  });
  loaded = lib;
  return lib;
}
