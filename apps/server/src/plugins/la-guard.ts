/**
 * The login-assistant feature is a customer's option (customers.la_enabled): without it every
 * login-assistant route answers 403 laDisabled, as the console hides the menu group. Checked on
 * each request, not read from the token, so a reseller switching it off takes effect at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import { customerOf } from './auth-guard.ts';

/** 403 laDisabled unless the customer exists and has the login assistant. */
export async function assertLaEnabled(db: Db, customerId: string): Promise<void> {
  const [row] = isUuid(customerId)
    ? await db.select({ on: customers.laEnabled }).from(customers).where(eq(customers.id, customerId))
    : [];
  if (!row?.on) throw new AppError(403, 'laDisabled');
}

/**
 * For a plugin of customer-user routes: after authentication, refuse customers without the
 * login assistant. Public routes (the assistant's own) check their customer themselves.
 */
export function requireLoginAssistant(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request) => {
    if (!request.user) return;
    await assertLaEnabled(db, customerOf(request));
  });
}
