/**
 * The ids of one page of a customer's members, in order, and the exact count, without reading
 * the rows before the page:
 * - the count: a sum over the customer's member_counts classes, or, with a search or a date
 *   range, a count over the matching index range;
 * - the page: near the top, its first key by skipping index entries (index-only); deep in a list
 *   unfiltered or filtered by one column the anchors tally (anchorTally), from the nearest
 *   anchor (member_anchors) of that ordering; deep in any other filtered list, from whichever
 *   end of it is nearer. Then the page's ids from that key on;
 * - a search sorted by a name, or one the search rows answer in a time ordering: its matches
 *   through the trigram index, counted and sorted in one pass (sortMatches), up to
 *   TALLY_TUNING.searchSorted of them; a page deep in one with more, from a scan of the search
 *   rows sorted up to the page (topMatches);
 * - where the caller takes an estimated count (the members list): a search whose matches are so
 *   many that counting them costs more than walking to its page, by that walk and the planner's
 *   estimate of the count (estimate.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { memberSearchRows } from '../../lib/list-filters.ts';
import { planSeek } from '../../lib/paging.ts';
import { estimatedPage, membersTotal, plannedRows, type SeekPage } from './estimate.ts';
import {
  classWhere,
  countedByClass,
  filterWhere,
  flagWhere,
  type MemberFilters,
  searchRowsHold,
  unfiltered,
} from './list-query.ts';
import { ANCHOR_KEYS, ANCHOR_TALLIES, type AnchorSort, TALLY_TUNING } from './tallies.ts';

export interface MemberSeek {
  filters: MemberFilters;
  sort: AnchorSort;
  descending: boolean;
  offset: number;
  size: number;
  /** The caller takes an estimated count, marked as such, where counting costs more than the page. */
  estimate?: boolean;
}

export async function countMembers(db: Db, customerId: string, f: MemberFilters): Promise<number> {
  const query = countedByClass(f)
    ? sql`select coalesce(sum(n), 0)::int as n from member_counts where ${classWhere(customerId, f)}`
    : searchRowsHold(f)
      ? // A search, alone or with flags, counts the narrow search rows without visiting a member.
        sql`select count(*)::int as n from (${memberSearchRows(customerId, f.search, sql`member_id`, flagWhere(f))}) s`
      : sql`select count(*)::int as n from members where ${filterWhere(customerId, f)}`;
  const result = await db.execute(query);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function seekMembers(db: Db, customerId: string, s: MemberSeek): Promise<SeekPage> {
  const where = filterWhere(customerId, s.filters);
  // A search sorted by a name: its matches often sit together in that order (a surname by last
  // name, a first name by username), and walking the ordering's index from one end then passes
  // every member before them (at 1,000,000 members, 650 ms for a surname's 8,000 matches). A
  // search the search rows answer, in an ordering whose key they hold: walking from one end
  // passes every member between its matches (some twenty a match for the commonest surname),
  // and past the first pages that is more than all its matches (that surname's middle page,
  // newest first: 213 ms). So such matches are found through the trigram index and sorted,
  // counted in the same pass.
  const search = s.filters.search;
  const nameSearch = search !== undefined && !ANCHOR_KEYS[s.sort].time;
  const rowsKey = searchRowsKey(s);
  const sortable = nameSearch || rowsKey !== undefined;
  const estimable = s.estimate === true && search !== undefined;
  const matches = sortable || estimable ? keyedMatches(customerId, where, s) : undefined;
  if (matches) {
    const [planned, total] = await Promise.all([
      plannedRows(db, matches),
      estimable ? membersTotal(db, customerId) : 0,
    ]);
    // Matches in a name ordering sit together, so a walk may pass most members before them: in
    // one, only a search with more matches than sortMatches takes is walked (as below, after
    // its count).
    if (estimable && (!nameSearch || planned > TALLY_TUNING.searchSorted)) {
      const found = await estimatedPage(db, customerId, { ...s, filters: { ...s.filters, search } }, planned, total);
      if (found) return found;
    }
    if (sortable && planned <= TALLY_TUNING.searchSorted) {
      const found = await sortMatches(db, matches, s, s.offset + s.size / 2 > planned / 2);
      if (found) return { ...found, estimated: false };
    }
  }
  const counting = countMembers(db, customerId, s.filters);
  const tally = anchorTally(s.filters);
  // How far the anchors pay: in an unfiltered list a skip reads one index entry per row, so near
  // the top skipping is cheapest; a filter may pass over many entries per row it keeps (a kind
  // that 1 % hold: a hundred), so a filter the anchors tally takes them from the second page on.
  const viaAnchors = tally === null ? Number.POSITIVE_INFINITY : tally === 'n' ? TALLY_TUNING.nearTop : 0;
  if (!nameSearch && s.offset <= Math.min(viaAnchors, TALLY_TUNING.nearTop)) {
    const [count, ids] = await Promise.all([counting, readIds(db, where, s.sort, s.descending, s.offset, s.size)]);
    return { count, estimated: false, ids };
  }
  const count = await counting;
  const seek = planSeek(count, s.offset, s.size);
  if (!seek) return { count, estimated: false, ids: [] };
  // A search too common to sort whole, deep into it: the walk from the nearer end below passes
  // skip / density members, one wide row each, while topMatches scans every search row once;
  // past an eighth of the matches the scan is cheaper (a million members, "ma", through the app
  // less its count: the walk 38 ms at 5 % of its 236,251 matches, 413 ms at 42 %; the scan 100
  // to 130 ms).
  if (matches && rowsKey && seek.skip > Math.max(TALLY_TUNING.nearTop, count / 8)) {
    const ids = await topMatches(db, matches, s.descending !== seek.reverse, seek.skip, seek.take);
    return { count, estimated: false, ids: seek.reverse ? ids.reverse() : ids };
  }
  if (tally && seek.skip > viaAnchors) {
    // Ascending position of the page's first row among the members the filter keeps.
    const from = s.descending ? count - s.offset - seek.take : s.offset;
    const ids = await readFromAnchor(db, where, customerId, s.sort, tally, from, seek.take);
    return { count, estimated: false, ids: s.descending ? ids.reverse() : ids };
  }
  const ids = await readIds(db, where, s.sort, s.descending !== seek.reverse, seek.skip, seek.take);
  return { count, estimated: false, ids: seek.reverse ? ids.reverse() : ids };
}

/** The search rows' column holding each ordering's key (db/schema/members.ts), where they hold it. */
const SEARCH_ROW_KEYS: Partial<Record<AnchorSort, string>> = {
  last_name: 'last_name',
  created_at: 'created_at',
  enrolled_at: 'enrolled_key',
};

/** The search rows' key column of the seek's ordering, if they hold it and every filter. */
const searchRowsKey = (s: MemberSeek) => (searchRowsHold(s.filters) ? SEARCH_ROW_KEYS[s.sort] : undefined);

/**
 * A sorted search's matches, each as its id and its key in the ordering (`id`, `k`). A search
 * with no filter but flags, by last name or a time, reads them from the narrow search rows, which
 * hold those keys and the flags (db/schema/members.ts): the same rows its count reads, so neither
 * pushes the other's pages out of PostgreSQL's buffers. Any other, from the members' rows through
 * their trigram index.
 */
function keyedMatches(customerId: string, where: SQL, s: MemberSeek): SQL {
  const key = searchRowsKey(s);
  const search = s.filters.search;
  return key && search !== undefined
    ? memberSearchRows(customerId, search, sql`member_id as id, ${sql.raw(key)} as k`, flagWhere(s.filters))
    : sql`select id, ${sql.raw(ANCHOR_KEYS[s.sort].key)} as k from members where ${where}`;
}

/**
 * The page and the exact count of a search with at most TALLY_TUNING.searchSorted matches, in
 * one pass over them (keyedMatches, found through a trigram index; a bitmap scan reads each page
 * of rows once), sorted. One statement, not a count over member_search and then the members'
 * rows: both did not fit in PostgreSQL's buffers together, so each read the other's pages again
 * (a surname's 18,856 matches by last name at a million members, p95 in one scratch run: 83 ms
 * before, 43 after). A page in the planned latter half (`fromEnd`) is sorted from the other end,
 * its offset from the end taken from the count in the same statement: a sort bounded by the
 * rows up to the page is cheaper the nearer its end (the commonest surname's last page, a
 * million members: 36 ms in SQL from the top, 29 from the end). Null past the limit (the
 * estimate was short): the matches are then dense enough for a walk of the ordering's index to
 * meet a page soon.
 */
async function sortMatches(
  db: Db,
  matches: SQL,
  s: MemberSeek,
  fromEnd: boolean,
): Promise<{ count: number; ids: string[] } | null> {
  const dir = sql.raw(s.descending !== fromEnd ? 'desc' : 'asc');
  const limit = TALLY_TUNING.searchSorted;
  const window = fromEnd
    ? sql`offset greatest(c.n - ${s.offset} - ${s.size}, 0) limit greatest(least(${s.size}, c.n - ${s.offset}), 0)`
    : sql`offset ${s.offset} limit ${s.size}`;
  const result = await inSortMemory(
    db,
    sql`
      with kept as materialized (${matches} limit ${limit + 1})
      select n, id from (select count(*)::int as n from kept) c
      left join lateral (select id from kept order by k ${dir}, id ${dir} ${window}) p on true`,
  );
  const rows = rowsOf<{ n: number; id: string | null }>(result);
  const count = Number(rows[0]?.n ?? 0);
  if (count > limit) return null;
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  return { count, ids: fromEnd ? ids.reverse() : ids };
}

/**
 * `query` with its rows kept and sorted in memory: at PostgreSQL's default of 4 MB, the 46,000
 * matches of the commonest surname at a million members spilled to disk, both the kept rows and
 * their sort (its middle page by enrolment 47 ms in SQL, 41 with this). SET LOCAL: until the
 * enclosing transaction ends, this one or a request's around it.
 */
function inSortMemory(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '16MB'`);
    return tx.execute(query);
  });
}

/**
 * The page of a search with more matches than sortMatches keeps, deep in an ordering whose key
 * the search rows hold (searchRowsKey): the first `skip + take` of its matches (keyedMatches) by
 * that key, in one scan of the search rows (a parallel one on PostgreSQL) and a sort bounded by
 * the page. A walk of the ordering's index from the nearer end instead reads the wide row of every
 * member it passes, matching or not: at a million members, "ma" (236,251 matches), page 4,000
 * newest first, 513 ms p50 through the app, 208 ms this way (the count's scan included).
 */
async function topMatches(db: Db, matches: SQL, descending: boolean, skip: number, take: number): Promise<string[]> {
  const dir = sql.raw(descending ? 'desc' : 'asc');
  const result = await inSortMemory(db, sql`${matches} order by k ${dir}, id ${dir} offset ${skip} limit ${take}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * `take` ids after skipping `skip`, in the ordering (descending or not): the skip reads the index
 * alone.
 */
async function readIds(
  db: Db,
  where: SQL,
  sort: AnchorSort,
  descending: boolean,
  skip: number,
  take: number,
): Promise<string[]> {
  const key = sql.raw(ANCHOR_KEYS[sort].key);
  const dir = sql.raw(descending ? 'desc' : 'asc');
  const order = sql`order by ${key} ${dir}, id ${dir}`;
  const result =
    skip === 0
      ? await db.execute(sql`select id from members where ${where} ${order} limit ${take}`)
      : await db.execute(sql`
          with b as (select ${key} as k, id from members where ${where} ${order} offset ${skip} limit 1)
          select id from members
          where ${where} and (${key}, id) ${sql.raw(descending ? '<=' : '>=')} ((select k from b), (select id from b))
          ${order} limit ${take}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * How many members of an anchor's run the filters keep, as SQL over its member_anchors row:
 * all of them (n) unfiltered, one of its tallies (or n minus it) for a single-column filter the
 * anchors count; null for any other filter, which the anchors cannot place.
 */
export function anchorTally(f: MemberFilters): string | null {
  if (unfiltered(f)) return 'n';
  if (Object.keys(f).length !== 1) return null;
  const at = (i: number) => (i < 0 ? null : `tallies[${i + 1}]`);
  if (f.blocked !== undefined) {
    const t = at(ANCHOR_TALLIES.findIndex((x) => x.blocked));
    return t && (f.blocked ? t : `n - ${t}`);
  }
  if (f.enrolled !== undefined) {
    const t = at(ANCHOR_TALLIES.findIndex((x) => x.enrolled));
    return t && (f.enrolled ? t : `n - ${t}`);
  }
  if (f.kinds !== undefined) return at(ANCHOR_TALLIES.findIndex((x) => x.kind === f.kinds));
  return null;
}

/**
 * `take` ids from ascending position `from` among the members `where` keeps: the nearest anchor
 * at or before it (a running sum of the anchors' `tally` of them), then at most a run's worth of
 * index entries (the filter columns are in each ordering's index).
 */
async function readFromAnchor(
  db: Db,
  where: SQL,
  customerId: string,
  sort: AnchorSort,
  tally: string,
  from: number,
  take: number,
): Promise<string[]> {
  const { key: k, time } = ANCHOR_KEYS[sort];
  const key = sql.raw(k);
  const c = sql`${customerId}::uuid`;
  const result = await db.execute(sql`
    with a as (
      select key_text, key_time, member_id, before from (
        select key_text, key_time, member_id,
          sum(${sql.raw(tally)}) over (order by key_text, key_time, member_id) - (${sql.raw(tally)}) as before
        from member_anchors where customer_id = ${c} and sort = ${sort}
      ) runs
      where before <= ${from}
      order by before desc, key_text desc, key_time desc, member_id desc
      limit 1
    ),
    b as (
      -- The anchor's key as sub-selects (parameters of the plan), so the index seeks to it.
      select ${key} as k, id from members
      where ${where}
        and (${key}, id) >= ((select ${sql.raw(time ? 'key_time' : 'key_text')} from a), (select member_id from a))
      order by ${key}, id
      offset (select ${from} - before from a) limit 1
    )
    select id from members
    where ${where} and (${key}, id) >= ((select k from b), (select id from b))
    order by ${key}, id limit ${take}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
