import {
  type FieldError,
  fieldError,
  type LaUser,
  type LaUserInput,
  type LaUserPatch,
  laUserInputSchema,
  laUserPatchSchema,
} from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { PickedMember } from '../../../components/members/MemberPicker';
import type { LaUserQuery } from '../api/laUsersApi';

/** On edit: keep the stored password, type a new one, or have the server generate one. */
export type PasswordAction = 'keep' | 'replace' | 'generate';

export interface LaUserFormValues {
  /** The member picked (shown), and its id (checked and sent). */
  member: PickedMember | null;
  memberId: string;
  loginGroupId: string;
  username: string;
  password: string;
  confirm: string;
  autologon: boolean;
  passwordAction: PasswordAction;
}

/** What the customer's la settings decide for the form. */
export interface LaRules {
  /** The server generates every password: no password field. */
  generated: boolean;
  /** Autologon is allowed. */
  autologon: boolean;
}

export const emptyLaUserForm = (member: PickedMember | null = null, loginGroupId = ''): LaUserFormValues => ({
  member,
  memberId: member?.id ?? '',
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

/** The one rule of the form alone (the API takes the password once): the confirmation matches. */
export const confirmError = (v: Pick<LaUserFormValues, 'password' | 'confirm'>): FieldError | undefined =>
  v.confirm !== v.password ? fieldError('passwordsMatch') : undefined;

const confirmRule = (rules: LaRules, editing: boolean) => (_input: unknown, v: LaUserFormValues) =>
  typesPassword(v, rules, editing) ? { confirm: confirmError(v) } : {};

/** A new credential: the contract's body (member, login group, username, the password unless generated). */
export const laUserCreateForm = (rules: LaRules) => ({
  schema: laUserInputSchema,
  toInput: (v: LaUserFormValues) => laUserInputOf(v, rules),
  rules: confirmRule(rules, false),
});

/** An edited one: the PATCH body of what changed, under the contract's bounds. */
export const laUserUpdateForm = (before: LaUser, rules: LaRules) => ({
  schema: laUserPatchSchema,
  toInput: (v: LaUserFormValues) => laUserPatchOf(before, v, rules),
  rules: confirmRule(rules, true),
});

export function laUserInputOf(v: LaUserFormValues, rules: LaRules): LaUserInput {
  return {
    memberId: v.memberId,
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
