/** The login-assistant switch (la-guard.ts): off, every login-assistant route answers 403 laDisabled. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index.ts';
import { acmeAndGlobex } from '../test/acme-and-globex.ts';
import { testDatabases } from '../test/databases.ts';
import { call } from '../test/harness.ts';
import { createLaApp, createLaCredential, createLoginGroup, loginGroupCounts } from '../test/login-assistant.ts';

describe.each(testDatabases())('the login-assistant switch on $name', (database) => {
  const s = acmeAndGlobex(database);
  const group = () => createLoginGroup(s.h, s.acme);
  const laApp = () => createLaApp(s.h, s.acme);
  const credential = (loginGroupId: string) => createLaCredential(s.h, s.acme, loginGroupId);
  const counts = (id: string) => loginGroupCounts(s.h, s.acme, id);

  it('answers 403 laDisabled on every login-assistant route while the customer has the feature off', async () => {
    const g = await group();
    const app = await laApp();
    const cred = await credential(g.id);
    await s.h.app.services.db.update(customers).set({ laEnabled: false }).where(eq(customers.id, s.customerId));
    try {
      const x = '00000000-0000-4000-8000-000000000000';
      const routes: [Parameters<typeof call>[1], string, unknown?][] = [
        ['GET', 'la-apps/'],
        ['POST', 'la-apps/', { name: 'N', kind: 'desktop', target: 'n.exe' }],
        ['GET', `la-apps/${app.id}/`],
        ['PATCH', `la-apps/${app.id}/`, { name: 'N' }],
        ['DELETE', `la-apps/${app.id}/`],
        ['GET', 'profiles/'],
        ['POST', 'profiles/', { displayName: 'P', appId: app.id, groupId: x, steps: [] }],
        ['GET', `profiles/${x}/`],
        ['PATCH', `profiles/${x}/`, { displayName: 'P' }],
        ['DELETE', `profiles/${x}/`],
        ['GET', 'login-groups/'],
        ['POST', 'login-groups/', { name: 'N' }],
        ['GET', `login-groups/${g.id}/`],
        ['PATCH', `login-groups/${g.id}/`, { name: 'N' }],
        ['DELETE', `login-groups/${g.id}/`],
        ['GET', `login-groups/${g.id}/applications/`],
        ['POST', `login-groups/${g.id}/applications/`, { appIds: [app.id] }],
        ['DELETE', `login-groups/${g.id}/applications/${app.id}/`],
        ['GET', `login-groups/${g.id}/credentials/`],
        ['GET', 'la-users/'],
        ['POST', 'la-users/', { memberId: x, loginGroupId: g.id, username: 'u', password: 'p' }],
        ['GET', `la-users/${cred.id}/`],
        ['PATCH', `la-users/${cred.id}/`, { username: 'v' }],
        ['DELETE', `la-users/${cred.id}/`],
        ['GET', 'la-flow/'],
        ['PUT', 'la-flow/', { stages: [['password']] }],
      ];
      for (const [method, url, payload] of routes) {
        const res = await call(s.h.app, method, url, s.acme, payload);
        expect({ method, url, status: res.status, code: res.body?.code }).toEqual({
          method,
          url,
          status: 403,
          code: 'laDisabled',
        });
      }
    } finally {
      await s.h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, s.customerId));
    }
    expect((await call(s.h.app, 'GET', `la-users/${cred.id}/`, s.acme)).body.username).toBe('u');
    expect(await counts(g.id)).toEqual({ credentials: 1, applications: 0 });
  });
});
