/**
 * The write side of the audit trail (issue 10). Every route that changes something declares
 * its action, `config: { audit: { action: 'member.update', target: 'member' } }`, or says why
 * it records none, `config: { audit: { none: 'reason' } }` (audit-routes.test.ts fails on a
 * mutating route that does neither). The handler of a declared route runs inside ONE database
 * transaction that services reach through their scoped `Db` (audit/context.ts); the event(s)
 * are appended in that same transaction, so there is no change without its row and no row
 * without its change. When the handler throws a 4xx, the transaction rolls back and a
 * `failure` event is written on its own. Body validation (400) fails before the handler runs,
 * so malformed requests, which change nothing and name no valid target, are not recorded.
 */
import { type AuditAction, type AuditTargetType, SCIM_PATH } from '@portiere/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type AuditEventInput, appendAuditEvents } from '../audit/append.ts';
import { type AuditScope, currentAuditScope, runInAuditScope } from '../audit/context.ts';
import { isApiKeyUser } from '../auth/api-keys.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';

export type AuditRoute =
  | {
      action: AuditAction;
      target: AuditTargetType;
      /** The path parameter holding the target's id ('id' unless told); else the answer's id. */
      param?: string | null;
      /** A reseller acting on one of its customers: the path parameter naming that customer. */
      customerParam?: string;
      /** Streamed answers (exports): the handler records the event itself when the stream ends. */
      stream?: true;
    }
  | { none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit action of the route, or why it records none (plugins/audit.ts). */
    audit?: AuditRoute;
  }
}

const NOT_SENT = Symbol('not sent');

type Declared = Exclude<AuditRoute, { none: string }>;

function tenantOf(request: FastifyRequest, route: Declared, scope: AuditScope | undefined, own = false) {
  if (scope?.tenant) return scope.tenant;
  const user = request.user;
  if (!user) return null;
  if (user.customer_id) return { id: user.customer_id, type: 'customer' as const };
  const params = request.params as Record<string, string> | undefined;
  const customer = route.customerParam ? params?.[route.customerParam] : undefined;
  // A reseller's successful action on one of its customers goes to that customer's chain (the
  // service checked it is theirs); a refusal stays in the reseller's own.
  if (!own && customer && isUuid(customer)) return { id: customer, type: 'customer' as const };
  if (user.reseller_id) return { id: user.reseller_id, type: 'reseller' as const };
  return null;
}

function payloadTarget(payload: unknown): { id: string | null; name: string | null } {
  if (!payload || typeof payload !== 'object') return { id: null, name: null };
  const outer = payload as Record<string, unknown>;
  // A created credential comes wrapped with its enrolment.
  const p = (outer.credential && typeof outer.credential === 'object' ? outer.credential : outer) as Record<
    string,
    unknown
  >;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return { id: str(p.id), name: str(p.username) ?? str(p.name) ?? str(p.number) ?? str(p.description) ?? str(p.type) };
}

export function eventsOf(
  request: FastifyRequest,
  route: Declared,
  scope: AuditScope | undefined,
  at: Date,
  payload: unknown,
  failure?: AppError,
): AuditEventInput[] {
  const tenant = tenantOf(request, route, scope, !!failure);
  if (!tenant) return [];
  const user = request.user;
  const params = (request.params ?? {}) as Record<string, string>;
  const base = {
    tenantId: tenant.id,
    tenantType: tenant.type,
    at,
    // A manager user's API key acts as that user, recorded as a key (never the key itself).
    actorType:
      scope?.actor?.type ??
      (user ? (isApiKeyUser(user) ? ('api_key' as const) : ('staff' as const)) : ('anonymous' as const)),
    actorId: scope?.actor ? scope.actor.id : (user?.sub ?? null),
    actorName: scope?.actor ? scope.actor.name : (user?.user_username ?? null),
    sourceIp: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    requestId: String(request.id),
  };
  if (failure) {
    const id = route.param === null ? null : (params[route.param ?? 'id'] ?? null);
    return [
      {
        ...base,
        action: scope?.action ?? route.action,
        targetType: route.target,
        targetId: scope?.target?.id ?? id,
        targetName: scope?.target?.name ?? null,
        outcome: 'failure',
        reason: failure.code,
        // What the handler noted describes a change that was rolled back: not recorded.
        details: {},
      },
    ];
  }
  if (scope?.each) {
    return scope.each.map((t) => ({
      ...base,
      action: t.action ?? scope.action ?? route.action,
      targetType: t.targetType ?? route.target,
      targetId: t.id,
      targetName: t.name ?? null,
      outcome: 'success' as const,
      details: { ...(scope.details ?? {}), ...(t.details ?? {}) },
    }));
  }
  const fromPayload = payloadTarget(payload);
  const pathId = route.param === null ? undefined : params[route.param ?? 'id'];
  return [
    {
      ...base,
      action: scope?.action ?? route.action,
      targetType: route.target,
      targetId: scope?.target?.id ?? pathId ?? fromPayload.id,
      targetName: scope?.target?.name ?? fromPayload.name,
      outcome: scope?.outcome?.outcome ?? 'success',
      reason: scope?.outcome?.reason ?? null,
      details: scope?.details ?? {},
    },
  ];
}

/**
 * Installs the pipeline on `app` (the root, before any route): `db` is the plain database,
 * whose `transaction` the scoped Db of the services then resolves to.
 */
export function installAudit(app: FastifyInstance, db: Db, now: () => Date): Map<string, AuditRoute | undefined> {
  /** 'METHOD url' of each API route -> its declaration, for audit-routes.test.ts. */
  const declared = new Map<string, AuditRoute | undefined>();

  const recordFailure = async (request: FastifyRequest, route: Declared, scope: AuditScope, error: AppError) => {
    const events = eventsOf(request, route, scope, now(), undefined, error);
    if (!events.length) return;
    try {
      await db.transaction((tx) => appendAuditEvents(tx, events));
    } catch (e) {
      // The refusal is answered whatever happens to its record.
      request.log.error({ err: e }, 'could not record the refused action in the audit trail');
    }
  };

  app.addHook('onRoute', (options) => {
    // The API's routes, and SCIM's, whose writes are the same member and group changes.
    if (!options.url?.startsWith('/api/') && !options.url?.startsWith(`${SCIM_PATH}/`)) return;
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') declared.set(`${method} ${options.url}`, options.config?.audit);
    }
    const route = options.config?.audit;
    if (!route || 'none' in route || route.stream) return;
    const handler = options.handler as RouteHandlerMethod;
    options.handler = async function audited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      // The answer leaves only after the commit: reply.send is held back until then. A reply
      // is a thenable that settles once sent, so it is never awaited or returned from here.
      let sent: unknown = NOT_SENT;
      let signal = () => {};
      const held = new Promise<{ returned: unknown }>((resolve) => {
        signal = () => resolve({ returned: reply });
      });
      reply.send = function hold(payload?: unknown) {
        sent = payload;
        signal();
        return reply;
      } as typeof reply.send;
      const scope: AuditScope = { tx: db, details: {} };
      try {
        const { returned } = await db.transaction((tx) => {
          scope.tx = tx;
          return runInAuditScope(scope, async () => {
            const running = (async () => ({ returned: (await handler.call(this, request, reply)) as unknown }))();
            const outcome = await Promise.race([running, held]);
            // Settles once the answer is out (a reply's then); nothing to wait for.
            running.catch(() => {});
            const payload = outcome.returned === reply || outcome.returned === undefined ? sent : outcome.returned;
            await appendAuditEvents(tx, eventsOf(request, route, scope, now(), payload === NOT_SENT ? null : payload));
            return outcome;
          });
        });
        Reflect.deleteProperty(reply, 'send');
        for (const fn of scope.afterCommit ?? []) fn();
        // Fastify sends what an async handler resolves to (undefined: an empty answer).
        if (returned === reply || returned === undefined) return sent === NOT_SENT ? undefined : sent;
        return returned;
      } catch (error) {
        Reflect.deleteProperty(reply, 'send');
        if (
          error instanceof AppError &&
          error.statusCode >= 400 &&
          error.statusCode < 500 &&
          error.statusCode !== 400
        ) {
          await recordFailure(request, route, scope, error);
        }
        throw error;
      }
    };
  });
  return declared;
}

/** Records a streamed route's event (an export) once its stream has ended. */
export async function recordStreamed(
  request: FastifyRequest,
  db: Db,
  now: () => Date,
  details: Record<string, unknown>,
): Promise<void> {
  const route = request.routeOptions.config.audit;
  if (!route || 'none' in route) return;
  const scope: AuditScope = { tx: db, details };
  const events = eventsOf(request, route, scope, now(), null);
  if (events.length) await db.transaction((tx) => appendAuditEvents(tx, events));
}

export { currentAuditScope };
