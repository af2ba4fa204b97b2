/** Customers seen by a reseller, and the signed-in account ("me"). */
import type { Customer, Me } from '@portiere/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { customers, staffUsers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

type CustomerRow = typeof customers.$inferSelect;
export const toCustomer = (c: CustomerRow): Customer => ({
  id: c.id,
  name: c.name,
  la_enabled: c.laEnabled,
  licenses: c.licenses,
  license_expiration: c.licenseExpiration,
  created_at: c.createdAt.toISOString(),
});

export class CustomersService {
  constructor(private readonly db: Db) {}

  async listForReseller(resellerId: string, page: number, pageSize: number) {
    const where = eq(customers.resellerId, resellerId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(customers)
        .where(where)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(customers).where(where),
    ]);
    const n = total?.n ?? 0;
    return { count: n, results: rows.map(toCustomer), next_page: page * pageSize < n ? page + 1 : null };
  }

  async me(user: AuthUser): Promise<Me> {
    const [staff] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, user.sub));
    if (!staff) throw new AppError(401, 'sessionExpired');
    const access = (c: CustomerRow) => ({ id: c.id, name: c.name, la_enabled: c.laEnabled });
    if (staff.customerId) {
      const [c] = await this.db.select().from(customers).where(eq(customers.id, staff.customerId));
      return {
        id: staff.id,
        username: staff.username,
        email: staff.email ?? '',
        user_type: staff.userType,
        customer: c ? access(c) : null,
        reseller_id: null,
        customers: c ? [access(c)] : [],
      };
    }
    const owned = await this.db
      .select()
      .from(customers)
      .where(eq(customers.resellerId, staff.resellerId ?? ''))
      .orderBy(asc(customers.name));
    return {
      id: staff.id,
      username: staff.username,
      email: staff.email ?? '',
      user_type: staff.userType,
      customer: null,
      reseller_id: staff.resellerId,
      customers: owned.map(access),
    };
  }
}
