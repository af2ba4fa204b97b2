/**
 * Demo login assistant for a customer (Acme): the assistant's flow, a desktop and a web app
 * with a profile each for the first configuration group, the login group "Finance" holding
 * both apps and three members' credentials, and an empty "Warehouse". The credentials'
 * passwords are random and sealed: the console never shows them.
 */
import type { ProfileStep } from '@portiere/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  configurations,
  flows,
  laApps,
  laFlows,
  laUsers,
  loginGroupApps,
  loginGroups,
  members,
  profiles,
} from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { generateLaPassword } from '../lib/la-password.ts';

const signIn = (user: string, password: string): ProfileStep[] => [
  { action: 'fill', target: user, value: 'username', text: '' },
  { action: 'fill', target: password, value: 'password', text: '' },
  { action: 'press', key: 'Enter' },
];

export async function seedLoginAssistant(db: Db, box: SecretBox, customerId: string): Promise<void> {
  await db.insert(laFlows).values({
    customerId,
    stages: [
      ['password', 'pin'],
      ['totp', 'mail'],
    ],
  });
  const apps = await db
    .insert(laApps)
    .values([
      { customerId, name: 'SAP_GUI', kind: 'desktop' as const, target: 'saplogon.exe', loginGroupsCount: 1 },
      {
        customerId,
        name: 'Legacy_Intranet',
        kind: 'web' as const,
        target: 'https://legacy.acme.example/*',
        loginGroupsCount: 1,
      },
    ])
    .returning({ id: laApps.id, name: laApps.name });
  const [sap, intranet] = apps;
  if (!sap || !intranet) throw new Error('seed failed');

  // The customer's first configuration group (demo-members.ts creates 'Default' first).
  const [group] = await db
    .select({ id: configurations.id })
    .from(configurations)
    .where(and(eq(configurations.customerId, customerId), eq(configurations.name, 'Default')));
  if (group) {
    const [flow] = await db
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.customerId, customerId), eq(flows.name, 'Password_then_TOTP')));
    const made = await db
      .insert(profiles)
      .values([
        {
          customerId,
          displayName: 'SAP sign-in',
          appId: sap.id,
          groupId: group.id,
          flowId: flow?.id ?? null,
          steps: signIn('Username', 'Password'),
        },
        {
          customerId,
          displayName: 'Intranet sign-in',
          appId: intranet.id,
          groupId: group.id,
          steps: signIn('#username', '#password'),
        },
      ])
      .returning({ id: profiles.id, appId: profiles.appId });
    for (const p of made) {
      await db.update(laApps).set({ profileId: p.id, profilesCount: 1 }).where(eq(laApps.id, p.appId));
    }
  }

  const holders = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(eq(members.customerId, customerId))
    .orderBy(asc(members.username))
    .limit(3);
  const [finance] = await db
    .insert(loginGroups)
    .values([
      {
        customerId,
        name: 'Finance',
        description: 'SAP and the legacy intranet for the finance team',
        applicationsCount: 2,
        credentialsCount: holders.length,
      },
      { customerId, name: 'Warehouse', description: 'Warehouse desks' },
    ])
    .returning({ id: loginGroups.id });
  if (!finance) throw new Error('seed failed');
  await db.insert(loginGroupApps).values(apps.map((a) => ({ loginGroupId: finance.id, appId: a.id, customerId })));
  if (holders.length) {
    await db.insert(laUsers).values(
      holders.map((m) => ({
        customerId,
        memberId: m.id,
        loginGroupId: finance.id,
        username: m.username.split('@')[0] ?? m.username,
        passwordEnc: box.encrypt(generateLaPassword()),
        passwordGenerated: true,
      })),
    );
  }
}
