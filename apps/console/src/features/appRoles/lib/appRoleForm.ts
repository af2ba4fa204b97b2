import {
  type AppRole,
  type AppRoleInput,
  appRoleInputSchema,
  type FieldError,
  type RadiusAttribute,
  radiusAttributeError,
} from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { QueryOf } from '../../../lib/api/client';

/** The create/edit form; an empty id is "not chosen yet". */
export interface AppRoleFormValues {
  displayName: string;
  applicationId: string;
  groupId: string;
  flowId: string;
  /** A RADIUS application's reply attributes; sent empty for any other application. */
  radiusAttributes: RadiusAttribute[];
}
export type AppRoleField = keyof AppRoleFormValues;

export const emptyAppRoleForm = (): AppRoleFormValues => ({
  displayName: '',
  applicationId: '',
  groupId: '',
  flowId: '',
  radiusAttributes: [],
});

export const appRoleFormOf = (r: AppRole): AppRoleFormValues => ({
  displayName: r.displayName,
  applicationId: r.application.id,
  groupId: r.group.id,
  flowId: r.flow.id,
  radiusAttributes: r.radiusAttributes,
});

export const appRoleInputOf = (v: AppRoleFormValues): AppRoleInput => ({
  displayName: v.displayName.trim(),
  applicationId: v.applicationId,
  groupId: v.groupId,
  flowId: v.flowId,
  radiusAttributes: v.radiusAttributes.map((a) => ({ name: a.name, value: a.value.trim() })),
});

/** Each reply attribute's value against its type (the server checks the same). */
export function radiusAttributeErrors(input: AppRoleInput): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  input.radiusAttributes.forEach((a, i) => {
    const e = radiusAttributeError(a);
    if (e) errors[`radiusAttributes.${i}.value`] = e;
  });
  return errors;
}

/** The form over the contract's body: every field required, the display name bounded, the attributes typed. */
export const appRoleForm = { schema: appRoleInputSchema, toInput: appRoleInputOf, rules: radiusAttributeErrors };

export interface AppRoleFilterOptions {
  applications: FilterOption[];
  groups: FilterOption[];
  flows: FilterOption[];
}

/**
 * The drawer's filters: application, configuration group and flow, each picked by name and held
 * as an id. The server filters on one id of each, so each is a single choice.
 */
export const appRoleFilterDefinitions = (o: AppRoleFilterOptions): FilterDefinition[] => [
  { type: 'select', key: 'application_id', label: 'appRoles.columns.application', options: o.applications },
  { type: 'select', key: 'group_id', label: 'appRoles.columns.group', options: o.groups },
  { type: 'select', key: 'flow_id', label: 'appRoles.columns.flow', options: o.flows },
];

/** The list's filters, as app-roles/ declares them. */
export type AppRoleQuery = Omit<QueryOf<'/api/v1/app-roles/'>, 'page' | 'page_size'>;

export function appRoleQueryOf(applied: FilterValues, search: string): AppRoleQuery {
  const q: AppRoleQuery = {};
  if (search.trim()) q.search = search.trim();
  for (const key of ['application_id', 'group_id', 'flow_id'] as const) {
    const v = applied[key];
    if (typeof v === 'string' && v) q[key] = v;
  }
  return q;
}
