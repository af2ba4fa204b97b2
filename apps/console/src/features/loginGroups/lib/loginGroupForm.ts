import {
  type LoginGroup,
  type LoginGroupInput,
  type LoginGroupPatch,
  loginGroupInputSchema,
} from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { LoginGroupQuery } from '../api/loginGroupsApi';

export interface LoginGroupFormValues {
  name: string;
  description: string;
}

export const emptyLoginGroupForm = (): LoginGroupFormValues => ({ name: '', description: '' });
export const loginGroupFormOf = (g: LoginGroup): LoginGroupFormValues => ({ name: g.name, description: g.description });
export const loginGroupInputOf = (v: LoginGroupFormValues): LoginGroupInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
});

/** Only what changed. */
export function loginGroupPatchOf(before: LoginGroup, input: LoginGroupInput): LoginGroupPatch {
  const patch: LoginGroupPatch = {};
  if (input.name !== before.name) patch.name = input.name;
  if (input.description !== before.description) patch.description = input.description;
  return patch;
}

/** The form over the contract: name required, name and description bounded. */
export const loginGroupForm = { schema: loginGroupInputSchema, toInput: loginGroupInputOf };

/** The drawer's filter: "empty only", the plain boolean type (ticked: only the groups that can be deleted). */
export const LOGIN_GROUP_FILTERS: FilterDefinition[] = [
  { type: 'boolean', key: 'empty', label: 'loginGroups.filters.empty' },
];

export function loginGroupQueryOf(applied: FilterValues, search: string): LoginGroupQuery {
  const q: LoginGroupQuery = {};
  if (search.trim()) q.search = search.trim();
  if (applied.empty === true) q.empty = true;
  return q;
}
