/**
 * Tenant scope: a customer user reaches only its own customer, a reseller user only the
 * customers it owns. Anything else answers 404, so ids of other tenants reveal nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { notFound } from './errors.ts';
import { isUuid } from './ids.ts';

export async function scopedCustomer(db: Db, user: AuthUser, customerId: string) {
  if (!isUuid(customerId)) throw notFound();
  const where =
    user.user_type === 'CustomerUser'
      ? and(eq(customers.id, customerId), eq(customers.id, user.customer_id ?? ''))
      : and(eq(customers.id, customerId), eq(customers.resellerId, user.reseller_id ?? ''));
  const [row] = await db.select().from(customers).where(where);
  if (!row) throw notFound();
  return row;
}
