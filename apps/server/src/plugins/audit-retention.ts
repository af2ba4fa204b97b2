/**
 * Prunes audit events past their retention, and sign-ins in progress long expired
 * (signIn/purge.ts): a minute after start, then hourly. Several nodes may all run it: each chain
 * is pruned under its head's row lock, so the second finds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { pruneAuditEvents } from '../audit/prune.ts';
import type { Db } from '../db/client.ts';
import { loggableError } from '../lib/db-errors.ts';
import { purgeExpiredSignIns } from '../signIn/purge.ts';

const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 3_600_000;

export function pruneAuditPeriodically(app: FastifyInstance, db: Db, now: () => Date): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const pruned = await pruneAuditEvents(db, now());
      for (const p of pruned) app.log.info({ tenant: p.tenantId, pruned: p.pruned }, 'audit events pruned');
      const signIns = await purgeExpiredSignIns(db, now());
      if (signIns.web + signIns.workstation + signIns.radius) app.log.info(signIns, 'expired sign-ins deleted');
    } catch (error) {
      app.log.warn({ error: loggableError(error) }, 'audit pruning failed; retried in an hour');
    }
    timer = setTimeout(run, EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_AFTER_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
