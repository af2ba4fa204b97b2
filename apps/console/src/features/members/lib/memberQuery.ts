import type { GridSortModel } from '@mui/x-data-grid';
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { MemberQuery } from '../api/membersApi';

export const NO_GROUP = 'none';

/** Drawer filters of the members page; labels are translation keys, options are shown as given. */
export function memberFilterDefinitions(
  groupNames: string[],
  typeLabels: readonly string[] = CREDENTIAL_TYPES,
): FilterDefinition[] {
  return [
    { type: 'multiSearch', key: 'group', label: 'members.filters.group', options: groupNames },
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
    {
      type: 'multiSearch',
      key: 'credential_types',
      label: 'members.filters.credentialTypes',
      options: [...typeLabels],
    },
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

const norm = (s: string) => s.trim().toLowerCase();

/** A typed credential kind: its code or its label (any case); unknown texts are dropped. */
export function credentialTypeOf(
  text: string,
  labels: Partial<Record<CredentialType, string>> = {},
): CredentialType | null {
  const n = norm(text);
  for (const type of CREDENTIAL_TYPES) {
    if (norm(type) === n || (labels[type] && norm(labels[type]) === n)) return type;
  }
  return null;
}

/**
 * Applied drawer filters, the search box and the grid sort as the users/ query.
 * Several groups select members of any of them; names that match no group are ignored.
 */
export function memberQueryOf(
  applied: FilterValues,
  options: {
    search?: string;
    sort?: GridSortModel;
    groups?: { id: string; name: string }[];
    typeLabels?: Partial<Record<CredentialType, string>>;
    noGroupLabel?: string;
  } = {},
): MemberQuery {
  const q: MemberQuery = {};
  const search = options.search?.trim();
  if (search) q.search = search;
  const ordering = orderingOf(options.sort ?? []);
  if (ordering) q.ordering = ordering;

  const group = applied.group;
  const names = Array.isArray(group) ? group : typeof group === 'string' && group ? [group] : [];
  if (names.length) {
    const ids = names.map((name) =>
      options.noGroupLabel && norm(name) === norm(options.noGroupLabel)
        ? NO_GROUP
        : options.groups?.find((g) => norm(g.name) === norm(name))?.id,
    );
    const known = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    // Names that match no group select nobody rather than everybody.
    q.group = known.length ? known.join(',') : 'unknown';
  }
  for (const key of ['enrolled', 'blocked'] as const) {
    const v = applied[key];
    if (v === 'true' || v === 'false') q[key] = v;
  }
  for (const key of ['created_after', 'created_before'] as const) {
    const v = applied[key];
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) q[key] = v;
  }
  const types = applied.credential_types;
  if (Array.isArray(types)) {
    const codes = [...new Set(types.map((t) => credentialTypeOf(t, options.typeLabels)).filter((t) => t !== null))];
    if (codes.length) q.credential_types = codes.join(',');
  }
  return q;
}
