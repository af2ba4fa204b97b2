/**
 * A leaver loses access at once: when a directory deactivates a member (SCIM active=false) or an
 * operator blocks or deletes one, the member's OpenID session and tokens and their workstations'
 * offline material end with it, and unblocking later brings none of them back. Another customer's
 * operator naming the member's id ends nothing. (The login assistant's and SAML's sessions: their
 * own tests, modules/assistant/assistant.test.ts and saml/saml.test.ts.)
 */
import { SCIM_SCHEMAS } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import { Browser, oauthError } from '../test/oidc-browser.ts';
import { scimClient, scimKey } from '../test/scim.ts';
import {
  type Application,
  authorize,
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  totpCode,
  uidOf,
  type WebMember,
} from '../test/web-login.ts';
import { issueKey, workstation } from '../test/workstation.ts';

describe.each(testDatabases())("a blocked member's sessions on $name", (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let groupId: string;
  let app: Application;
  let machineKey: string;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    const customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    groupId = (await createGroup(h, acme)).id;
    const flow = await createFlow(h, acme, [['password']]);
    app = await createApplication(h, acme, 'web', { defaultFlowId: flow.id });
    await createAppRole(h, acme, app.id, groupId, flow.id);
    const workstationFlow = await createFlow(h, acme, [['password'], ['totp']]);
    const settings = await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      general: { enable_sso: true },
      workstation: { flow_id: workstationFlow.id },
    });
    expect(settings.status).toBe(200);
    machineKey = (await issueKey(h, acme, 'PC-0001')).key;
  });
  afterAll(async () => h?.close());

  /** A member signed in on the web (a browser session and a refresh token) and at a workstation (offline TOTP values). */
  const signedInEverywhere = async () => {
    const m = await createWebMember(h, acme, groupId);
    for (const c of (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body as { id: string }[])
      await call(h.app, 'PATCH', `users/${m.id}/credentials/${c.id}/`, acme, { windows_login: true });

    const browser = new Browser(h.app);
    const { rp, request, location } = await authorize(h, app, {
      browser,
      scope: 'openid offline_access',
      extra: { prompt: 'consent' },
    });
    const api = signInApi(h, uidOf(location));
    await api.identify(m.username);
    const done = await api.verify('password', PASSWORD);
    expect(done.status).toBe(200);
    const back = new URL(await browser.follow(done.body.redirect));
    const tokens = await client.authorizationCodeGrant(rp, back, request.checks);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const ws = workstation(h, machineKey);
    const started = await ws.start(m.username);
    await ws.verify(started.body.id, 'password', PASSWORD);
    const offline = (await ws.verify(started.body.id, 'totp', totpCode(h, m), true)).body.offline;
    expect(offline.refill_token).toEqual(expect.any(String));
    return { m, browser, rp, tokens, ws, refillToken: offline.refill_token as string };
  };

  type Signed = Awaited<ReturnType<typeof signedInEverywhere>>;
  /** What the member still holds: the browser's session, the refresh token, the workstation's refill. */
  const holds = async (s: Signed) => {
    const again = await authorize(h, app, { browser: s.browser });
    const refresh = await client.refreshTokenGrant(s.rp, s.tokens.refresh_token ?? '').then(
      () => 'refreshed',
      (e) => oauthError(Promise.reject(e)),
    );
    const refill = await s.ws.refill(s.refillToken);
    return {
      session: !again.location.startsWith(`${PUBLIC_URL}/signin/`),
      refresh,
      refill: refill.status === 200 ? 'refilled' : refill.body.code,
    };
  };
  const oidcRecords = async (m: WebMember) => {
    const result = await h.app.services.db.execute(
      sql`select count(*)::int as n from oidc_payloads where payload->>'accountId' = ${m.id}`,
    );
    return rowsOf<{ n: number }>(result)[0]?.n;
  };

  it('ends them when the directory deactivates the member (SCIM active=false); reactivated, the member signs in afresh', async () => {
    const scim = scimClient(h, await scimKey(h, 'admin@acme.example'));
    const s = await signedInEverywhere();
    const active = (value: unknown) =>
      scim('PATCH', `/Users/${s.m.id}`, {
        schemas: [SCIM_SCHEMAS.patchOp],
        Operations: [{ op: 'Replace', path: 'active', value }],
      });
    expect((await active('False')).status).toBe(200);
    expect(await oidcRecords(s.m)).toBe(0);
    expect((await active(true)).body.active).toBe(true);
    expect(await holds(s)).toEqual({ session: false, refresh: 'invalid_grant', refill: 'workstationOfflineGone' });
  });

  it('ends them when an operator blocks the member, alone or in a bulk action', async () => {
    const alone = await signedInEverywhere();
    expect((await post(h.app, `users/${alone.m.id}/block/`, {}, acme)).status).toBe(200);
    expect((await post(h.app, `users/${alone.m.id}/unblock/`, {}, acme)).status).toBe(200);
    expect(await holds(alone)).toEqual({ session: false, refresh: 'invalid_grant', refill: 'workstationOfflineGone' });

    const bulk = await signedInEverywhere();
    const blocked = await post(h.app, 'users/bulk/', { action: 'block', ids: [bulk.m.id] }, acme);
    expect(blocked.status).toBe(200);
    await post(h.app, 'users/bulk/', { action: 'unblock', ids: [bulk.m.id] }, acme);
    expect(await holds(bulk)).toEqual({ session: false, refresh: 'invalid_grant', refill: 'workstationOfflineGone' });
  });

  it("leaves them alone when another customer's operator names the member", async () => {
    const s = await signedInEverywhere();
    await post(h.app, 'users/bulk/', { action: 'block', ids: [s.m.id] }, globex);
    await post(h.app, 'users/bulk/', { action: 'delete', ids: [s.m.id] }, globex);
    expect((await post(h.app, `users/${s.m.id}/block/`, {}, globex)).status).toBe(404);
    const still = await holds(s);
    expect(still).toEqual({ session: true, refresh: 'refreshed', refill: 'refilled' });
  });

  it("deletes the provider's records of a deleted member", async () => {
    const s = await signedInEverywhere();
    expect(await oidcRecords(s.m)).toBeGreaterThan(0);
    expect((await call(h.app, 'DELETE', `users/${s.m.id}/`, acme)).status).toBe(204);
    expect(await oidcRecords(s.m)).toBe(0);
  });
});
