/**
 * Dashboard figures per customer, read from the counters kept with the rows that move them
 * (members/tallies.ts): members by class, credentials by kind, recovery modes and licenses on
 * the customer row. Nothing scans members or credentials, and a reseller's customers are read
 * together (two grouped queries whatever their number). A reseller also gets the totals
 * across its customers, summed from the same figures.
 */
import type { CustomerDashboard, ResellerTotals } from '@portiere/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { credentialCounts, customers, memberCounts } from '../../db/schema/index.ts';

type CustomerRow = typeof customers.$inferSelect;
type Figures = { dashboard: CustomerDashboard; credentials: number };

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
    const figures = await this.figures(rows);
    const dashboards = figures.map((f) => f.dashboard);
    if (user.user_type === 'CustomerUser') return { customers: dashboards };
    const sum = (pick: (f: Figures) => number) => figures.reduce((n, f) => n + pick(f), 0);
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

  private async figures(rows: CustomerRow[]): Promise<Figures[]> {
    if (!rows.length) return [];
    const ids = rows.map((c) => c.id);
    const [users, byType] = await Promise.all([
      this.db
        .select({
          customerId: memberCounts.customerId,
          total: sql<number>`sum(${memberCounts.n})::int`,
          enrolled: sql<number>`coalesce(sum(${memberCounts.n}) filter (where ${memberCounts.enrolled}), 0)::int`,
          blocked: sql<number>`coalesce(sum(${memberCounts.n}) filter (where ${memberCounts.blocked}), 0)::int`,
        })
        .from(memberCounts)
        .where(inArray(memberCounts.customerId, ids))
        .groupBy(memberCounts.customerId),
      this.db.select().from(credentialCounts).where(inArray(credentialCounts.customerId, ids)),
    ]);
    return rows.map((c) => {
      const u = users.find((r) => r.customerId === c.id);
      const kinds = byType.filter((r) => r.customerId === c.id);
      const pick = (key: 'web' | 'workstation') =>
        Object.fromEntries(kinds.filter((r) => r[key] > 0).map((r) => [r.type, r[key]]));
      const total = Number(u?.total ?? 0);
      const dashboard: CustomerDashboard = {
        customer: { id: c.id, name: c.name },
        users: { total, enrolled: Number(u?.enrolled ?? 0), blocked: Number(u?.blocked ?? 0) },
        web_credentials: pick('web'),
        workstation_credentials: pick('workstation'),
        recovery_modes: { active: c.recoveryModesActive, total: c.recoveryModesCount },
        // Every member holds a license.
        licenses: {
          total: c.licenses,
          used: total,
          remaining: Math.max(0, c.licenses - total),
          expiration: c.licenseExpiration,
        },
      };
      return { dashboard, credentials: kinds.reduce((n, r) => n + r.total, 0) };
    });
  }
}
