/**
 * A RADIUS sign-in step in its own transaction, with the audit scope the engine writes into
 * (audit/context.ts): what plugins/audit.ts does around an HTTP route, for a UDP request. The
 * event is appended in the same transaction as the step's writes; a step that records nothing
 * (a stage passed, an approval still pending: auditEach([])) appends none.
 */
import { type AuditEventInput, appendAuditEvents } from '../audit/append.ts';
import { type AuditScope, runInAuditScope } from '../audit/context.ts';
import type { Db } from '../db/client.ts';

export interface RadiusSource {
  /** The member's address (Calling-Station-Id) when the device sent one, else the device's. */
  ip: string;
  /** The RADIUS client's name, in the event's details. */
  client: string;
}

function eventOf(scope: AuditScope, source: RadiusSource, at: Date): AuditEventInput[] {
  if (!scope.tenant || !scope.action || (scope.each && !scope.each.length)) return [];
  return [
    {
      tenantId: scope.tenant.id,
      tenantType: scope.tenant.type,
      at,
      actorType: scope.actor?.type ?? 'anonymous',
      actorId: scope.actor?.id ?? null,
      actorName: scope.actor?.name ?? null,
      sourceIp: source.ip,
      action: scope.action,
      targetType: 'member',
      targetId: scope.target?.id ?? null,
      targetName: scope.target?.name ?? null,
      outcome: scope.outcome?.outcome ?? 'success',
      reason: scope.outcome?.reason ?? null,
      details: { ...scope.details, radius_client: source.client },
    },
  ];
}

export class AuditedSteps {
  constructor(
    /** The plain database (not the scoped one): each step opens its own transaction on it. */
    private readonly db: Db,
    private readonly now: () => Date,
    /** Told after each commit (the audit sealer links new events into their chains). */
    private readonly committed: () => void = () => {},
  ) {}

  async run<T>(source: RadiusSource, step: () => Promise<T>): Promise<T> {
    const scope: AuditScope = { tx: this.db, details: {} };
    const result = await this.db.transaction((tx) => {
      scope.tx = tx;
      return runInAuditScope(scope, async () => {
        const out = await step();
        await appendAuditEvents(tx, eventOf(scope, source, this.now()));
        return out;
      });
    });
    for (const fn of scope.afterCommit ?? []) fn();
    this.committed();
    return result;
  }
}
