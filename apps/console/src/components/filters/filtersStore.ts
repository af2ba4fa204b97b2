import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store';
import { type FiltersAction, filtersReducer, initialFiltersState } from './filtersReducer';
import type { FilterDefinition, FilterValues } from './filterTypes';

export const filtersStore = createStore(initialFiltersState);

export function dispatchFilters(action: FiltersAction): void {
  filtersStore.setState((s) => filtersReducer(s, action));
}

/**
 * A page registers its filter definitions while mounted and reads the applied values
 * (to put into its list query). Pass a stable (module-level or memoised) array.
 */
export function useFilters(definitions: FilterDefinition[]): FilterValues {
  useEffect(() => {
    dispatchFilters({ type: 'define', definitions });
    return () => dispatchFilters({ type: 'define', definitions: [] });
  }, [definitions]);
  return useStore(filtersStore, (s) => s.applied);
}
