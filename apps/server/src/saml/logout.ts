/**
 * Single logout (saml-profiles 4.4) at PUBLIC_URL/saml/<customer>/slo. A provider's
 * LogoutRequest ends its session; then the browser goes round the other providers of the same
 * browser's SAML session, each with a LogoutRequest whose RelayState names this logout, and each
 * LogoutResponse brings it back here; when none is left the provider that asked gets its
 * LogoutResponse. Requests are checked like AuthnRequests: the schemas, the issuer's
 * registration, and its signature where the provider must sign.
 */
import { randomBytes } from 'node:crypto';
import { SAML_REQUEST_TTL_S, type SamlServiceProvider } from '@portiere/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { samlLogouts, samlSessions } from '../db/schema/index.ts';
import type { ClientApp, OidcClients } from '../oidc/clients.ts';
import { identityProvider, serviceProvider } from './entities.ts';
import type { SamlBinding, SamlHttpRequest } from './library.ts';
import { browserHash, childText, decodeMessage, invalid, type SamlIdentityProvider } from './service.ts';

/** Where the browser goes next: a redirect, or a form the page posts. */
export type SamlOutgoing = { redirect: string } | { form: { action: string; fields: Record<string, string> } };

type LogoutRow = typeof samlLogouts.$inferSelect;

export class SamlLogout {
  constructor(
    private readonly db: Db,
    private readonly idp: SamlIdentityProvider,
    private readonly clients: OidcClients,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A LogoutRequest or a LogoutResponse, by either binding. */
  async message(
    customerId: string,
    binding: SamlBinding,
    message: Record<string, string>,
    octetString: string | undefined,
    cookie: string | undefined,
  ): Promise<SamlOutgoing> {
    const customer = await this.idp.customer(customerId);
    const kind = message.SAMLRequest ? 'SAMLRequest' : message.SAMLResponse ? 'SAMLResponse' : null;
    if (!kind) throw invalid();
    const xml = decodeMessage(binding, message[kind] ?? '');
    const [issuer] = childText(xml, 'Issuer');
    if (!issuer) throw invalid();
    const app = await this.idp.providerByEntityId(customer.id, issuer);
    const sp = app.saml as SamlServiceProvider;
    const entity = identityProvider(this.publicUrl, customer.id, await this.idp.idpKeys(customer), sp);
    const request: SamlHttpRequest = binding === 'redirect' ? { query: message, octetString } : { body: message };
    const from = serviceProvider(sp, sp.acsUrls[0] ?? '');
    if (kind === 'SAMLResponse') {
      await entity.parseLogoutResponse(from, binding, request).catch((e: Error) => {
        // A provider that could not log out (a partial logout) does not stop the others.
        if (!e.message.startsWith('ERR_FAILED_STATUS')) throw invalid();
      });
      const [logout] = await this.db
        .select()
        .from(samlLogouts)
        .where(and(eq(samlLogouts.uid, message.RelayState ?? ''), eq(samlLogouts.customerId, customer.id)));
      if (!logout) throw invalid();
      return this.next(customer, logout);
    }
    const parsed = await entity.parseLogoutRequest(from, binding, request).catch(() => {
      throw invalid();
    });
    const nameId = parsed.extract.nameID;
    const sessionIndex = parsed.extract.sessionIndex?.sessionIndex;
    const [session] = nameId
      ? await this.db
          .select()
          .from(samlSessions)
          .where(
            and(
              eq(samlSessions.customerId, customer.id),
              eq(samlSessions.applicationId, app.id),
              eq(samlSessions.nameId, nameId),
              sessionIndex ? eq(samlSessions.sessionIndex, sessionIndex) : undefined,
            ),
          )
      : [];
    // The browser whose session it was: the session's own, else the one that brought the request.
    const browser = session?.browser ?? (cookie ? browserHash(cookie) : null);
    if (session) await this.db.update(samlSessions).set({ endedAt: this.now() }).where(eq(samlSessions.id, session.id));
    const [logout] = await this.db
      .insert(samlLogouts)
      .values({
        uid: randomBytes(20).toString('hex'),
        customerId: customer.id,
        applicationId: app.id,
        requestId: parsed.extract.request?.id ?? null,
        relayState: message.RelayState ?? null,
        browser: browser ?? '',
        expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_S * 1000),
      })
      .returning();
    if (!logout) throw new Error('insert failed');
    return this.next(customer, logout);
  }

  /** The next provider of the browser's session to log out, else the answer to the one that asked. */
  private async next(customer: { id: string; name: string }, logout: LogoutRow): Promise<SamlOutgoing> {
    const keys = await this.idp.idpKeys(customer);
    for (;;) {
      const [session] = logout.browser
        ? await this.db
            .update(samlSessions)
            .set({ endedAt: this.now() })
            .where(
              eq(
                samlSessions.id,
                sql`(select id from saml_sessions where customer_id = ${customer.id} and browser = ${logout.browser} and ended_at is null and expires_at > now() order by created_at limit 1)`,
              ),
            )
            .returning()
        : [];
      if (!session) break;
      const app = await this.clients.applicationById(session.applicationId);
      const sp = app?.saml;
      // A provider without a logout service cannot be told; its session ends here all the same.
      if (!sp?.sloUrl) continue;
      const entity = identityProvider(this.publicUrl, customer.id, keys, sp);
      const made = entity.createLogoutRequest(
        serviceProvider(sp, sp.acsUrls[0] ?? ''),
        sp.sloBinding,
        { logoutNameID: session.nameId, sessionIndex: session.sessionIndex },
        { relayState: logout.uid },
      );
      return outgoing(sp, made, logout.uid);
    }
    await this.db.delete(samlLogouts).where(eq(samlLogouts.uid, logout.uid));
    const asker = logout.applicationId ? await this.clients.applicationById(logout.applicationId) : undefined;
    if (!asker?.saml?.sloUrl) return { redirect: this.publicUrl };
    return this.response(customer, keys, asker, logout);
  }

  private response(
    customer: { id: string },
    keys: { privateKey: string; certificates: string[] },
    app: ClientApp,
    logout: LogoutRow,
  ): SamlOutgoing {
    const sp = app.saml as SamlServiceProvider;
    const entity = identityProvider(this.publicUrl, customer.id, keys, sp);
    const made = entity.createLogoutResponse(
      serviceProvider(sp, sp.acsUrls[0] ?? ''),
      { extract: { request: { id: logout.requestId ?? '' } } },
      sp.sloBinding,
      logout.relayState ? { relayState: logout.relayState } : {},
    );
    return outgoing(sp, made, logout.relayState, 'SAMLResponse');
  }
}

/** samlify's made message as the browser's next step: a redirect URL, or a form to post. */
function outgoing(
  sp: SamlServiceProvider,
  made: { context: string },
  relayState: string | null,
  kind: 'SAMLRequest' | 'SAMLResponse' = 'SAMLRequest',
): SamlOutgoing {
  if (sp.sloBinding === 'redirect') return { redirect: made.context };
  return {
    form: { action: sp.sloUrl, fields: { [kind]: made.context, ...(relayState ? { RelayState: relayState } : {}) } },
  };
}
