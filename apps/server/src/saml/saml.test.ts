/**
 * SAML sign-in as a service provider nobody here wrote sees it: pysaml2 (Debian's python3-pysaml2,
 * checking signatures with xmlsec1) knows Portiere only from the customer's metadata, sends its
 * AuthnRequest (HTTP-Redirect, or HTTP-POST signed), the member passes the app role's flow on
 * the web sign-in's API, and pysaml2 reads the response the browser's form posts. xmlsec1 checks
 * the signatures on its own; tampered, wrapped, misaddressed and expired responses are refused.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAML_ASSERTION_TTL_S, SAML_AUTHN_CONTEXT, SAML_REQUEST_TTL_S } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlRequests, samlSessions } from '../db/schema/index.ts';
import { purgeExpiredSignIns } from '../signIn/purge.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { type PySp, pysaml, pysamlSp, useMetadata } from '../test/saml.ts';
import {
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  totpCode,
  type WebMember,
} from '../test/web-login.ts';

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The fields of the page's auto-posting form. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const decodeEntities = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = decodeEntities(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      decodeEntities(m[2] ?? ''),
    ]),
  );
  return { action, fields };
}

describe.each(testDatabases())('SAML sign-in on $name', (database) => {
  let h: Harness;
  let acme: string;
  let groupId: string;
  let flowId: string;
  let sp: PySp;
  let app: { id: string; samlIdentityProvider: { metadataUrl: string; startUrl: string; ssoUrl: string } };
  let idpCertificate: string;

  const member = (): Promise<WebMember> => createWebMember(h, acme, groupId);

  async function samlApp(provider: PySp, fields: Record<string, unknown> = {}) {
    const res = await post(
      h.app,
      'applications/',
      {
        name: `Sp_${Math.random().toString(36).slice(2, 8)}`,
        type: 'saml',
        saml: { entityId: provider.entityid, acsUrls: [provider.acs], certificate: provider.certificate, ...fields },
      },
      acme,
    );
    expect(res.status).toBe(201);
    await createAppRole(h, acme, res.body.id, groupId, flowId, 'Reader');
    const metadata = await h.app.inject({ method: 'GET', url: pathOf(res.body.samlIdentityProvider.metadataUrl) });
    useMetadata(provider, metadata.body);
    return res.body;
  }

  /** The browser: the provider's request, the sign-in, then the form the resume page posts. */
  async function signInThrough(
    request: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> },
    m: WebMember,
    browser?: string,
  ) {
    const started = await h.app.inject({
      method: request.method,
      url: pathOf(request.url),
      ...(browser ? { cookies: { portiere_saml: browser } } : {}),
      ...(request.form
        ? {
            payload: new URLSearchParams(request.form).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });
    expect(started.statusCode, started.body).toBe(303);
    const cookie = browser ?? started.cookies.find((c) => c.name === 'portiere_saml')?.value ?? '';
    const uid = String(started.headers.location).split('/signin/')[1] ?? '';
    const api = signInApi(h, uid);
    await api.identify(m.username);
    await api.verify('password', PASSWORD);
    const done = await api.verify('totp', totpCode(h, m));
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ done: true });
    return { uid, cookie, resume: done.body.redirect as string };
  }

  async function resume(at: string, cookie: string) {
    const page = await h.app.inject({ method: 'GET', url: pathOf(at), cookies: { portiere_saml: cookie } });
    return {
      status: page.statusCode,
      page,
      ...(page.statusCode === 200 ? formOf(page.body) : { action: '', fields: {} }),
    };
  }

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    groupId = (await createGroup(h, acme)).id;
    flowId = (await createFlow(h, acme, [['password'], ['totp']])).id;
    sp = pysamlSp('http://pysaml2.test/sp');
    app = await samlApp(sp);
    idpCertificate = /<ds:X509Certificate>([^<]+)</.exec(fs.readFileSync(sp.idp_metadata, 'utf8'))?.[1] ?? '';
  });
  afterAll(async () => h?.close());

  it('signs a member in to pysaml2 by HTTP-Redirect: the assertion, its attributes, MFA, RelayState; xmlsec1 verifies it', async () => {
    const m = await member();
    const request = pysaml('authn', sp);
    const { cookie, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
    h.clock.reset();
    const form = await resume(at, cookie);
    expect(form.status).toBe(200);
    expect(form.action).toBe(sp.acs);
    expect(form.fields.RelayState).toBe(`relay-${sp.entityid.slice(-6)}`);
    expect(form.page.headers['content-security-policy']).toContain('form-action');

    const read = pysaml('acs', sp, request.id, form.fields.SAMLResponse ?? '');
    expect(read.error).toBeUndefined();
    expect(read).toMatchObject({
      issuer: new URL(app.samlIdentityProvider.metadataUrl).href,
      name_id: m.id,
      in_response_to: request.id,
      authn_context: SAML_AUTHN_CONTEXT.multiFactor,
    });
    expect(read.attributes).toMatchObject({ roles: ['Reader'], givenName: ['Ada'], sn: ['Lovelace'] });
    expect(read.attributes.email[0]).toMatch(/^ada-.*@acme\.example$/);

    // xmlsec1 on its own, with the certificate of the metadata: the response's and the assertion's signatures.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xmlsec-'));
    const file = path.join(dir, 'response.xml');
    const cert = path.join(dir, 'idp.crt');
    fs.writeFileSync(file, Buffer.from(form.fields.SAMLResponse ?? '', 'base64'));
    fs.writeFileSync(cert, `-----BEGIN CERTIFICATE-----\n${idpCertificate}\n-----END CERTIFICATE-----\n`);
    const verify = (...extra: string[]) =>
      execFileSync(
        '/usr/bin/xmlsec1',
        [
          '--verify',
          '--pubkey-cert-pem',
          cert,
          '--id-attr:ID',
          'urn:oasis:names:tc:SAML:2.0:protocol:Response',
          '--id-attr:ID',
          'urn:oasis:names:tc:SAML:2.0:assertion:Assertion',
          ...extra,
          file,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    expect(() => verify()).not.toThrow();
    expect(() => verify('--node-xpath', "//*[local-name()='Assertion']/*[local-name()='Signature']")).not.toThrow();

    // The member's sign-ins list it as a web sign-in to the SAML application.
    const signIns = await call(h.app, 'GET', `users/${m.id}/sign-ins/`, acme);
    expect(signIns.body.results[0]).toMatchObject({ outcome: 'success', application: { id: app.id } });
    // The response is given once, to the browser that brought the request.
    expect((await resume(at, cookie)).status).toBe(404);
  });

  it('takes a signed AuthnRequest by HTTP-POST, asking for MFA, and refuses an unsigned one where signing is required', async () => {
    const signing = pysamlSp('http://pysaml2.test/signing', { signRequests: true });
    await samlApp(signing, { requireSignedRequests: true });
    const m = await member();
    const request = pysaml('authn', signing, 'post', 'mfa');
    const { cookie, resume: at } = await signInThrough({ method: 'POST', url: request.action, form: request.form }, m);
    h.clock.reset();
    const read = pysaml('acs', signing, request.id, (await resume(at, cookie)).fields.SAMLResponse ?? '');
    expect(read).toMatchObject({ name_id: m.id, authn_context: SAML_AUTHN_CONTEXT.multiFactor });

    const unsigned = pysaml('authn', { ...signing, sign_requests: false }, 'post');
    const refused = await h.app.inject({
      method: 'POST',
      url: pathOf(unsigned.action),
      payload: new URLSearchParams(unsigned.form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('samlRequest');
  });

  it('signs a member in from a link (IdP-initiated) with its RelayState', async () => {
    const m = await member();
    const { cookie, resume: at } = await signInThrough(
      { method: 'GET', url: `${app.samlIdentityProvider.startUrl}?RelayState=%2Fdashboard` },
      m,
    );
    h.clock.reset();
    const form = await resume(at, cookie);
    expect(form.fields.RelayState).toBe('/dashboard');
    const read = pysaml('acs', sp, '-', form.fields.SAMLResponse ?? '');
    expect(read).toMatchObject({ name_id: m.id, in_response_to: null });
  });

  it('gives nothing to another browser, purges what waits unanswered, and refuses unknown providers and unregistered consumer services', async () => {
    const m = await member();
    const request = pysaml('authn', sp);
    const { uid, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
    expect((await resume(at, 'another-browser-cookie-value-of-43-characters')).status).toBe(404);
    // Left unanswered, the request goes with the hourly purge a day after it expired.
    const left = async () =>
      (await h.app.services.db.select().from(samlRequests).where(eq(samlRequests.uid, uid))).length;
    await purgeExpiredSignIns(h.app.services.db, new Date(Date.now() + SAML_REQUEST_TTL_S * 1000));
    expect(await left()).toBe(1);
    const purged = await purgeExpiredSignIns(
      h.app.services.db,
      new Date(Date.now() + (SAML_REQUEST_TTL_S + 25 * 3600) * 1000),
    );
    expect(purged.saml).toBeGreaterThanOrEqual(1);
    expect(await left()).toBe(0);

    const stranger = pysamlSp('http://stranger.test/sp');
    useMetadata(stranger, fs.readFileSync(sp.idp_metadata, 'utf8'));
    const unknown = await h.app.inject({ method: 'GET', url: pathOf(pysaml('authn', stranger).url) });
    expect(unknown.statusCode).toBe(400);
    // The provider's own entity ID, asking for its assertion at an address it did not register.
    const elsewhere = pysaml('authn', { ...sp, acs: 'http://attacker.test/acs' });
    expect((await h.app.inject({ method: 'GET', url: pathOf(elsewhere.url) })).statusCode).toBe(400);
  });

  it('encrypts the assertion for a provider that asks, and pysaml2 decrypts it with its key', async () => {
    const encrypted = pysamlSp('http://pysaml2.test/encrypted');
    await samlApp(encrypted, { encryptAssertions: true, encryptionCertificate: encrypted.certificate });
    const m = await member();
    const request = pysaml('authn', encrypted);
    const { cookie, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
    h.clock.reset();
    const response = (await resume(at, cookie)).fields.SAMLResponse ?? '';
    const xml = Buffer.from(response, 'base64').toString('utf8');
    expect(xml).toContain('EncryptedAssertion');
    expect(xml).not.toContain(m.id);
    const read = pysaml('acs', encrypted, request.id, response);
    expect(read).toMatchObject({ name_id: m.id, attributes: { roles: ['Reader'] } });
    // The trail has the sign-in, to this application, as for OpenID.
    const trail = await call(h.app, 'GET', `audit/?target_id=${m.id}&action=signin.success`, acme);
    expect(trail.body.results).toHaveLength(1);
  });

  it('logs out of every provider of the browser when one asks (single logout), then answers it', async () => {
    const first = pysamlSp('http://pysaml2.test/slo-first');
    const second = pysamlSp('http://pysaml2.test/slo-second');
    await samlApp(first, { sloUrl: first.slo });
    await samlApp(second, { sloUrl: second.slo });
    const m = await member();
    const sessions: Record<string, { name_id: string; session_index: string }> = {};
    let browser: string | undefined;
    for (const [i, provider] of [first, second].entries()) {
      const request = pysaml('authn', provider);
      // Past the TOTP step the previous sign-in used (the clock was reset for its response).
      h.clock.advance(90 * i);
      const signed = await signInThrough({ method: 'GET', url: request.url }, m, browser);
      browser = signed.cookie;
      h.clock.reset();
      const read = pysaml(
        'acs',
        provider,
        request.id,
        (await resume(signed.resume, browser)).fields.SAMLResponse ?? '',
      );
      expect(read.error).toBeUndefined();
      sessions[provider.entityid] = read as { name_id: string; session_index: string };
    }
    const firstSession = sessions[first.entityid];
    if (!firstSession || !browser) throw new Error('no session');

    // The first provider asks; the browser is sent to the second with the IdP's LogoutRequest.
    const asked = pysaml('logout', first, firstSession.name_id, firstSession.session_index);
    const toSecond = await h.app.inject({ method: 'GET', url: pathOf(asked.url), cookies: { portiere_saml: browser } });
    expect(toSecond.statusCode, toSecond.body).toBe(303);
    const secondUrl = new URL(String(toSecond.headers.location));
    expect(`${secondUrl.origin}${secondUrl.pathname}`).toBe(second.slo);
    const answered = pysaml(
      'logout_request',
      second,
      secondUrl.searchParams.get('SAMLRequest') ?? '',
      m.id,
      secondUrl.searchParams.get('RelayState') ?? '',
    );
    expect(answered.error).toBeUndefined();

    // The second's LogoutResponse comes back; the first gets its own, with its RelayState.
    const toFirst = await h.app.inject({
      method: 'GET',
      url: pathOf(answered.url),
      cookies: { portiere_saml: browser },
    });
    expect(toFirst.statusCode, toFirst.body).toBe(303);
    const firstUrl = new URL(String(toFirst.headers.location));
    expect(`${firstUrl.origin}${firstUrl.pathname}`).toBe(first.slo);
    expect(firstUrl.searchParams.get('RelayState')).toBe('relay-slo');
    expect(pysaml('logout_response', first, firstUrl.searchParams.get('SAMLResponse') ?? '')).toEqual({
      status: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    });
    const ended = await h.app.services.db.select().from(samlSessions).where(eq(samlSessions.memberId, m.id));
    expect(ended).toHaveLength(2);
    expect(ended.every((s) => s.endedAt)).toBe(true);
  });

  it("ends the member's provider sessions when an operator blocks them", async () => {
    const m = await member();
    const request = pysaml('authn', sp);
    const { cookie, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
    h.clock.reset();
    expect((await resume(at, cookie)).status).toBe(200);
    const open = () => h.app.services.db.select().from(samlSessions).where(eq(samlSessions.memberId, m.id));
    expect((await open()).map((s) => s.endedAt)).toEqual([null]);
    expect((await call(h.app, 'POST', `users/${m.id}/block/`, acme, {})).status).toBe(200);
    expect((await open()).every((s) => s.endedAt)).toBe(true);
  });

  // What the provider checks of what Portiere signed is the same on either database: once is enough.
  if (database.name !== 'pglite') return;

  describe('responses pysaml2 refuses', () => {
    let response: string;
    let requestId: string;
    // A provider that has only the assertion signed: what wrapping attacks aim at.
    const assertionOnly = { ...pysamlSp('http://pysaml2.test/assertion-only'), want_response_signed: false };
    let assertionOnlyResponse: string;
    let assertionOnlyId: string;

    const signedResponse = async (provider: PySp) => {
      const m = await member();
      const request = pysaml('authn', provider);
      const { cookie, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
      h.clock.reset();
      const xml = Buffer.from((await resume(at, cookie)).fields.SAMLResponse ?? '', 'base64').toString('utf8');
      return { id: request.id as string, xml };
    };

    beforeAll(async () => {
      ({ id: requestId, xml: response } = await signedResponse(sp));
      await samlApp(assertionOnly, { signResponses: false });
      ({ id: assertionOnlyId, xml: assertionOnlyResponse } = await signedResponse(assertionOnly));
    });
    const b64 = (xml: string) => Buffer.from(xml).toString('base64');

    it('accepts them untouched (the cases below change one thing)', () => {
      expect(pysaml('acs', sp, requestId, b64(response)).error).toBeUndefined();
      expect(response.match(/<ds:Signature\b/g)).toHaveLength(2);
      expect(assertionOnlyResponse.match(/<ds:Signature\b/g)).toHaveLength(1);
      expect(pysaml('acs', assertionOnly, assertionOnlyId, b64(assertionOnlyResponse)).error).toBeUndefined();
    });

    it('refuses a tampered attribute', () => {
      const tampered = response.replace(
        /(<saml:Attribute Name="roles"[^>]*><saml:AttributeValue[^>]*>)Reader/,
        '$1Administrator',
      );
      expect(tampered).not.toBe(response);
      expect(pysaml('acs', sp, requestId, b64(tampered))).toMatchObject({ error: 'SignatureError' });
    });

    it('refuses a wrapped assertion (XSW: the signed one hidden, another one read)', () => {
      const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(assertionOnlyResponse)?.[0] ?? '';
      const evil = assertion
        .replace(/ID="[^"]+"/, 'ID="_evil"')
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
        .replace(/(<saml:NameID[^>]*>)[^<]+/, '$1someone-else');
      const wrapped = assertionOnlyResponse.replace(
        assertion,
        `${evil}<samlp:Extensions>${assertion}</samlp:Extensions>`,
      );
      expect(pysaml('acs', assertionOnly, assertionOnlyId, b64(wrapped))).toMatchObject({
        error: 'SignatureError',
        message: 'Signature missing for assertion',
      });
    });

    it('refuses a response for another audience', () => {
      const other = { ...sp, entityid: 'http://pysaml2.test/other' };
      expect(pysaml('acs', other, requestId, b64(response)).message).toMatch(
        /AudienceRestrictions conditions not satisfied/,
      );
    });
  });

  it('refuses an expired assertion', async () => {
    const m = await member();
    const request = pysaml('authn', sp);
    const { cookie, resume: at } = await signInThrough({ method: 'GET', url: request.url }, m);
    h.clock.reset();
    // Issued as the clock said a minute more than the assertion's lifetime ago.
    h.clock.advance(-(SAML_ASSERTION_TTL_S + 60));
    const old = (await resume(at, cookie)).fields.SAMLResponse ?? '';
    h.clock.reset();
    const read = pysaml('acs', sp, request.id, old);
    expect(read).toMatchObject({ error: 'ResponseLifetimeExceed' });
  });
});
