import {
  type FieldError,
  fieldError,
  type LoginGroup,
  type LoginGroupInput,
  type LoginGroupPatch,
} from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { LoginGroupQuery } from '../api/loginGroupsApi';

export interface LoginGroupFormValues {
  name: string;
  description: string;
}
export type LoginGroupField = keyof LoginGroupFormValues;

export const emptyLoginGroupForm = (): LoginGroupFormValues => ({ name: '', description: '' });
export const loginGroupFormOf = (g: LoginGroup): LoginGroupFormValues => ({ name: g.name, description: g.description });
export const loginGroupInputOf = (v: LoginGroupFormValues): LoginGroupInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
});

/** Only what changed. */
export function loginGroupPatchOf(before: LoginGroup, v: LoginGroupFormValues): LoginGroupPatch {
  const input = loginGroupInputOf(v);
  const patch: LoginGroupPatch = {};
  if (input.name !== before.name) patch.name = input.name;
  if (input.description !== before.description) patch.description = input.description;
  return patch;
}

/** Name required (at most 100), description at most 500: the contract's bounds. */
export function validateLoginGroupForm(v: LoginGroupFormValues): Partial<Record<LoginGroupField, FieldError>> {
  const errors: Partial<Record<LoginGroupField, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = fieldError('required');
  else if (name.length > 100) errors.name = fieldError('maxLength', { max: 100 });
  if (v.description.trim().length > 500) errors.description = fieldError('maxLength', { max: 500 });
  return errors;
}

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
