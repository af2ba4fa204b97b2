import type { MemberDetail } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../../test/contractForm';
import { emptyMemberForm, formValuesOf, memberForm, memberInputOf, memberPatchOf } from './memberForm';

describe('member form', () => {
  it('requires a username and checks email, phone, JSON and identities with the contract rules', async () => {
    const { errors } = await resolveForm(memberForm, {
      ...emptyMemberForm,
      email: 'not-an-email',
      phone_number: '12345',
      extra_info: '{"a":1,"a":2}',
      identities: [{ subject: ' ', issuer: '', validTo: null, microsoft_identity: '' }],
    });
    expect(errors.username).toBe('This field is required.');
    expect(errors.email).toBe('This email address is not valid.');
    expect(errors.phone_number).toBe(
      'The phone number must start with + and a country code, followed by exactly 10 digits.',
    );
    expect(errors.extra_info).toBe('Duplicate JSON key not allowed: a.');
    expect(errors['identities.0.subject']).toBe('This field is required.');
  });

  it('accepts a valid member and sends no group as null', async () => {
    const v = { ...emptyMemberForm, username: ' ann ', phone_number: '+391234567890', extra_info: '{"x":1}' };
    const { errors, input } = await resolveForm(memberForm, v);
    expect(errors).toEqual({});
    expect(input).toEqual(memberInputOf(v));
    expect(memberInputOf(v)).toMatchObject({ username: 'ann', group_id: null, identity_not_valid_after: null });
  });

  it('reads a member back into the form and patches only changes', () => {
    const m = {
      username: 'ann',
      first_name: 'Ann',
      last_name: 'Lee',
      email: '',
      phone_number: '',
      group: { id: 'g1', name: 'Office' },
      extra_info: '',
      identities: [{ subject: 'CN=Ann', issuer: '', validTo: '2030-01-01T00:00:00.000Z', microsoft_identity: '' }],
      identity_not_valid_after: '2031-05-06T00:00:00.000Z',
    } as unknown as MemberDetail;
    const v = formValuesOf(m);
    expect(v.group_id).toBe('g1');
    expect(v.identities[0]?.validTo).toBe('2030-01-01');
    expect(v.identity_not_valid_after).toBe('2031-05-06');
    expect(memberPatchOf(v, memberInputOf({ ...v, last_name: 'Li', group_id: '' }))).toEqual({
      last_name: 'Li',
      group_id: null,
    });
  });
});
