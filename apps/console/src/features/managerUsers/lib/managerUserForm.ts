import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  emailChangeSchema,
  type ManagerUser,
  type ManagerUserCreate,
  type ManagerUserUpdate,
  managerUserCreateSchema,
  managerUserUpdateSchema,
  requiredEmailError,
} from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { TranslationKey } from '../../../lib/i18n/keys';
import type { ManagerUserQuery } from '../api/managerUsersApi';

/** Readable labels of the API key scopes (translation keys cannot hold the scopes' colons). */
export const SCOPE_LABELS: Record<ApiKeyScope, TranslationKey> = {
  'members:read': 'managerUsers.scopes.membersRead',
  'members:write': 'managerUsers.scopes.membersWrite',
  'credentials:write': 'managerUsers.scopes.credentialsWrite',
  'settings:read': 'managerUsers.scopes.settingsRead',
  'settings:write': 'managerUsers.scopes.settingsWrite',
  'audit:read': 'managerUsers.scopes.auditRead',
  scim: 'managerUsers.scopes.scim',
};

export interface ManagerUserFormValues {
  /** Only when creating; an address changes through its own confirmed flow. */
  email: string;
  scopes: ApiKeyScope[];
  /** ISO date-time of the API key's end, or null for none. */
  expiration: string | null;
}

export const emptyManagerUserForm = (): ManagerUserFormValues => ({ email: '', scopes: [], expiration: null });

export const managerUserFormOf = (u: ManagerUser): ManagerUserFormValues => ({
  email: u.email,
  scopes: [...u.scopes],
  expiration: u.expiration,
});

/** Scopes in the catalogue's order, each once: the order of the checkboxes. */
export const orderedScopes = (scopes: readonly ApiKeyScope[]): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((s) => scopes.includes(s));

export const managerUserCreateOf = (v: ManagerUserFormValues): ManagerUserCreate => ({
  email: v.email,
  scopes: orderedScopes(v.scopes),
  expiration: v.expiration,
});

/** An address the contract accepts: required, an address, at most its length. */
const emailRules = (v: { email: string }) => {
  const error = requiredEmailError(v.email);
  return error ? { email: error } : {};
};

/** A new manager user: the contract's body and its address rule. */
export const managerUserCreateForm = {
  schema: managerUserCreateSchema,
  toInput: managerUserCreateOf,
  rules: emailRules,
};

/** An edited one: scopes and expiration (a past expiration is allowed: it ends the key). */
export const managerUserUpdateForm = {
  schema: managerUserUpdateSchema,
  toInput: ({ scopes, expiration }: ManagerUserFormValues) => ({ scopes: orderedScopes(scopes), expiration }),
};

/** A new address for a manager user (a confirmation link goes to it). */
export const emailChangeForm = { schema: emailChangeSchema, rules: emailRules };

const sameMoment = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/** An edit sends only what changed: scopes compared as sets, expirations as moments. */
export function managerUserPatchOf(
  before: ManagerUser,
  v: Pick<ManagerUserFormValues, 'scopes' | 'expiration'>,
): ManagerUserUpdate {
  const patch: ManagerUserUpdate = {};
  const scopes = orderedScopes(v.scopes);
  if (scopes.join() !== orderedScopes(before.scopes).join()) patch.scopes = scopes;
  if (!sameMoment(v.expiration, before.expiration)) patch.expiration = v.expiration;
  return patch;
}

/** The status a row shows: blocked first, then a password still to change. */
export type ManagerUserStatus = 'blocked' | 'mustChangePassword' | 'active';
export const statusOf = (u: ManagerUser): ManagerUserStatus =>
  u.blocked ? 'blocked' : u.must_change_password ? 'mustChangePassword' : 'active';

/** The filters drawer's search on the email (the page hides the top bar, so it opens the drawer itself). */
export const MANAGER_USER_FILTERS: FilterDefinition[] = [
  { type: 'search', key: 'search', label: 'managerUsers.filters.search' },
];

export function managerUserQueryOf(applied: FilterValues): ManagerUserQuery {
  const search = typeof applied.search === 'string' ? applied.search.trim() : '';
  return search ? { search } : {};
}
