import type { FilterDefinition, FilterValue, FilterValues } from './filterTypes';

export interface FiltersState {
  definitions: FilterDefinition[];
  /** What the user is editing in the drawer. */
  active: FilterValues;
  /** What the table currently queries with. */
  applied: FilterValues;
  open: boolean;
}

export type FiltersAction =
  | { type: 'define'; definitions: FilterDefinition[] }
  | { type: 'set'; key: string; value: FilterValue }
  | { type: 'apply' }
  | { type: 'reset' }
  /** Navigation: drop values, keep the definitions the new page registers. */
  | { type: 'clear' }
  | { type: 'toggle'; open?: boolean };

export const initialFiltersState: FiltersState = { definitions: [], active: {}, applied: {}, open: false };

/** Drops unset values: a plain boolean filter set to false is the same as unset. */
export function cleanValues(values: FilterValues): FilterValues {
  const out: FilterValues = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === '' || v === false) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

function sameValues(a: FilterValues, b: FilterValues): boolean {
  const ca = cleanValues(a);
  const cb = cleanValues(b);
  const keys = new Set([...Object.keys(ca), ...Object.keys(cb)]);
  for (const k of keys) if (JSON.stringify(ca[k]) !== JSON.stringify(cb[k])) return false;
  return true;
}

/** Apply is enabled only when the drawer holds unsaved changes. */
export function canApply(state: FiltersState): boolean {
  return !sameValues(state.active, state.applied);
}

/** Reset is enabled only when some filter is applied. */
export function canReset(state: FiltersState): boolean {
  return Object.keys(cleanValues(state.applied)).length > 0;
}

export function filtersReducer(state: FiltersState, action: FiltersAction): FiltersState {
  switch (action.type) {
    case 'define':
      return { ...state, definitions: action.definitions };
    case 'set':
      return { ...state, active: { ...state.active, [action.key]: action.value } };
    case 'apply':
      return canApply(state) ? { ...state, applied: cleanValues(state.active) } : state;
    case 'reset':
      return canReset(state) ? { ...state, active: {}, applied: {} } : state;
    case 'clear':
      return { ...state, active: {}, applied: {}, open: false };
    case 'toggle':
      return { ...state, open: action.open ?? !state.open };
  }
}
