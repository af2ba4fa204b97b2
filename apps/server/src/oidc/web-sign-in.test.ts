import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { type Harness, signIn, startHarness } from '../test/harness.ts';
import { authorizationRequest, Browser, relyingParty } from '../test/oidc-browser.ts';
import {
  createApplication,
  createAppRole,
  createFlow,
  createGroup,
  createWebMember,
  ISSUER,
  PASSWORD,
  PUBLIC_URL,
  signInApi,
  totpCode,
  uidOf,
} from '../test/web-sign-in.ts';

describe.each(testDatabases())('web sign-in on $name', (database) => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    token = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(async () => h?.close());

  it('smoke', async () => {
    const group = await createGroup(h, token);
    const flow = await createFlow(h, token, [['password'], ['totp']]);
    const app = await createApplication(h, token, 'spa');
    await createAppRole(h, token, app.id, group.id, flow.id, 'Reader');
    const member = await createWebMember(h, token, group.id);
    const rp = await relyingParty(h.app, ISSUER, app.clientId);
    const req = await authorizationRequest(rp, app.redirectUri, 'openid profile email phone roles');
    const browser = new Browser(h.app);
    const page = await browser.follow(req.url);
    const api = signInApi(h, uidOf(page));
    console.log((await api.state()).body);
    console.log((await api.identify(member.username)).body);
    console.log((await api.verify('password', PASSWORD)).body);
    const done = await api.verify('totp', totpCode(h, member));
    console.log(done);
    const back = await browser.follow(done.body.redirect);
    console.log(back);
    const tokens = await client.authorizationCodeGrant(rp, new URL(back), req.checks);
    console.log(tokens.claims());
    console.log(await client.fetchUserInfo(rp, tokens.access_token, member.id));
    expect(1).toBe(1);
  });
});
