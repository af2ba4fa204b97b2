import {
  type FieldError,
  fieldError,
  LA_PASSWORD_MAX,
  type LaUser,
  type LaUserInput,
  type LaUserPatch,
} from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { PickedMember } from '../../../components/members/MemberPicker';
import type { LaUserQuery } from '../api/laUsersApi';

/** On edit: keep the stored password, type a new one, or have the server generate one. */
export type PasswordAction = 'keep' | 'replace' | 'generate';

export interface LaUserFormValues {
  member: PickedMember | null;
  loginGroupId: string;
  username: string;
  password: string;
  confirm: string;
  autologon: boolean;
  passwordAction: PasswordAction;
}
export type LaUserField = Exclude<keyof LaUserFormValues, 'passwordAction'>;

/** What the customer's la settings decide for the form. */
export interface LaRules {
  /** The server generates every password: no password field. */
  generated: boolean;
  /** Autologon is allowed. */
  autologon: boolean;
}

export const emptyLaUserForm = (member: PickedMember | null = null, loginGroupId = ''): LaUserFormValues => ({
  member,
  loginGroupId,
  username: '',
  password: '',
  confirm: '',
  autologon: false,
  passwordAction: 'keep',
});

/** The password is never part of the answer: an edit starts with none. */
export const laUserFormOf = (u: LaUser): LaUserFormValues => ({
  ...emptyLaUserForm(u.member, u.loginGroup.id),
  username: u.username,
  autologon: u.autologon,
});

/** A password is typed (twice, matching) for a new credential unless generated, and when replacing one. */
export const typesPassword = (v: LaUserFormValues, rules: LaRules, editing: boolean) =>
  !rules.generated && (editing ? v.passwordAction === 'replace' : true);

export function validateLaUserForm(
  v: LaUserFormValues,
  rules: LaRules,
  editing: boolean,
): Partial<Record<LaUserField, FieldError>> {
  const errors: Partial<Record<LaUserField, FieldError>> = {};
  if (!v.member) errors.member = fieldError('required');
  if (!v.loginGroupId) errors.loginGroupId = fieldError('required');
  const username = v.username.trim();
  if (!username) errors.username = fieldError('required');
  else if (username.length > 200) errors.username = fieldError('maxLength', { max: 200 });
  if (typesPassword(v, rules, editing)) {
    if (!v.password) errors.password = fieldError('required');
    else if (v.password.length > LA_PASSWORD_MAX) errors.password = fieldError('maxLength', { max: LA_PASSWORD_MAX });
    if (v.confirm !== v.password) errors.confirm = fieldError('passwordsMatch');
  }
  return errors;
}

export function laUserInputOf(v: LaUserFormValues, rules: LaRules): LaUserInput {
  return {
    memberId: v.member?.id ?? '',
    loginGroupId: v.loginGroupId,
    username: v.username.trim(),
    ...(rules.generated ? {} : { password: v.password }),
    autologon: rules.autologon && v.autologon,
  };
}

/** Only what changed; the password only when replaced or regenerated. */
export function laUserPatchOf(before: LaUser, v: LaUserFormValues, rules: LaRules): LaUserPatch {
  const patch: LaUserPatch = {};
  if (v.loginGroupId !== before.loginGroup.id) patch.loginGroupId = v.loginGroupId;
  if (v.username.trim() !== before.username) patch.username = v.username.trim();
  if (v.autologon !== before.autologon) patch.autologon = v.autologon;
  if (v.passwordAction === 'generate') patch.generatePassword = true;
  if (v.passwordAction === 'replace' && !rules.generated) patch.password = v.password;
  return patch;
}

/** The drawer's filters: one login group (an id), and "with autologon only". */
export const laUserFilterDefinitions = (loginGroups: FilterOption[]): FilterDefinition[] => [
  { type: 'select', key: 'login_group_id', label: 'laUsers.filters.loginGroup', options: loginGroups },
  { type: 'boolean', key: 'autologon', label: 'laUsers.filters.autologon' },
];

export function laUserQueryOf(applied: FilterValues, search: string): LaUserQuery {
  const q: LaUserQuery = {};
  if (search.trim()) q.search = search.trim();
  const group = applied.login_group_id;
  if (typeof group === 'string' && group) q.login_group_id = group;
  if (applied.autologon === true) q.autologon = true;
  return q;
}
