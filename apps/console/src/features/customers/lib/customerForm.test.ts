import type { Customer } from '@portiere/contracts';
import { customerCreateSchema, customerUpdateSchema } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import {
  customerCreateOf,
  customerFormOf,
  customerPatchOf,
  emptyCustomerForm,
  validateCustomerForm,
} from './customerForm';

const acme: Customer = {
  id: 'c1',
  name: 'Acme',
  la_enabled: true,
  domain: 'acme.example',
  licenses: 250,
  license_expiration: '2030-06-30',
  created_at: '2029-01-01T00:00:00.000Z',
  members_count: 204,
  manager_users_count: 2,
};

describe('customer form', () => {
  it('asks for a name, a number of licences and the first manager’s valid email', () => {
    const errors = validateCustomerForm({ ...emptyCustomerForm(), licenses: '' }, true);
    expect(errors.name?.key).toBe('required');
    expect(errors.licenses?.key).toBe('required');
    expect(errors.managerEmail?.key).toBe('required');
    const typed = validateCustomerForm(
      { ...emptyCustomerForm(), name: 'Initech', licenses: '12a', managerEmail: 'boss@' },
      true,
    );
    expect(typed.licenses?.key).toBe('onlyNumbers');
    expect(typed.managerEmail?.key).toBe('email');
    expect(validateCustomerForm({ ...emptyCustomerForm(), name: 'x', licenses: '99999999' }, false).licenses).toEqual(
      expect.objectContaining({ key: 'range', params: { min: 0, max: 10_000_000 } }),
    );
  });

  it('does not ask an edited customer for a manager email', () => {
    expect(validateCustomerForm(customerFormOf(acme), false)).toEqual({});
  });

  it('creates with trimmed values the contract accepts', () => {
    const input = customerCreateOf({
      name: ' Initech ',
      domain: ' initech.example ',
      licenses: '40',
      licenseExpiration: '2031-01-31',
      laEnabled: true,
      managerEmail: ' Boss@Initech.example ',
    });
    expect(input).toEqual({
      name: 'Initech',
      domain: 'initech.example',
      licenses: 40,
      license_expiration: '2031-01-31',
      la_enabled: true,
      manager_email: 'boss@initech.example',
    });
    expect(customerCreateSchema.safeParse(input).success).toBe(true);
  });

  it('patches only the fields that changed', () => {
    const form = customerFormOf(acme);
    expect(customerPatchOf(acme, form)).toEqual({});
    expect(customerPatchOf(acme, { ...form, licenses: '300' })).toEqual({ licenses: 300 });
    const patch = customerPatchOf(acme, { ...form, licenseExpiration: null, laEnabled: false });
    expect(patch).toEqual({ license_expiration: null, la_enabled: false });
    expect(customerUpdateSchema.safeParse(patch).success).toBe(true);
  });

  it('reads a date-time licence expiration as its day, unchanged', () => {
    const withTime = { ...acme, license_expiration: '2030-06-30T00:00:00.000Z' };
    expect(customerPatchOf(withTime, customerFormOf(withTime))).toEqual({});
  });
});
