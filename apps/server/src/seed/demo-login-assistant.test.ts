import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../test/harness.ts';
import { customerIdByName } from '../test/tenant-fixtures.ts';
import { seedIntegrations } from './demo-integrations.ts';
import { seedLoginAssistant } from './demo-login-assistant.ts';
import { seedMembers } from './demo-members.ts';

describe.each(testDatabases())('demo login assistant on $name', (database) => {
  let h: Harness;
  let acme: string;

  beforeAll(async () => {
    h = await startHarness(database);
    const { db, box } = h.app.services;
    const acmeId = await customerIdByName(h, 'Acme');
    await seedMembers(db, box, acmeId, 'acme.example', 10, 1);
    await seedIntegrations(db, acmeId, 'acme.example');
    await seedLoginAssistant(db, box, acmeId);
    acme = (await signIn(h, 'admin@acme.example')).access;
  });
  afterAll(() => h.close());

  it('gives Acme a flow, two apps with profiles, Finance with both apps and three credentials, and Warehouse', async () => {
    expect((await call(h.app, 'GET', 'la-flow/', acme)).body.stages).toEqual([
      ['password', 'pin'],
      ['totp', 'mail'],
    ]);
    const apps = (await call(h.app, 'GET', 'la-apps/', acme)).body;
    expect(apps.items).toMatchObject([
      { name: 'Legacy_Intranet', kind: 'web', target: 'https://legacy.acme.example/*', profiles_count: 1 },
      { name: 'SAP_GUI', kind: 'desktop', target: 'saplogon.exe', profiles_count: 1, login_groups_count: 1 },
    ]);
    const profiles = (await call(h.app, 'GET', 'profiles/', acme)).body;
    expect(profiles.count).toBe(2);
    expect(profiles.items.every((p: { is_default: boolean }) => p.is_default)).toBe(true);
    const groups = (await call(h.app, 'GET', 'login-groups/', acme)).body.items;
    expect(groups).toMatchObject([
      { name: 'Finance', credentials_count: 3, applications_count: 2 },
      { name: 'Warehouse', credentials_count: 0, applications_count: 0 },
    ]);
    const finance = groups[0].id;
    expect((await call(h.app, 'GET', `login-groups/${finance}/applications/`, acme)).body.count).toBe(2);
    expect((await call(h.app, 'GET', `login-groups/${finance}/credentials/`, acme)).body.count).toBe(3);
    // The seeded counters agree with the guard: Finance cannot go yet.
    expect((await call(h.app, 'DELETE', `login-groups/${finance}/`, acme)).body.params).toEqual({
      credentials: 3,
      applications: 2,
    });
  });
});
