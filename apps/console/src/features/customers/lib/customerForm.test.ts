import type { Customer, CustomerUpdate } from '@portiere/contracts';
import { customerCreateSchema, customerUpdateSchema } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  type CustomerFormValues,
  customerCreateForm,
  customerFormOf,
  customerPatchOf,
  customerUpdateForm,
  emptyCustomerForm,
} from './customerForm';

const created = (v: CustomerFormValues) => resolveForm(customerCreateForm, v);
const edited = (v: CustomerFormValues) => resolveForm(customerUpdateForm, v);
const updateOf = async (v: CustomerFormValues) => (await edited(v)).input as CustomerUpdate;

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
  it('asks for a name, a number of licences and the first manager’s valid email', async () => {
    const { errors } = await created({ ...emptyCustomerForm(), licenses: '' });
    expect(errors.name).toBe(message('required'));
    expect(errors.licenses).toBe(message('required'));
    expect(errors.manager_email).toBe(message('required'));
    const typed = (await created({ ...emptyCustomerForm(), name: 'Initech', licenses: '12a', manager_email: 'boss@' }))
      .errors;
    expect(typed.licenses).toBe(message('onlyNumbers'));
    expect(typed.manager_email).toBe(message('email'));
    expect((await edited({ ...emptyCustomerForm(), name: 'x', licenses: '99999999' })).errors.licenses).toBe(
      message('range', { min: 0, max: 10_000_000 }),
    );
    expect((await edited({ ...emptyCustomerForm(), name: 'x'.repeat(101) })).errors.name).toBe(
      message('maxLength', { max: 100 }),
    );
    expect((await edited({ ...emptyCustomerForm(), name: 'x', domain: 'd'.repeat(254) })).errors.domain).toBe(
      message('maxLength', { max: 253 }),
    );
    expect((await created({ ...emptyCustomerForm(), manager_email: `${'b'.repeat(250)}@x.example` })).errors).toEqual(
      expect.objectContaining({ manager_email: message('maxLength', { max: 254 }) }),
    );
  });

  it('does not ask an edited customer for a manager email', async () => {
    expect((await edited(customerFormOf(acme))).errors).toEqual({});
  });

  it('creates with trimmed values the contract accepts', async () => {
    const { input } = await created({
      name: ' Initech ',
      domain: ' initech.example ',
      licenses: '40',
      license_expiration: '2031-01-31',
      la_enabled: true,
      manager_email: ' Boss@Initech.example ',
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

  it('patches only the fields that changed', async () => {
    const form = customerFormOf(acme);
    expect(customerPatchOf(acme, await updateOf(form))).toEqual({});
    expect(customerPatchOf(acme, await updateOf({ ...form, licenses: '300' }))).toEqual({ licenses: 300 });
    const patch = customerPatchOf(acme, await updateOf({ ...form, license_expiration: null, la_enabled: false }));
    expect(patch).toEqual({ license_expiration: null, la_enabled: false });
    expect(customerUpdateSchema.safeParse(patch).success).toBe(true);
  });

  it('reads a date-time licence expiration as its day, unchanged', async () => {
    const withTime = { ...acme, license_expiration: '2030-06-30T00:00:00.000Z' };
    expect(customerPatchOf(withTime, await updateOf(customerFormOf(withTime)))).toEqual({});
  });
});
