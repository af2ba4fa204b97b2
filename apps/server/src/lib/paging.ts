/**
 * The one paging helper of every list: page numbers in the API, exact counts, and pages read by
 * keyset. A page deep in a list is found by skipping index entries from the nearer end of the
 * list (an index-only scan), then read from its first key on, never by OFFSET over whole rows.
 */
import { normalizePage, normalizePageSize } from '@portiere/contracts';

/** Page number, page size and row offset from list query parameters (spec: below 1 resets to 1). */
export function paging(q: { page?: string; page_size?: string }) {
  const page = normalizePage(q.page);
  const size = normalizePageSize(q.page_size);
  return { page, size, offset: (page - 1) * size };
}

/** `{count, results, next_page}` for one page. */
export function page<T>(results: T[], count: number, pageNo: number, size: number) {
  return { count, results, next_page: pageNo * size < count ? pageNo + 1 : null };
}

/**
 * How to read the rows at `offset` (up to `size`) of a list of `count`: from the top skipping
 * `skip` rows, or, when the bottom is nearer, in the reverse order skipping the `skip` rows
 * after the page (the page then reads backwards). Null when the page is past the end.
 */
export interface Seek {
  reverse: boolean;
  skip: number;
  take: number;
}

export function planSeek(count: number, offset: number, size: number): Seek | null {
  if (offset >= count || size < 1) return null;
  const take = Math.min(size, count - offset);
  const after = count - offset - take;
  return after < offset ? { reverse: true, skip: after, take } : { reverse: false, skip: offset, take };
}
