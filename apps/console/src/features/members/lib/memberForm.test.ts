import type { MemberDetail } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { emptyMemberForm, formValuesOf, memberFormErrors, memberInputOf, memberPatchOf } from './memberForm';

describe('member form', () => {
  it('requires a username and checks email, phone, JSON and identities with the contract rules', () => {
    const errors = memberFormErrors({
      ...emptyMemberForm,
      email: 'not-an-email',
      phone_number: '12345',
      extra_info: '{"a":1,"a":2}',
      identities: [{ subject: ' ', issuer: '', validTo: null, microsoft_identity: '' }],
    });
    expect(errors.username?.message).toBe('This field is required.');
    expect(errors.email?.message).toBe('This email address is not valid.');
    expect(errors.phone_number?.key).toBe('phone');
    expect(errors.extra_info?.message).toBe('Duplicate JSON key not allowed: a.');
    expect(errors['identities.0.subject']?.message).toBe('This field is required.');
  });

  it('accepts a valid member and sends no group as null', () => {
    const v = { ...emptyMemberForm, username: ' ann ', phone_number: '+391234567890', extra_info: '{"x":1}' };
    expect(memberFormErrors(v)).toEqual({});
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
    expect(memberPatchOf(v, { ...v, last_name: 'Li', group_id: '' })).toEqual({ last_name: 'Li', group_id: null });
  });
});
