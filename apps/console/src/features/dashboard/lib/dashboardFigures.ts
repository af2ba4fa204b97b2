import type { CustomerDashboard } from '@portiere/contracts';

/** Credential counts as chart rows, biggest first, zero counts left out. */
export function countsToSeries(counts: Record<string, number>): { type: string; count: number }[] {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** A data-testid suffix from a customer name: lower case, runs of other characters as '-'. */
export function customerSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'customer'
  );
}

/** Share of licenses used, 0..100 (0 when there are no licenses). */
export function licensesUsedPercent(l: CustomerDashboard['licenses']): number {
  return l.total > 0 ? Math.round((Math.min(l.used, l.total) / l.total) * 100) : 0;
}

/**
 * The value axis of a chart of counts: whole numbers only, from 0; when every count is 0 it runs
 * to 1, since a flat 0-to-0 axis gets fractional ticks ("0.0…", cut to the axis width).
 */
export function countAxis(counts: readonly number[]): { min: number; max?: number; tickMinStep: number } {
  return { min: 0, tickMinStep: 1, ...(counts.every((n) => n === 0) ? { max: 1 } : {}) };
}
