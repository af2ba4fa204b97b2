/** The login assistant's unlock flow: one per customer, stored on first save. */
import { flowFieldErrors, type LaFlow, type LaFlowInput } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laFlows } from '../../db/schema/index.ts';
import { validationError } from '../../lib/errors.ts';

export class LaFlowService {
  constructor(private readonly db: Db) {}

  async get(customerId: string): Promise<LaFlow> {
    const [row] = await this.db.select().from(laFlows).where(eq(laFlows.customerId, customerId));
    if (!row) return { stages: [], terminatingCredentials: [], updated_at: null };
    return {
      stages: row.stages,
      terminatingCredentials: row.terminatingCredentials,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async put(customerId: string, input: LaFlowInput): Promise<LaFlow> {
    // Each stage keeps its kinds once, as flows do.
    const stages = input.stages.map((stage) => [...new Set(stage)]);
    const terminatingCredentials = [...new Set(input.terminatingCredentials)];
    const errors = flowFieldErrors({ stages, terminatingCredentials });
    if (Object.keys(errors).length) throw validationError(errors);
    const before = await this.get(customerId);
    const updatedAt = new Date();
    await this.db
      .insert(laFlows)
      .values({ customerId, stages, terminatingCredentials, updatedAt })
      .onConflictDoUpdate({ target: laFlows.customerId, set: { stages, terminatingCredentials, updatedAt } });
    const after = await this.get(customerId);
    auditTarget(customerId, null);
    auditChange(
      { stages: before.stages, terminatingCredentials: before.terminatingCredentials },
      { stages: after.stages, terminatingCredentials: after.terminatingCredentials },
    );
    return after;
  }
}
