/** The list, paging and bulk shapes every area shares (spec section 3, "Other data"). */
import { z } from 'zod';

/**
 * A query string carries text, which the services read themselves (normalizePage, 'true' and
 * 'false', comma lists); the OpenAPI document, and the clients typed from it, say what clients
 * send instead: a whole number, a boolean, a list (comma-separated: style form, explode false).
 */
export const integerParam = () => z.string().optional().meta({ type: 'integer' });
const booleanMeta = { type: 'boolean', enum: undefined } as const;
/**
 * A comma list: `text` is how the service checks the whole text (its length, its pattern);
 * `items`, when given, the values each element may take (the document's enum).
 */
export const commaListParam = (text: z.ZodString = z.string(), items?: readonly string[]) =>
  text.optional().meta({
    type: 'array',
    items: items ? { type: 'string', enum: [...items] } : { type: 'string' },
    style: 'form',
    explode: false,
    maxLength: undefined,
    pattern: undefined,
  });

/** Paging parameters of every list: strings as they come in the query (normalizePage/normalizePageSize). */
export const pagingQuerySchema = z.object({ page: integerParam(), page_size: integerParam() });

/** Workstation-style list: `{count, results, next_page}`. */
export const pagedListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), results: z.array(item), next_page: z.number().int().nullable() });
export interface PagedList<T> {
  count: number;
  results: T[];
  next_page: number | null;
}

/**
 * A paged list whose count may be an estimate: where counting every match would cost more than
 * reading the page (a search matching many members), `count` is the database's estimate and
 * `count_estimated` says so; the list's count route answers the exact count. When
 * `count_estimated` is false, `count` is exact. `next_page` is exact either way.
 */
export const estimablePagedListSchema = <T extends z.ZodType>(item: T) =>
  pagedListSchema(item).extend({
    count_estimated: z
      .boolean()
      .describe('True when count is an estimate (ask the count route for the exact count); false when exact'),
  });
export interface EstimablePagedList<T> extends PagedList<T> {
  count_estimated: boolean;
}

/** The exact count of what a list's filters match (a list's count route). */
export const countSchema = z.object({ count: z.number().int() });
export type Count = z.infer<typeof countSchema>;

/** Login-assistant-style list: `{count, items}`. */
export const itemsListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), items: z.array(item) });
export interface ItemsList<T> {
  count: number;
  items: T[];
}

/** Ids a bulk action applies to, and what it did: ids outside the caller's tenant count as skipped. */
export const idsSchema = z.object({ ids: z.array(z.string()).min(1).max(1000) });
export const bulkResultSchema = z.object({ done: z.number().int(), skipped: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A yes/no list filter as it comes in the query: 'true' or 'false'; absent filters nothing. */
export const yesNoParam = z.enum(['true', 'false']).optional().meta(booleanMeta);
/** A day (YYYY-MM-DD) bounding a list filter; "before" days are inclusive. */
export const dayParam = z.iso.date().optional();
/** A free-text search of a list (case-insensitive, anywhere in the names it says). */
export const searchParam = z.string().max(200).optional();
