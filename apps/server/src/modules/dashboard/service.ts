/**
 * Dashboard figures per customer, read from the counters kept with the rows that move them
 * (members/tallies.ts): members by class, credentials by kind, recovery modes and licenses on
 * the customer row. Nothing scans members or credentials, and a reseller's customers are read
 * together (two grouped queries whatever their number). A reseller also gets the totals
 * across its customers, summed from the same figures. Sign-ins of the last 30 days are summed
 * from their daily tallies (signIn/records.ts).
 */
import { type CustomerDashboard, DASHBOARD_SIGN_IN_DAYS, type ResellerTotals } from '@portiere/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { credentialCounts, customers, memberCounts, signInTallies } from '../../db/schema/index.ts';

type CustomerRow = typeof customers.$inferSelect;
type Figures = { dashboard: CustomerDashboard; credentials: number };

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    const since = new Date(this.now().getTime() - (DASHBOARD_SIGN_IN_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const [users, byType, signIns] = await Promise.all([
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
      // At most days × channels × outcomes rows per customer.
      this.db
        .select({
          customerId: signInTallies.customerId,
          channel: signInTallies.channel,
          outcome: signInTallies.outcome,
          n: sql<number>`sum(${signInTallies.n})::int`,
        })
        .from(signInTallies)
        .where(and(inArray(signInTallies.customerId, ids), gte(signInTallies.day, since)))
        .groupBy(signInTallies.customerId, signInTallies.channel, signInTallies.outcome),
    ]);
    return rows.map((c) => {
      const u = users.find((r) => r.customerId === c.id);
      const kinds = byType.filter((r) => r.customerId === c.id);
      const pick = (key: 'web' | 'workstation') =>
        Object.fromEntries(kinds.filter((r) => r[key] > 0).map((r) => [r.type, r[key]]));
      const total = Number(u?.total ?? 0);
      const tally = (channel: 'web' | 'workstation', outcome: 'success' | 'failure') =>
        Number(signIns.find((r) => r.customerId === c.id && r.channel === channel && r.outcome === outcome)?.n ?? 0);
      const signInsOf = (channel: 'web' | 'workstation') => ({
        success: tally(channel, 'success'),
        failure: tally(channel, 'failure'),
      });
      const dashboard: CustomerDashboard = {
        customer: { id: c.id, name: c.name },
        users: { total, enrolled: Number(u?.enrolled ?? 0), blocked: Number(u?.blocked ?? 0) },
        web_credentials: pick('web'),
        workstation_credentials: pick('workstation'),
        recovery_modes: { active: c.recoveryModesActive, total: c.recoveryModesCount },
        sign_ins: { web: signInsOf('web'), workstation: signInsOf('workstation') },
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
