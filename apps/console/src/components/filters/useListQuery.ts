import { useMemo, useState } from 'react';
import { useDebounced } from '../../lib/useDebounced';
import { useFirstPageOn } from '../table/pagingStore';
import { filterQuery } from './filterQuery';
import { useFilters } from './filtersStore';
import type { FilterDefinition } from './filterTypes';

export interface ListQuery {
  /** The list's query parameters: the applied drawer filters and the search box (`search`). */
  query: Record<string, string>;
  /** The search box's text, as typed (the query takes it after a pause). */
  searchText: string;
  setSearchText: (text: string) => void;
}

/**
 * The one wiring of a list page's filters: registers the drawer's definitions while the page is
 * mounted, turns the applied values and the search box into the list's query (filterQuery), and
 * goes back to page 1 whenever that query changes. A page only declares its filters.
 * Pass a stable (module-level or memoised) definitions array.
 */
export function useListQuery(definitions: FilterDefinition[], onNewQuery?: () => void): ListQuery {
  const applied = useFilters(definitions);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const query = useMemo(
    () => ({ ...filterQuery(definitions, applied), ...(search ? { search } : {}) }),
    [definitions, applied, search],
  );
  useFirstPageOn(JSON.stringify(query), onNewQuery);
  return { query, searchText, setSearchText };
}
