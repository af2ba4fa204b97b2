/**
 * A search's page with an estimated count, where counting its matches would cost more than
 * finding the page: a common surname or two letters at a million members match tens or hundreds
 * of thousands, and their exact count rechecks every match (the commonest surname's 46,000:
 * 40 to 120 ms; two letters, which have no trigram to look up, every member's search row: 130
 * to 250 ms), while its first page is a walk of the ordering's index that passes some twenty
 * members a match (about 550 for the surname's first page, 1 ms). The page then answers the
 * planner's estimate of the matches, marked as such (count_estimated), and the console asks
 * users/count/ for the exact count after it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { memberSearched } from '../../lib/list-filters.ts';
import { filterWhere, type MemberFilters } from './list-query.ts';
import { ANCHOR_KEYS, type AnchorSort, TALLY_TUNING } from './tallies.ts';

export interface SeekPage {
  /** Exact unless `estimated`. */
  count: number;
  estimated: boolean;
  ids: string[];
}

/**
 * The planner's estimate of the rows `query` answers: a plan, not run (about 1 ms). A search's
 * estimate comes from the statistics of the search text (target 1,000, migrations 0020-0021): 47,047
 * for the 46,405 members named Rossi of a million, 237,283 for the 237,478 whose text holds "ma".
 */
export async function plannedRows(db: Db, query: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const plan = Object.values(rowsOf<Record<string, unknown>>(result)[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  return parsed[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** The customer's members, from the counter every member write keeps (tallies.ts). */
export async function membersTotal(db: Db, customerId: string): Promise<number> {
  const result = await db.execute(sql`select members_count as n from customers where id = ${customerId}::uuid`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The page of a search at `offset` with an estimated count, when the planner's estimate of its
 * matches (`planned`, of `total` members) makes them more than TALLY_TUNING.estimateOver times
 * the members a walk of the ordering's index passes to the end of the page; null when the count
 * is cheap enough to make exactly, or when the walk found fewer matches than it expected within
 * its bound (the exact path then answers). The walk reads one more than the page: the next page
 * is known either way, and a walk that ends within the page has counted every match exactly.
 */
export async function estimatedPage(
  db: Db,
  customerId: string,
  s: {
    filters: MemberFilters & { search: string };
    sort: AnchorSort;
    descending: boolean;
    offset: number;
    size: number;
  },
  planned: number,
  total: number,
): Promise<SeekPage | null> {
  const take = s.size + 1;
  const walk = ((s.offset + take) * total) / Math.max(planned, 1);
  if (!(planned > walk * TALLY_TUNING.estimateOver)) return null;
  // The estimate may be high (a match every twenty members expected, one in a thousand there):
  // a walk without a bound would then pass every member. Past its bound the exact path answers.
  const margin = TALLY_TUNING.walkMargin;
  const bound = walk * margin < total ? Math.ceil(walk * margin) : null;
  const ids = await walkMatches(db, customerId, s, bound, take);
  if (ids.length === take) {
    // Never fewer than the rows known to be there.
    return { count: Math.max(Math.round(planned), s.offset + take), estimated: true, ids: ids.slice(0, s.size) };
  }
  // Unbounded, the walk passed every member: what it found is all there is.
  if (bound === null && (ids.length > 0 || s.offset === 0)) {
    return { count: s.offset + ids.length, estimated: false, ids };
  }
  return null;
}

/**
 * `take` ids of the search's matches from its `offset`-th on, in the ordering, passing at most
 * `bound` members (every one when null): the ordering's index, which carries the other filters'
 * columns, read in order, each member's search text tested on its row as it comes.
 */
async function walkMatches(
  db: Db,
  customerId: string,
  s: { filters: MemberFilters & { search: string }; sort: AnchorSort; descending: boolean; offset: number },
  bound: number | null,
  take: number,
): Promise<string[]> {
  const { search, ...others } = s.filters;
  const key = sql.raw(ANCHOR_KEYS[s.sort].key);
  const dir = sql.raw(s.descending ? 'desc' : 'asc');
  const result = await db.execute(sql`
    select id from (
      select id, ${key} as k, ${memberSearched(search)} as hit from members
      where ${filterWhere(customerId, others)}
      order by ${key} ${dir}, id ${dir} ${bound === null ? sql`` : sql`limit ${bound}`}
    ) w
    where hit order by k ${dir}, id ${dir} offset ${s.offset} limit ${take}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
