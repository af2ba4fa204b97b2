/**
 * Which flow a sign-in walks. Into an application (web login; later SAML, RADIUS): the flow the
 * app role of (application, member's configuration group) names, else the application's
 * effective default flow. Someone the sign-in cannot name (an unknown username or card) walks
 * the default flow, else the flow of the application's oldest app role, so that the stages shown
 * do not tell them apart from a member. The login assistant walks the customer's la flow, or for
 * a step-up the flow of one app's profile (byId).
 */
import type { CredentialType } from '@portiere/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appRoles, flows, laFlows } from '../db/schema/index.ts';

export interface Flow {
  stages: CredentialType[][];
  terminating: CredentialType[];
}

/** An application members sign in to, as the flows see it. */
export interface FlowApp {
  id: string;
  customerId: string;
  defaultFlowId: string | null;
}

export class SignInFlows {
  constructor(private readonly db: Db) {}

  /** The customer's flow by id; null without one or when it has no stage. */
  async byId(customerId: string, flowId: string | null | undefined): Promise<Flow | null> {
    if (!flowId) return null;
    const [row] = await this.db
      .select({ stages: flows.stages, terminating: flows.terminatingCredentials })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.customerId, customerId)));
    return row?.stages.length ? row : null;
  }

  /** The member's own flow in the application, or null: the member may not sign in to it. */
  async forMember(app: FlowApp, groupId: string | null): Promise<Flow | null> {
    if (groupId) {
      // The app role and its flow in one query: a sign-in looks them up at identify and again at
      // its first right answer.
      const [role] = await this.db
        .select({ stages: flows.stages, terminating: flows.terminatingCredentials })
        .from(appRoles)
        .leftJoin(flows, and(eq(flows.id, appRoles.flowId), eq(flows.customerId, app.customerId)))
        .where(and(eq(appRoles.applicationId, app.id), eq(appRoles.groupId, groupId)));
      if (role)
        return role.stages?.length && role.terminating ? { stages: role.stages, terminating: role.terminating } : null;
    }
    return this.byId(app.customerId, app.defaultFlowId);
  }

  /** What someone the sign-in cannot name walks; null when the application has no flow at all. */
  async fallback(app: FlowApp): Promise<Flow | null> {
    const own = await this.byId(app.customerId, app.defaultFlowId);
    if (own) return own;
    const [role] = await this.db
      .select({ flowId: appRoles.flowId })
      .from(appRoles)
      .where(eq(appRoles.applicationId, app.id))
      .orderBy(asc(appRoles.createdAt), asc(appRoles.id))
      .limit(1);
    return this.byId(app.customerId, role?.flowId);
  }

  /** The customer's login-assistant flow, as set (its stages checked by the caller). */
  async loginAssistant(customerId: string): Promise<Flow | null> {
    const [row] = await this.db
      .select({ stages: laFlows.stages, terminating: laFlows.terminatingCredentials })
      .from(laFlows)
      .where(eq(laFlows.customerId, customerId));
    return row ?? null;
  }
}
