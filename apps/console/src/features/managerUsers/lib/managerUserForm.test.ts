import { type ManagerUser, managerUserCreateSchema, managerUserUpdateSchema } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  emailChangeForm,
  emptyManagerUserForm,
  managerUserCreateForm,
  managerUserCreateOf,
  managerUserFormOf,
  managerUserPatchOf,
  managerUserQueryOf,
  managerUserUpdateForm,
  statusOf,
} from './managerUserForm';

const ana: ManagerUser = {
  id: 'm1',
  email: 'ana@acme.example',
  pending_email: null,
  scopes: ['members:read', 'audit:read'],
  expiration: '2031-01-01T10:00:00.000Z',
  has_api_key: true,
  blocked: false,
  must_change_password: false,
  created_at: '2030-01-01T00:00:00.000Z',
  license_expiration: '2030-06-30',
};

describe('manager user form', () => {
  it('asks a new user for a valid email, not an edited one; an expiration must be a moment', async () => {
    const created = async (email: string) =>
      (await resolveForm(managerUserCreateForm, { ...emptyManagerUserForm(), email })).errors;
    expect((await created('')).email).toBe(message('required'));
    expect((await created('ana@acme')).email).toBe(message('email'));
    expect((await created(`${'a'.repeat(250)}@acme.example`)).email).toBe(message('maxLength', { max: 254 }));
    expect((await resolveForm(managerUserUpdateForm, { ...managerUserFormOf(ana), email: '' })).errors).toEqual({});
    expect(
      (await resolveForm(managerUserUpdateForm, { ...managerUserFormOf(ana), expiration: 'not a date' })).errors,
    ).toEqual({ expiration: message('invalid') });
  });

  it('asks a changed address to be a valid one', async () => {
    expect((await resolveForm(emailChangeForm, { email: ' ' })).errors).toEqual({ email: message('required') });
    expect((await resolveForm(emailChangeForm, { email: 'ana@' })).errors).toEqual({ email: message('email') });
    expect((await resolveForm(emailChangeForm, { email: ' Ana@Acme.example ' })).input).toEqual({
      email: 'ana@acme.example',
    });
  });

  it('creates with the scopes in the catalogue’s order', async () => {
    const { input } = await resolveForm(managerUserCreateForm, {
      email: ' Ana@Acme.example ',
      scopes: ['audit:read', 'members:read'],
      expiration: null,
    });
    expect(input).toEqual({ email: 'ana@acme.example', scopes: ['members:read', 'audit:read'], expiration: null });
    expect(managerUserCreateSchema.safeParse(managerUserCreateOf(emptyManagerUserForm())).success).toBe(true);
  });

  it('patches only what changed: scopes as a set, the expiration as a moment', () => {
    const form = managerUserFormOf(ana);
    expect(managerUserPatchOf(ana, { ...form, scopes: ['audit:read', 'members:read'] })).toEqual({});
    expect(managerUserPatchOf(ana, { ...form, expiration: '2031-01-01T11:00:00+01:00' })).toEqual({});
    const patch = managerUserPatchOf(ana, { ...form, scopes: [...form.scopes, 'members:write'] });
    expect(patch).toEqual({ scopes: ['members:read', 'members:write', 'audit:read'] });
    expect(managerUserUpdateSchema.safeParse(patch).success).toBe(true);
    expect(managerUserPatchOf(ana, { ...form, expiration: null })).toEqual({ expiration: null });
  });

  it('shows blocked before a password still to change', () => {
    expect(statusOf(ana)).toBe('active');
    expect(statusOf({ ...ana, must_change_password: true })).toBe('mustChangePassword');
    expect(statusOf({ ...ana, must_change_password: true, blocked: true })).toBe('blocked');
  });

  it('queries the search of the filters drawer, trimmed, and nothing for an empty one', () => {
    expect(managerUserQueryOf({ search: '  ana ' })).toEqual({ search: 'ana' });
    expect(managerUserQueryOf({ search: ' ' })).toEqual({});
    expect(managerUserQueryOf({})).toEqual({});
  });
});
