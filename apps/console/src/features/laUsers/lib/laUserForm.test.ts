import type { LaUser } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  emptyLaUserForm,
  laUserCreateForm,
  laUserFormOf,
  laUserInputOf,
  laUserPatchOf,
  laUserQueryOf,
  laUserUpdateForm,
} from './laUserForm';

const member = { id: 'm1', username: 'mario.rossi', full_name: 'Mario Rossi' };
const typed = { generated: false, autologon: true };
const generated = { generated: true, autologon: false };
const stored: LaUser = {
  id: 'u1',
  member,
  loginGroup: { id: 'lg1', name: 'Finance' },
  username: 'mrossi',
  password_generated: false,
  password_changed_at: '2030-01-01T00:00:00Z',
  autologon: false,
  created_at: '2030-01-01T00:00:00Z',
};

describe('la user form', () => {
  it('asks for the password twice, matching, unless the server generates it', async () => {
    const v = { ...emptyLaUserForm(member, 'lg1'), username: 'mrossi', password: 'a', confirm: 'b' };
    expect((await resolveForm(laUserCreateForm(typed), v)).errors).toEqual({ confirm: message('passwordsMatch') });
    expect((await resolveForm(laUserCreateForm(typed), { ...v, password: '', confirm: '' })).errors).toEqual({
      password: message('required'),
    });
    expect((await resolveForm(laUserCreateForm(generated), { ...v, password: '', confirm: '' })).errors).toEqual({});
  });

  it('requires a member, a login group and a username, within the contract bounds', async () => {
    expect((await resolveForm(laUserCreateForm(generated), emptyLaUserForm())).errors).toEqual({
      memberId: message('required'),
      loginGroupId: message('required'),
      username: message('required'),
    });
    const long = { ...emptyLaUserForm(member, 'lg1'), username: 'u'.repeat(201), password: 'p'.repeat(201) };
    expect((await resolveForm(laUserCreateForm(typed), { ...long, confirm: long.password })).errors).toEqual({
      username: message('maxLength', { max: 200 }),
      password: message('maxLength', { max: 200 }),
    });
  });

  it('sends no password when generated, and autologon only when allowed', () => {
    const v = { ...emptyLaUserForm(member, 'lg1'), username: ' mrossi ', password: 'p', confirm: 'p', autologon: true };
    expect(laUserInputOf(v, typed)).toEqual({
      memberId: 'm1',
      loginGroupId: 'lg1',
      username: 'mrossi',
      password: 'p',
      autologon: true,
    });
    expect(laUserInputOf(v, generated)).toEqual({
      memberId: 'm1',
      loginGroupId: 'lg1',
      username: 'mrossi',
      autologon: false,
    });
  });

  it('edits only what changed; the password only when replaced or regenerated', async () => {
    const v = laUserFormOf(stored);
    expect(v.password).toBe('');
    expect(laUserPatchOf(stored, v, typed)).toEqual({});
    expect(laUserPatchOf(stored, { ...v, username: 'mr' }, typed)).toEqual({ username: 'mr' });
    expect(laUserPatchOf(stored, { ...v, passwordAction: 'replace', password: 'n', confirm: 'n' }, typed)).toEqual({
      password: 'n',
    });
    expect(laUserPatchOf(stored, { ...v, passwordAction: 'generate' }, typed)).toEqual({ generatePassword: true });
    // Editing asks for no password while it is kept, and one when it is replaced.
    expect((await resolveForm(laUserUpdateForm(stored, typed), v)).errors).toEqual({});
    expect((await resolveForm(laUserUpdateForm(stored, typed), { ...v, passwordAction: 'replace' })).errors).toEqual({
      password: message('required'),
    });
    expect((await resolveForm(laUserUpdateForm(stored, typed), { ...v, username: ' ' })).errors).toEqual({
      username: message('required'),
    });
  });

  it('queries the applied filters', () => {
    expect(laUserQueryOf({ login_group_id: 'lg1', autologon: true }, '')).toEqual({
      login_group_id: 'lg1',
      autologon: true,
    });
    expect(laUserQueryOf({ login_group_id: null, autologon: null }, ' ma ')).toEqual({ search: 'ma' });
  });
});
