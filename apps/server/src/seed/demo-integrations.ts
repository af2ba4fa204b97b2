/**
 * Demo integrations for a customer: a password-then-second-factor flow, a web application
 * signing in with it, and an app role for its 'Default' configuration group; the same flow is the
 * customer's workstation flow. The application's secret is random and never shown: regenerate it
 * in the console to use the demo client.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, appRoles, configurations, customers, flows } from '../db/schema/index.ts';
import { newClientId, newClientSecret } from '../modules/applications/secret.ts';

export async function seedIntegrations(db: Db, customerId: string, domain: string): Promise<void> {
  const [flow] = await db
    .insert(flows)
    .values({
      customerId,
      name: 'Password_then_TOTP',
      stages: [['password'], ['totp', 'app']],
      terminatingCredentials: ['app'],
      kinds: ['password', 'totp', 'app'],
    })
    .returning();
  if (!flow) throw new Error('seed failed');
  // Workstations walk it too (Settings → Workstation); the other workstation settings keep their defaults.
  await db
    .update(customers)
    .set({
      settings: sql`jsonb_set(${customers.settings}, '{workstation}', ${JSON.stringify({ flow_id: flow.id })}::jsonb)`,
    })
    .where(eq(customers.id, customerId));
  const [app] = await db
    .insert(applications)
    .values({
      customerId,
      name: 'Intranet',
      type: 'web',
      clientId: newClientId(),
      clientSecretHash: newClientSecret().hash,
      redirectUri: `https://intranet.${domain}/oidc/callback`,
      redirectUriSuccessLoginFlow: `https://intranet.${domain}/`,
      redirectUriAbortLoginFlow: `https://intranet.${domain}/signed-out`,
      defaultFlowId: flow.id,
    })
    .returning();
  if (!app) throw new Error('seed failed');
  const [group] = await db
    .select({ id: configurations.id })
    .from(configurations)
    .where(and(eq(configurations.customerId, customerId), eq(configurations.name, 'Default')));
  if (group) {
    await db
      .insert(appRoles)
      .values({ customerId, displayName: 'Employee', applicationId: app.id, groupId: group.id, flowId: flow.id });
  }
}
