import {
  type FieldError,
  fieldError,
  LA_APP_KINDS,
  type LaApp,
  type LaAppInput,
  type LaAppKind,
  type LaAppPatch,
  laAppFieldErrors,
} from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { LaAppQuery } from '../api/laAppsApi';

export interface LaAppFormValues {
  name: string;
  kind: LaAppKind;
  target: string;
  /** '' for none. */
  profileId: string;
}
export type LaAppField = keyof LaAppFormValues;

export const emptyLaAppForm = (): LaAppFormValues => ({ name: '', kind: 'desktop', target: '', profileId: '' });

export const laAppFormOf = (a: LaApp): LaAppFormValues => ({
  name: a.name,
  kind: a.kind,
  target: a.target,
  profileId: a.profileId ?? '',
});

export const laAppInputOf = (v: LaAppFormValues): LaAppInput => ({
  name: v.name.trim(),
  kind: v.kind,
  target: v.target.trim(),
  profileId: v.profileId || null,
});

/** An edit sends only the fields that changed. */
export function laAppPatchOf(before: LaApp, v: LaAppFormValues): LaAppPatch {
  const input = laAppInputOf(v);
  const patch: LaAppPatch = {};
  if (input.name !== before.name) patch.name = input.name;
  if (input.kind !== before.kind) patch.kind = input.kind;
  if (input.target !== before.target) patch.target = input.target;
  if (input.profileId !== before.profileId) patch.profileId = input.profileId;
  return patch;
}

/** Name and target required; the target must fit the kind (the contract's rule, checked as the user types). */
export function validateLaAppForm(v: LaAppFormValues): Partial<Record<LaAppField, FieldError>> {
  const errors: Partial<Record<LaAppField, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = fieldError('required');
  else if (name.length > 100) errors.name = fieldError('maxLength', { max: 100 });
  if (!v.target.trim()) errors.target = fieldError('required');
  else if (v.target.trim().length > 500) errors.target = fieldError('maxLength', { max: 500 });
  return { ...errors, ...laAppFieldErrors({ kind: v.kind, target: v.target }) };
}

/** The drawer's kind filter: one kind (the server takes one), held as its code. */
export const laAppFilterDefinitions = (kinds: FilterOption[]): FilterDefinition[] => [
  { type: 'select', key: 'kind', label: 'laApps.filters.kind', options: kinds },
];

const isKind = (v: unknown): v is LaAppKind => typeof v === 'string' && (LA_APP_KINDS as readonly string[]).includes(v);

export function laAppQueryOf(applied: FilterValues, search: string): LaAppQuery {
  const q: LaAppQuery = {};
  if (search.trim()) q.search = search.trim();
  if (isKind(applied.kind)) q.kind = applied.kind;
  return q;
}
