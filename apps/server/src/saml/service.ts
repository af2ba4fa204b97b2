/**
 * Each customer's SAML identity provider: its metadata, the AuthnRequests of its service
 * providers (and IdP-initiated starts), and at the end the signed response the browser posts to
 * the provider's assertion consumer service. The member signs in on the web sign-in's pages,
 * which walk a request as their target (target.ts).
 *
 * A request is bound to the browser that brought it (the `portiere_saml` cookie, kept as its
 * SHA-256): only that browser takes the response. The same cookie names the browser's SAML
 * session for single logout (logout.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import { SAML_AUTHN_CONTEXT, SAML_REQUEST_TTL_S, type SamlServiceProvider } from '@portiere/contracts';
import type { Element, DOMParser as XmlParser } from '@xmldom/xmldom';
import { and, eq, isNull, sql } from 'drizzle-orm';
import escapeXml from 'escape-html';
import type { Db } from '../db/client.ts';
import { applications, customers, members, samlRequests, samlSessions } from '../db/schema/index.ts';
import type { SamlSignedIn } from '../db/schema/saml.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import { rolesOf } from '../oidc/claims.ts';
import type { ClientApp, OidcClients } from '../oidc/clients.ts';
import { identityProvider, idpEntityId, serviceProvider } from './entities.ts';
import type { SamlKeys } from './keys.ts';
import type { SamlBinding, SamlHttpRequest } from './library.ts';
import { type MemberFacts, nameIdOf, responseXml, samlId } from './response.ts';

export const SAML_COOKIE = 'portiere_saml';
/** How long a provider's session lasts for single logout, unless the provider ends it first. */
const SESSION_TTL_S = 12 * 60 * 60;
/** RelayState is opaque to us; saml-bindings 3.4.3 says 80 bytes, providers send more. */
const MAX_RELAY_STATE = 1024;

export const browserHash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');
export const newBrowserCookie = () => randomBytes(32).toString('base64url');
/** A uid the web sign-in's pages walk; its prefix tells SAML's from the provider's. */
export const SAML_UID_PREFIX = 'saml_';
export const isSamlUid = (uid: string) => uid.startsWith(SAML_UID_PREFIX) && uid.length === 45;

export const invalid = () => new AppError(400, 'samlRequest');

/** A binding's message as XML: HTTP-Redirect deflates it, both base64-encode it. */
export function decodeMessage(binding: SamlBinding, encoded: string): string {
  try {
    const bytes = Buffer.from(encoded, 'base64');
    const xml = (binding === 'redirect' ? inflateRawSync(bytes, { maxOutputLength: 256 * 1024 }) : bytes).toString(
      'utf8',
    );
    // No DTDs at all: no entity tricks get as far as a parser.
    if (!xml.trim().startsWith('<') || /<!DOCTYPE|<!ENTITY/i.test(xml)) throw invalid();
    return xml;
  } catch {
    throw invalid();
  }
}

/** xmldom, loaded with the first SAML message (as samlify, library.ts). */
let parser: typeof XmlParser | undefined;
const parse = (xml: string) => {
  parser ??= (createRequire(import.meta.url)('@xmldom/xmldom') as typeof import('@xmldom/xmldom')).DOMParser;
  return new parser({ onError: () => {} }).parseFromString(xml, 'text/xml');
};

/** The text of the root's child elements named `path` (local names), as the schema places them. */
export function childText(xml: string, ...path: string[]): string[] {
  const doc = parse(xml);
  let nodes: Element[] = doc.documentElement ? [doc.documentElement as unknown as Element] : [];
  for (const name of path) {
    nodes = nodes.flatMap((n) =>
      Array.from(n.childNodes as unknown as ArrayLike<Element>).filter((c) => c.nodeType === 1 && c.localName === name),
    );
  }
  return nodes.map((n) => (n.textContent ?? '').trim());
}

export interface SamlAnswer {
  acsUrl: string;
  samlResponse: string;
  relayState: string | null;
  applicationName: string;
  language: string;
}

export class SamlIdentityProvider {
  constructor(
    private readonly db: Db,
    private readonly keys: SamlKeys,
    private readonly clients: OidcClients,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private signInPage(uid: string): string {
    return `${new URL(this.publicUrl).pathname.replace(/\/+$/, '')}/signin/${uid}`;
  }

  async customer(customerId: string) {
    if (!isUuid(customerId)) throw notFound();
    const [row] = await this.db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw notFound();
    return row;
  }

  async idpKeys(customer: { id: string; name: string }) {
    const signing = await this.keys.signing(customer.id, customer.name);
    return { privateKey: signing.privateKey, certificates: await this.keys.certificates(customer.id) };
  }

  async metadata(customerId: string): Promise<string> {
    const customer = await this.customer(customerId);
    return identityProvider(this.publicUrl, customer.id, await this.idpKeys(customer)).getMetadata();
  }

  /** The customer's SAML application with this entity ID, with its settings. */
  async providerByEntityId(customerId: string, entityId: string): Promise<ClientApp> {
    const [row] = await this.db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.customerId, customerId),
          eq(applications.type, 'saml'),
          sql`${applications.saml}->>'entityId' = ${entityId}`,
        ),
      );
    const app = row ? await this.clients.applicationById(row.id) : undefined;
    if (!app?.saml) throw invalid();
    return app;
  }

  /**
   * An AuthnRequest: checked by samlify against the schemas, the provider's signature when it
   * must sign, and its registered assertion consumer services; then the member signs in.
   * Answers where the browser goes: the sign-in page.
   */
  async authnRequest(
    customerId: string,
    binding: SamlBinding,
    message: { SAMLRequest?: string; RelayState?: string },
    octetString: string | undefined,
    browser: string,
  ): Promise<string> {
    const customer = await this.customer(customerId);
    if (!message.SAMLRequest) throw invalid();
    const xml = decodeMessage(binding, message.SAMLRequest);
    const [issuer] = childText(xml, 'Issuer');
    if (!issuer) throw invalid();
    const app = await this.providerByEntityId(customer.id, issuer);
    const sp = app.saml as SamlServiceProvider;
    const idp = identityProvider(this.publicUrl, customer.id, await this.idpKeys(customer), sp);
    const request: SamlHttpRequest =
      binding === 'redirect'
        ? { query: message as Record<string, string>, octetString }
        : { body: message as Record<string, string> };
    const parsed = await idp.parseLoginRequest(serviceProvider(sp, sp.acsUrls[0] ?? ''), binding, request).catch(() => {
      throw invalid();
    });
    const { id, assertionConsumerServiceUrl: asked } = parsed.extract.request ?? {};
    const index = xmlAttribute(parsed.samlContent, 'AssertionConsumerServiceIndex');
    // Only a registered consumer service: a request may not send the assertion elsewhere.
    const acsUrl = asked ? sp.acsUrls.find((u) => u === asked) : sp.acsUrls[index ? Number(index) : 0];
    if (!acsUrl || !id) throw invalid();
    const classes = childText(parsed.samlContent, 'RequestedAuthnContext', 'AuthnContextClassRef');
    return this.open(app, {
      requestId: id,
      acsUrl,
      relayState: message.RelayState ?? null,
      multiFactor: classes.length > 0 && classes.every((c) => c === SAML_AUTHN_CONTEXT.multiFactor),
      browser,
    });
  }

  /** IdP-initiated: a link signs the member in to the application, with no request to answer. */
  async start(customerId: string, applicationId: string, relayState: string | null, browser: string): Promise<string> {
    const app = await this.clients.applicationById(applicationId);
    if (!app || app.customerId !== customerId || app.type !== 'saml' || !app.saml?.acsUrls[0]) throw notFound();
    return this.open(app, { requestId: null, acsUrl: app.saml.acsUrls[0], relayState, multiFactor: false, browser });
  }

  private async open(
    app: ClientApp,
    r: { requestId: string | null; acsUrl: string; relayState: string | null; multiFactor: boolean; browser: string },
  ): Promise<string> {
    if (r.relayState && r.relayState.length > MAX_RELAY_STATE) throw invalid();
    const uid = `${SAML_UID_PREFIX}${randomBytes(20).toString('hex')}`;
    await this.db.insert(samlRequests).values({
      uid,
      customerId: app.customerId,
      applicationId: app.id,
      requestId: r.requestId,
      acsUrl: r.acsUrl,
      relayState: r.relayState || null,
      multiFactor: r.multiFactor,
      browser: browserHash(r.browser),
      expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_S * 1000),
    });
    return this.signInPage(uid);
  }

  /** A request waiting for its member, with its application; null when unknown, expired or finished. */
  async pending(uid: string) {
    if (!isSamlUid(uid)) return null;
    const [row] = await this.db.select().from(samlRequests).where(eq(samlRequests.uid, uid));
    if (!row || row.signedIn || row.expiresAt <= new Date()) return null;
    const app = await this.clients.applicationById(row.applicationId);
    if (app?.type !== 'saml' || !app.saml) return null;
    return { row, app };
  }

  /** The sign-in's end, kept for the response; answers the address of the response's form. */
  async conclude(uid: string, outcome: SamlSignedIn): Promise<boolean> {
    const done = await this.db
      .update(samlRequests)
      .set({ signedIn: outcome })
      .where(and(eq(samlRequests.uid, uid), isNull(samlRequests.signedIn)))
      .returning({ uid: samlRequests.uid });
    return done.length > 0;
  }

  resumeUrl(uid: string): string {
    return `${this.publicUrl}/saml/resume/${uid}`;
  }

  /**
   * The response for a finished sign-in, once, to the browser that brought the request: a
   * signed assertion for the member (the provider's session recorded for single logout), or a
   * failure status.
   */
  async answer(uid: string, browser: string | undefined): Promise<SamlAnswer> {
    if (!isSamlUid(uid) || !browser) throw notFound();
    const [row] = await this.db
      .update(samlRequests)
      .set({ answeredAt: this.now() })
      .where(
        and(
          eq(samlRequests.uid, uid),
          eq(samlRequests.browser, browserHash(browser)),
          isNull(samlRequests.answeredAt),
          sql`${samlRequests.signedIn} is not null`,
          sql`${samlRequests.expiresAt} > now()`,
        ),
      )
      .returning();
    const app = row ? await this.clients.applicationById(row.applicationId) : undefined;
    if (!row?.signedIn || !app?.saml) throw notFound();
    const customer = await this.customer(row.customerId);
    const sp = app.saml;
    const idpKeys = await this.idpKeys(customer);
    const outcome = row.signedIn;
    const base = {
      acsUrl: row.acsUrl,
      relayState: row.relayState,
      applicationName: app.name,
      language: app.settings.general.language,
    };
    if ('failed' in outcome) {
      return { ...base, samlResponse: await this.failure(customer.id, idpKeys, sp, row, outcome.failed) };
    }
    const member = await this.memberFacts(outcome.memberId, app);
    if (!member) throw notFound();
    const now = this.now();
    const sessionIndex = samlId();
    const nameId = nameIdOf(sp, member);
    await this.db.insert(samlSessions).values({
      customerId: customer.id,
      browser: row.browser,
      memberId: member.id,
      applicationId: app.id,
      nameId,
      sessionIndex,
      expiresAt: new Date(now.getTime() + SESSION_TTL_S * 1000),
    });
    const { xml } = responseXml({
      idpEntityId: idpEntityId(this.publicUrl, customer.id),
      sp,
      acsUrl: row.acsUrl,
      inResponseTo: row.requestId,
      member,
      nameId,
      amr: outcome.amr,
      multiFactor: outcome.amr.includes('mfa'),
      sessionIndex,
      now,
    });
    const idp = identityProvider(this.publicUrl, customer.id, idpKeys, sp);
    // The assertion is signed, then encrypted, then the response around it signed: a response
    // signed before the encryption would no longer verify.
    const signed = await idp.createLoginResponse(
      serviceProvider(sp, row.acsUrl),
      null,
      'post',
      {},
      { customTagReplacement: () => ({ id: '', context: xml }), encryptThenSign: true },
    );
    return { ...base, samlResponse: signed.context };
  }

  /** A response that says the sign-in failed: no assertion, the status signed as the message. */
  private async failure(
    customerId: string,
    keys: { privateKey: string; certificates: string[] },
    sp: SamlServiceProvider,
    row: typeof samlRequests.$inferSelect,
    why: 'AuthnFailed' | 'NoAuthnContext' | 'RequestDenied',
  ): Promise<string> {
    const id = samlId();
    const inResponseTo = row.requestId ? ` InResponseTo="${escapeXml(row.requestId)}"` : '';
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${this.now().toISOString()}" Destination="${escapeXml(row.acsUrl)}"${inResponseTo}>` +
      `<saml:Issuer>${escapeXml(idpEntityId(this.publicUrl, customerId))}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:${why}"/></samlp:StatusCode></samlp:Status>` +
      `</samlp:Response>`;
    const unsignedAssertion = { ...sp, signAssertions: false, signResponses: true, encryptAssertions: false };
    const idp = identityProvider(this.publicUrl, customerId, keys, unsignedAssertion);
    const signed = await idp.createLoginResponse(
      serviceProvider(unsignedAssertion, row.acsUrl),
      null,
      'post',
      {},
      {
        customTagReplacement: () => ({ id, context: xml }),
      },
    );
    return signed.context;
  }

  private async memberFacts(memberId: string, app: ClientApp): Promise<MemberFacts | null> {
    const [m] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.customerId, app.customerId)));
    if (!m || m.blocked) return null;
    return {
      id: m.id,
      username: m.username,
      email: m.email || null,
      firstName: m.firstName || null,
      lastName: m.lastName || null,
      phoneNumber: m.phoneNumber || null,
      roles: await rolesOf(this.db, app.id, m.groupId),
    };
  }
}

/** An attribute of the message's root element, or null. */
function xmlAttribute(xml: string, name: string): string | null {
  const doc = parse(xml);
  return doc.documentElement?.getAttribute(name) ?? null;
}
