/**
 * Which flow a web sign-in walks: the flow the app role of (application, member's configuration
 * group) names, else the application's effective default flow. Someone the sign-in cannot name
 * (an unknown username or card) walks the default flow, else the flow of the application's
 * oldest app role, so that the stages shown do not tell them apart from a member.
 */
import type { CredentialType } from '@portiere/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appRoles, flows } from '../../db/schema/index.ts';

export interface Flow {
  stages: CredentialType[][];
  terminating: CredentialType[];
}

interface App {
  id: string;
  customerId: string;
  defaultFlowId: string | null;
}

export class SignInFlows {
  constructor(private readonly db: Db) {}

  private async flow(customerId: string, flowId: string | null | undefined): Promise<Flow | null> {
    if (!flowId) return null;
    const [row] = await this.db
      .select({ stages: flows.stages, terminating: flows.terminatingCredentials })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.customerId, customerId)));
    return row?.stages.length ? row : null;
  }

  /** The member's own flow in the application, or null: the member may not sign in to it. */
  async forMember(app: App, groupId: string | null): Promise<Flow | null> {
    if (groupId) {
      const [role] = await this.db
        .select({ flowId: appRoles.flowId })
        .from(appRoles)
        .where(and(eq(appRoles.applicationId, app.id), eq(appRoles.groupId, groupId)));
      if (role) return this.flow(app.customerId, role.flowId);
    }
    return this.flow(app.customerId, app.defaultFlowId);
  }

  /** What someone the sign-in cannot name walks; null when the application has no flow at all. */
  async fallback(app: App): Promise<Flow | null> {
    const own = await this.flow(app.customerId, app.defaultFlowId);
    if (own) return own;
    const [role] = await this.db
      .select({ flowId: appRoles.flowId })
      .from(appRoles)
      .where(eq(appRoles.applicationId, app.id))
      .orderBy(asc(appRoles.createdAt), asc(appRoles.id))
      .limit(1);
    return this.flow(app.customerId, role?.flowId);
  }
}
