/**
 * Dashboard figures per customer, from a handful of aggregate queries on indexed columns:
 * members, web and workstation credentials by kind, recovery modes, licenses. A reseller also
 * gets the totals across its customers, summed from the same figures.
 */
import type { CustomerDashboard, ResellerTotals } from '@portiere/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { credentials, customers, members, recoveryModes } from '../../db/schema/index.ts';

export class DashboardService {
  constructor(private readonly db: Db) {}

  async forUser(user: AuthUser): Promise<{ customers: CustomerDashboard[]; totals?: ResellerTotals }> {
    const rows =
      user.user_type === 'CustomerUser'
        ? await this.db
            .select()
            .from(customers)
            .where(eq(customers.id, user.customer_id ?? ''))
        : await this.db
            .select()
            .from(customers)
            .where(eq(customers.resellerId, user.reseller_id ?? ''))
            .orderBy(asc(customers.name));
    const figures = await Promise.all(rows.map((c) => this.forCustomer(c)));
    const dashboards = figures.map((f) => f.dashboard);
    if (user.user_type === 'CustomerUser') return { customers: dashboards };
    const sum = (pick: (f: (typeof figures)[number]) => number) => figures.reduce((n, f) => n + pick(f), 0);
    const licenses = sum((f) => f.dashboard.licenses.total);
    const used = sum((f) => f.dashboard.licenses.used);
    return {
      customers: dashboards,
      totals: {
        customers: figures.length,
        licenses: { total: licenses, used, remaining: sum((f) => f.dashboard.licenses.remaining) },
        members: sum((f) => f.dashboard.users.total),
        credentials: sum((f) => f.credentials),
      },
    };
  }

  private async forCustomer(
    c: typeof customers.$inferSelect,
  ): Promise<{ dashboard: CustomerDashboard; credentials: number }> {
    const [[users], byType, [recovery]] = await Promise.all([
      this.db
        .select({
          total: count(),
          enrolled: sql<number>`count(*) filter (where ${members.enrolled})`,
          blocked: sql<number>`count(*) filter (where ${members.blocked})`,
        })
        .from(members)
        .where(eq(members.customerId, c.id)),
      this.db
        .select({
          type: credentials.type,
          total: count(),
          web: sql<number>`count(*) filter (where ${credentials.isWeb})`,
          workstation: sql<number>`count(*) filter (where ${credentials.windowsLogin})`,
        })
        .from(credentials)
        .where(eq(credentials.customerId, c.id))
        .groupBy(credentials.type),
      this.db
        .select({ total: count(), active: sql<number>`count(*) filter (where ${recoveryModes.deactivatedAt} is null)` })
        .from(recoveryModes)
        .where(eq(recoveryModes.customerId, c.id)),
    ]);
    const pick = (key: 'web' | 'workstation') =>
      Object.fromEntries(byType.filter((r) => Number(r[key]) > 0).map((r) => [r.type, Number(r[key])]));
    const total = Number(users?.total ?? 0);
    const dashboard: CustomerDashboard = {
      customer: { id: c.id, name: c.name },
      users: { total, enrolled: Number(users?.enrolled ?? 0), blocked: Number(users?.blocked ?? 0) },
      web_credentials: pick('web'),
      workstation_credentials: pick('workstation'),
      recovery_modes: { active: Number(recovery?.active ?? 0), total: Number(recovery?.total ?? 0) },
      // Every member holds a license.
      licenses: {
        total: c.licenses,
        used: total,
        remaining: Math.max(0, c.licenses - total),
        expiration: c.licenseExpiration,
      },
    };
    return { dashboard, credentials: byType.reduce((n, r) => n + Number(r.total), 0) };
  }
}
