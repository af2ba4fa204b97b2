/**
 * The request's audit scope (issue 10): the database transaction an audited route runs in and
 * what its event(s) will say. plugins/audit.ts opens it around the handler; services reach the
 * transaction through the scoped `Db` (scopedDb) and tell the pipeline what changed through
 * the small functions below, which do nothing outside an audited request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditOutcome, AuditTargetType } from '@portiere/contracts';
import type { Db } from '../db/client.ts';

export interface AuditTarget {
  id: string;
  name?: string | null;
  /** Another action than the route's (a bulk route's targets: member.block, member.delete...). */
  action?: AuditAction;
  targetType?: AuditTargetType;
  details?: Record<string, unknown>;
}

export interface AuditScope {
  tx: Db;
  /** An action other than the route's declared one (the bulk route names it from its body). */
  action?: AuditAction;
  /** The route's event: target, details and outcome as the handler or its service set them. */
  target?: { id?: string | null; name?: string | null };
  details: Record<string, unknown>;
  outcome?: { outcome: AuditOutcome; reason: string | null };
  /** Set by bulk actions: one event per target instead of the route's single event. */
  each?: AuditTarget[];
  /** A tenant the service found (public routes, where no token names one). */
  tenant?: { id: string; type: 'customer' | 'reseller' };
  /** Set for public routes acting for a member's device, or for a staff user's own link. */
  actor?: { type: 'member' | 'staff'; id: string | null; name: string | null };
  /** Run once `tx` has committed (afterCommit), never if it rolls back. */
  afterCommit?: Array<() => void>;
}

const storage = new AsyncLocalStorage<AuditScope>();

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

export function runInAuditScope<T>(scope: AuditScope, fn: () => Promise<T>): Promise<T> {
  return storage.run(scope, fn);
}

/**
 * Runs `fn` once the audited request's transaction has committed; at once outside one (the
 * write it follows, a statement of its own, has committed by itself). Nothing
 * runs for a transaction that rolls back. The mail queue wakes its sender this way, so the
 * sender never looks for a row before it can see it.
 */
export function afterCommit(fn: () => void): void {
  const scope = storage.getStore();
  if (!scope) {
    fn();
    return;
  }
  scope.afterCommit ??= [];
  scope.afterCommit.push(fn);
}

/**
 * A `Db` that is the current request's transaction when there is one and the plain database
 * otherwise, so services built once with `this.db` write inside the audited transaction.
 * A `transaction()` called inside becomes a savepoint (drizzle nests them so on both drivers).
 */
export function scopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const current = storage.getStore()?.tx ?? target;
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** Field names whose values never enter the trail (whole word parts: pin, sms_api_token...). */
const SECRET = /(^|_)(password|pin|secret|seed|token|code|codes|otp|hash|sealed|key|qr)(_|$)/i;

export function isSecretField(name: string): boolean {
  return SECRET.test(name.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

/** A copy without secret fields, at every depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !isSecretField(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields an update changed, before and after, secrets left out. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isSecretField(key) || same(before[key], after[key])) continue;
    b[key] = withoutSecrets(before[key] ?? null);
    a[key] = withoutSecrets(after[key] ?? null);
  }
  return { before: b, after: a };
}

/** An update: records only the changed fields (secrets never). */
export function auditChange(before: object, after: object): void {
  const scope = storage.getStore();
  if (!scope) return;
  const diff = changedFields(before as Record<string, unknown>, after as Record<string, unknown>);
  Object.assign(scope.details, diff);
}

/** The action this request records, when the route's body chooses it (bulk actions). */
export function auditAction(action: AuditAction): void {
  const scope = storage.getStore();
  if (scope) scope.action = action;
}

/** Names the target (a deleted object's name, or a target the path does not carry). */
export function auditTarget(id: string | null, name?: string | null): void {
  const scope = storage.getStore();
  if (scope) scope.target = { id, name: name ?? null };
}

/** More details of the route's event (secrets stripped). */
export function auditDetails(details: Record<string, unknown>): void {
  const scope = storage.getStore();
  if (scope) Object.assign(scope.details, withoutSecrets(details));
}

/** A handled failure that still changes or answers (a credential test that did not pass). */
export function auditOutcome(outcome: AuditOutcome, reason: string | null = null): void {
  const scope = storage.getStore();
  if (scope) scope.outcome = { outcome, reason };
}

/** A bulk action: one event per target it acted on. */
export function auditEach(targets: AuditTarget[]): void {
  const scope = storage.getStore();
  if (scope) scope.each = targets;
}

/** Public routes acting for a member's device: the tenant and the member the token did not give. */
export function auditMemberActor(customerId: string, memberId: string | null, name: string | null): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.tenant = { id: customerId, type: 'customer' };
  scope.actor = { type: 'member', id: memberId, name };
}

/** Public routes a staff user reaches through a mailed link: its tenant and itself as actor. */
export function auditStaffActor(tenant: { id: string; type: 'customer' | 'reseller' }, id: string, name: string): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.tenant = tenant;
  scope.actor = { type: 'staff', id, name };
}
