import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  EMAIL_PATTERN,
  type FieldError,
  fieldError,
  type ManagerUser,
  type ManagerUserCreate,
  type ManagerUserUpdate,
} from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { TranslationKey } from '../../../lib/i18n/keys';
import type { ManagerUserQuery } from '../api/managerUsersApi';

const EMAIL_MAX = 254;

/** Readable labels of the API key scopes (translation keys cannot hold the scopes' colons). */
export const SCOPE_LABELS: Record<ApiKeyScope, TranslationKey> = {
  'members:read': 'managerUsers.scopes.membersRead',
  'members:write': 'managerUsers.scopes.membersWrite',
  'credentials:write': 'managerUsers.scopes.credentialsWrite',
  'settings:read': 'managerUsers.scopes.settingsRead',
  'settings:write': 'managerUsers.scopes.settingsWrite',
  'audit:read': 'managerUsers.scopes.auditRead',
};

export interface ManagerUserFormValues {
  /** Only when creating; an address changes through its own confirmed flow. */
  email: string;
  scopes: ApiKeyScope[];
  /** ISO date-time of the API key's end, or null for none. */
  expiration: string | null;
}
export type ManagerUserField = keyof ManagerUserFormValues;

export const emptyManagerUserForm = (): ManagerUserFormValues => ({ email: '', scopes: [], expiration: null });

export const managerUserFormOf = (u: ManagerUser): ManagerUserFormValues => ({
  email: u.email,
  scopes: [...u.scopes],
  expiration: u.expiration,
});

/** Scopes in the catalogue's order, each once: the order of the checkboxes. */
export const orderedScopes = (scopes: readonly ApiKeyScope[]): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((s) => scopes.includes(s));

export function emailError(email: string): FieldError | null {
  const v = email.trim();
  if (!v) return fieldError('required');
  if (v.length > EMAIL_MAX) return fieldError('maxLength', { max: EMAIL_MAX });
  if (!EMAIL_PATTERN.test(v)) return fieldError('email');
  return null;
}

/** The email when creating; an expiration must be a real moment (a past one is allowed: it ends the key). */
export function validateManagerUserForm(
  v: ManagerUserFormValues,
  creating: boolean,
): Partial<Record<ManagerUserField, FieldError>> {
  const errors: Partial<Record<ManagerUserField, FieldError>> = {};
  if (creating) {
    const e = emailError(v.email);
    if (e) errors.email = e;
  }
  if (v.expiration !== null && Number.isNaN(Date.parse(v.expiration))) errors.expiration = fieldError('invalid');
  return errors;
}

export const managerUserCreateOf = (v: ManagerUserFormValues): ManagerUserCreate => ({
  email: v.email.trim().toLowerCase(),
  scopes: orderedScopes(v.scopes),
  expiration: v.expiration,
});

const sameMoment = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/** An edit sends only what changed: scopes compared as sets, expirations as moments. */
export function managerUserPatchOf(before: ManagerUser, v: ManagerUserFormValues): ManagerUserUpdate {
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
