/** Customers seen, created and changed by a reseller, and the signed-in account ("me"). */
import type { Customer, CustomerCreate, CustomerListQuery, CustomerUpdate, Me } from '@portiere/contracts';
import { customerCreateSchema, fieldError } from '@portiere/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { auditChange, auditDetails, auditTarget } from '../../audit/context.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { customers, staffUsers } from '../../db/schema/index.ts';
import { assertEmail } from '../../lib/assert-email.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { searchIn, yesNo } from '../../lib/list-filters.ts';
import { page } from '../../lib/paging.ts';
import type { ManagerUsersService } from '../managerUsers/service.ts';

type CustomerRow = typeof customers.$inferSelect;

/** The customer's domain lives in its settings (general.domain). */
const domainOf = (c: CustomerRow): string => {
  const general = (c.settings as { general?: { domain?: unknown } } | null)?.general;
  return typeof general?.domain === 'string' ? general.domain : '';
};

export const toCustomer = (c: CustomerRow, managerUsers: number): Customer => ({
  id: c.id,
  name: c.name,
  la_enabled: c.laEnabled,
  domain: domainOf(c),
  licenses: c.licenses,
  license_expiration: c.licenseExpiration,
  created_at: c.createdAt.toISOString(),
  members_count: c.membersCount,
  manager_users_count: managerUsers,
});

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });

export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly managerUsers: ManagerUsersService,
  ) {}

  /**
   * Manager users per customer, from the (customer_id, email) index; members come from the
   * customers.members_count counter, so a page of customers counts no members.
   */
  private async managerCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: staffUsers.customerId, n: count() })
      .from(staffUsers)
      .where(inArray(staffUsers.customerId, ids))
      .groupBy(staffUsers.customerId);
    return new Map(rows.map((r) => [r.id ?? '', Number(r.n)]));
  }

  async toCustomers(rows: CustomerRow[]): Promise<Customer[]> {
    const counts = await this.managerCounts(rows.map((c) => c.id));
    return rows.map((c) => toCustomer(c, counts.get(c.id) ?? 0));
  }

  async one(row: CustomerRow): Promise<Customer> {
    const [customer] = await this.toCustomers([row]);
    if (!customer) throw new Error('no customer');
    return customer;
  }

  async listForReseller(
    resellerId: string,
    pageNo: number,
    pageSize: number,
    q: Pick<CustomerListQuery, 'search' | 'la_enabled'> = {},
  ) {
    const la = yesNo(q.la_enabled);
    const where = and(
      eq(customers.resellerId, resellerId),
      searchIn(q.search, customers.name),
      la === undefined ? undefined : eq(customers.laEnabled, la),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(customers)
        .where(where)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      this.db.select({ n: count() }).from(customers).where(where),
    ]);
    return page(await this.toCustomers(rows), total?.n ?? 0, pageNo, pageSize);
  }

  /**
   * The customer and its first manager user in the request's transaction; the manager's mail
   * (temporary password) goes last, and if it cannot go nothing is kept.
   */
  async create(resellerId: string, input: CustomerCreate): Promise<Customer> {
    const body = customerCreateSchema.parse(input);
    assertEmail('manager_email', body.manager_email);
    const [row] = await orConflict(
      () =>
        this.db
          .insert(customers)
          .values({
            resellerId,
            name: body.name,
            licenses: body.licenses,
            licenseExpiration: body.license_expiration,
            laEnabled: body.la_enabled,
            settings: body.domain ? { general: { domain: body.domain } } : {},
          })
          .returning(),
      nameTaken,
    );
    if (!row) throw new Error('insert failed');
    const manager = await this.managerUsers.create(row, { email: body.manager_email }, 'manager_email');
    // The manager's mail set the audit target: the event is the customer's.
    auditTarget(row.id, row.name);
    auditDetails({ manager_user: { id: manager.id, email: manager.email } });
    return this.one(row);
  }

  /** Only the fields sent change; the domain is written into the settings' general section. */
  async update(row: CustomerRow, patch: CustomerUpdate): Promise<Customer> {
    const before = await this.one(row);
    const set: Partial<typeof customers.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.licenses !== undefined) set.licenses = patch.licenses;
    if (patch.license_expiration !== undefined) set.licenseExpiration = patch.license_expiration;
    if (patch.la_enabled !== undefined) set.laEnabled = patch.la_enabled;
    if (patch.domain !== undefined) {
      const domain = JSON.stringify(patch.domain);
      // Merged in SQL, so a settings PATCH of other fields at the same time keeps its change.
      set.settings = sql`${customers.settings} || jsonb_build_object('general', coalesce(${customers.settings} -> 'general', '{}'::jsonb) || jsonb_build_object('domain', ${domain}::jsonb))`;
    }
    auditTarget(row.id, row.name);
    if (!Object.keys(set).length) return before;
    const [updated] = await orConflict(
      () => this.db.update(customers).set(set).where(eq(customers.id, row.id)).returning(),
      nameTaken,
    );
    const after = await this.one(updated ?? row);
    auditTarget(row.id, after.name);
    auditChange(before, after);
    return after;
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
