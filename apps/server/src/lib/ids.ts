/** Ids in URLs are UUIDs; anything else cannot exist and answers 404 without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

/** `{count, results, next_page}` for one page. */
export function page<T>(results: T[], count: number, pageNo: number, size: number) {
  return { count, results, next_page: pageNo * size < count ? pageNo + 1 : null };
}
