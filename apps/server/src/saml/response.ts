/**
 * The XML of a SAML Response with its assertion, before samlify signs (and encrypts) it. Every
 * value is escaped here; the operator's attribute names too. Canonicalisation and signatures are
 * xml-crypto's, through samlify.
 */
import { randomBytes } from 'node:crypto';
import {
  SAML_ASSERTION_TTL_S,
  SAML_AUTHN_CONTEXT,
  SAML_NAMEID_FORMATS,
  type SamlServiceProvider,
} from '@portiere/contracts';
import escapeXml from 'escape-html';

export interface MemberFacts {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  roles: string[];
}

export interface ResponseInput {
  idpEntityId: string;
  sp: SamlServiceProvider;
  acsUrl: string;
  /** The AuthnRequest's ID; null when the sign-in started here (IdP-initiated). */
  inResponseTo: string | null;
  member: MemberFacts;
  /** A transient NameID is made per assertion; the others come from the member. */
  nameId: string;
  amr: string[];
  multiFactor: boolean;
  sessionIndex: string;
  now: Date;
}

/** SAML IDs are xsd:ID: they must not start with a digit. */
export const samlId = () => `_${randomBytes(20).toString('hex')}`;

/** The member's value for a field of the attribute mapping: none, one or several (roles). */
export function valuesOf(member: MemberFacts, field: SamlServiceProvider['attributes'][number]['field']): string[] {
  const one = (v: string | null) => (v ? [v] : []);
  switch (field) {
    case 'id':
      return [member.id];
    case 'username':
      return [member.username];
    case 'email':
      return one(member.email);
    case 'first_name':
      return one(member.firstName);
    case 'last_name':
      return one(member.lastName);
    case 'name':
      return [[member.firstName, member.lastName].filter(Boolean).join(' ') || member.username];
    case 'phone_number':
      return one(member.phoneNumber);
    case 'roles':
      return member.roles;
  }
}

/** The NameID for a member, as the provider's format and field say. */
export function nameIdOf(sp: SamlServiceProvider, member: MemberFacts): string {
  if (sp.nameIdFormat === 'transient') return samlId();
  return valuesOf(member, sp.nameIdField)[0] ?? member.id;
}

export function authnContextOf(amr: string[], multiFactor: boolean): string {
  if (multiFactor) return SAML_AUTHN_CONTEXT.multiFactor;
  return amr.includes('pwd') || amr.includes('pin') ? SAML_AUTHN_CONTEXT.password : SAML_AUTHN_CONTEXT.unspecified;
}

export function responseXml(input: ResponseInput): { id: string; xml: string } {
  const { sp, member, now } = input;
  const id = samlId();
  const instant = now.toISOString();
  const until = new Date(now.getTime() + SAML_ASSERTION_TTL_S * 1000).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeXml(input.inResponseTo)}"` : '';
  const attributes = sp.attributes
    .map((a) => ({ name: a.name, values: valuesOf(member, a.field) }))
    .filter((a) => a.values.length)
    .map(
      (a) =>
        `<saml:Attribute Name="${escapeXml(a.name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${a.values
          .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const issuer = `<saml:Issuer>${escapeXml(input.idpEntityId)}</saml:Issuer>`;
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${instant}" Destination="${escapeXml(input.acsUrl)}"${inResponseTo}>` +
    issuer +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${samlId()}" Version="2.0" IssueInstant="${instant}">` +
    issuer +
    `<saml:Subject><saml:NameID Format="${SAML_NAMEID_FORMATS[sp.nameIdFormat]}" SPNameQualifier="${escapeXml(sp.entityId)}">${escapeXml(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${escapeXml(input.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escapeXml(sp.entityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${escapeXml(input.sessionIndex)}"><saml:AuthnContext><saml:AuthnContextClassRef>${authnContextOf(input.amr, input.multiFactor)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`;
  return { id, xml };
}
