import type { GridSortModel } from '@mui/x-data-grid';
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { MemberQuery } from '../api/membersApi';

/** The group filter's value for members without a configuration (the server's `group=none`). */
export const NO_GROUP = 'none';

/**
 * Drawer filters of the members page; labels are translation keys. The group and credential
 * filters offer their choices by label but hold ids and codes, so a language switch keeps them.
 */
export function memberFilterDefinitions(
  groupOptions: FilterOption[],
  typeOptions: FilterOption[] = CREDENTIAL_TYPES.map((type) => ({ value: type, label: type })),
): FilterDefinition[] {
  return [
    { type: 'multiSearch', key: 'group', label: 'members.filters.group', options: groupOptions },
    { type: 'triMode', key: 'enrolled', label: 'members.filters.enrolled', secondLabel: 'members.filters.notEnrolled' },
    { type: 'triMode', key: 'blocked', label: 'members.filters.blocked', secondLabel: 'members.filters.notBlocked' },
    {
      type: 'group',
      key: 'created',
      label: 'members.filters.created',
      children: [
        { type: 'date', key: 'created_after', label: 'members.filters.createdAfter' },
        { type: 'date', key: 'created_before', label: 'members.filters.createdBefore' },
      ],
    },
    { type: 'multiSearch', key: 'credential_types', label: 'members.filters.credentialTypes', options: typeOptions },
  ];
}

/** Grid column -> server ordering field; other columns do not sort. */
export const SORT_FIELDS: Record<string, string> = {
  username: 'username',
  full_name: 'last_name',
  email: 'email',
  created_at: 'created_at',
  enrolled: 'enrolled_at',
};

export function orderingOf(sort: GridSortModel): string | undefined {
  const first = sort[0];
  if (!first?.sort) return undefined;
  const field = SORT_FIELDS[first.field];
  if (!field) return undefined;
  return first.sort === 'desc' ? `-${field}` : field;
}

const isCredentialType = (v: string): v is CredentialType => (CREDENTIAL_TYPES as readonly string[]).includes(v);
const list = (v: FilterValues[string]) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);

/** Applied drawer filters (ids and codes), the search box and the grid sort as the users/ query. */
export function memberQueryOf(
  applied: FilterValues,
  options: { search?: string; sort?: GridSortModel } = {},
): MemberQuery {
  const q: MemberQuery = {};
  const search = options.search?.trim();
  if (search) q.search = search;
  const ordering = orderingOf(options.sort ?? []);
  if (ordering) q.ordering = ordering;

  // Several groups select members of any of them; NO_GROUP those without one.
  const groups = [...new Set(list(applied.group))];
  if (groups.length) q.group = groups;
  for (const key of ['enrolled', 'blocked'] as const) {
    const v = applied[key];
    if (v === 'true' || v === 'false') q[key] = v === 'true';
  }
  for (const key of ['created_after', 'created_before'] as const) {
    const v = applied[key];
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) q[key] = v;
  }
  const types = [...new Set(list(applied.credential_types).filter(isCredentialType))];
  if (types.length) q.credential_types = types;
  return q;
}
