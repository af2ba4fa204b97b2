import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { FlowQuery } from '../api/flowsApi';

/** The drawer's credential filter: one kind (the server takes one), picked by label, held as its code. */
export const flowFilterDefinitions = (kindOptions: FilterOption[]): FilterDefinition[] => [
  { type: 'select', key: 'credential', label: 'flows.filters.credential', options: kindOptions },
];

const isKind = (v: unknown): v is CredentialType =>
  typeof v === 'string' && (CREDENTIAL_TYPES as readonly string[]).includes(v);

export function flowQueryOf(applied: FilterValues, search: string): FlowQuery {
  const q: FlowQuery = {};
  if (search.trim()) q.search = search.trim();
  if (isKind(applied.credential)) q.credential = applied.credential;
  return q;
}
