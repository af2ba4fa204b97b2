import { APPLICATION_TYPES, type ApplicationType } from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { ApplicationQuery } from '../api/applicationsApi';

/** The drawer's type filter: several types picked by their label, held as codes. */
export const applicationFilterDefinitions = (typeOptions: FilterOption[]): FilterDefinition[] => [
  { type: 'multiSearch', key: 'type', label: 'applications.columns.type', options: typeOptions },
];

const isType = (v: string): v is ApplicationType => (APPLICATION_TYPES as readonly string[]).includes(v);

/** The applied filters and the search box as the applications/ query (types in catalogue order). */
export function applicationQueryOf(applied: FilterValues, search: string): ApplicationQuery {
  const q: ApplicationQuery = {};
  if (search.trim()) q.search = search.trim();
  const raw = applied.type;
  const picked = new Set((Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? [raw] : []).filter(isType));
  const types = APPLICATION_TYPES.filter((t) => picked.has(t));
  if (types.length) q.type = types;
  return q;
}
