import { useMemo, useState } from 'react';
import { useDebounced } from '../../lib/useDebounced';
import { useFirstPageOn } from '../table/pagingStore';
import { filterQuery } from './filterQuery';
import { useFilters } from './filtersStore';
import type { FilterDefinition, FilterDefinitionOf, FilterValues } from './filterTypes';

export interface ListQuery<Q> {
  /** The list's query: the applied drawer filters and the search box. */
  query: Q;
  /** The search box's text, as typed (the query takes it after a pause). */
  searchText: string;
  setSearchText: (text: string) => void;
}

/** A page's own typed reading of the applied filters and the search (a stable, module-level function). */
export type QueryOf<Q> = (applied: FilterValues, search: string) => Q;

/** The generic reading: each filter's key is its query parameter (filterQuery), plus `search`. */
const genericQueryOf =
  <Q extends { search?: string }>(definitions: readonly FilterDefinitionOf<Q>[]): QueryOf<Partial<Q>> =>
  (applied, search) => ({ ...filterQuery(definitions, applied), ...(search ? { search } : {}) });

/**
 * The one wiring of a list page's filters: registers the drawer's definitions while the page is
 * mounted, turns the applied values and the search box into the list's query, and goes back to
 * page 1 whenever that query changes. A page only declares its filters, typed by the list's
 * query (`useListQuery<ConfigurationQuery>(definitions)`: each key a parameter that takes what
 * its filter gives), or how to read them when they do not map one to one onto parameters.
 * Pass stable (module-level or memoised) definitions.
 */
export function useListQuery<Q extends { search?: string }>(
  definitions: FilterDefinitionOf<NoInfer<Q>>[],
): ListQuery<Partial<Q>>;
export function useListQuery<Q>(definitions: FilterDefinition[], queryOf: QueryOf<Q>): ListQuery<Q>;
export function useListQuery(definitions: FilterDefinition[], queryOf?: QueryOf<unknown>): ListQuery<unknown> {
  const applied = useFilters(definitions);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  // The overloads typed the definitions by the page's query; here they are read as they come.
  const read = useMemo(
    () => queryOf ?? genericQueryOf(definitions as FilterDefinitionOf<{ search?: string }>[]),
    [queryOf, definitions],
  );
  const query = useMemo(() => read(applied, search), [read, applied, search]);
  useFirstPageOn(JSON.stringify(query));
  return { query, searchText, setSearchText };
}
