import {
  LA_APP_KINDS,
  type LaApp,
  type LaAppInput,
  type LaAppKind,
  type LaAppPatch,
  laAppFieldErrors,
  laAppInputSchema,
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
export function laAppPatchOf(before: LaApp, input: LaAppInput): LaAppPatch {
  const patch: LaAppPatch = {};
  if (input.name !== before.name) patch.name = input.name;
  if (input.kind !== before.kind) patch.kind = input.kind;
  if (input.target !== before.target) patch.target = input.target;
  if (input.profileId !== before.profileId) patch.profileId = input.profileId;
  return patch;
}

/** The form over the contract: name and target required and bounded, the target fit to the kind. */
export const laAppForm = { schema: laAppInputSchema, toInput: laAppInputOf, rules: laAppFieldErrors };

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
