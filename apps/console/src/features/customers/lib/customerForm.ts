import {
  type Customer,
  type CustomerUpdate,
  customerCreateSchema,
  customerUpdateSchema,
  requiredEmailError,
} from '@portiere/contracts';
import { integerText } from '../../../components/forms/formSchemas';

/** What the new / edit customer dialog holds, named as the API's fields; numbers stay text while typed. */
export interface CustomerFormValues {
  name: string;
  domain: string;
  licenses: string;
  /** YYYY-MM-DD, or null for licences that do not expire. */
  license_expiration: string | null;
  la_enabled: boolean;
  /** Only when creating: the first manager user's address. */
  manager_email: string;
}

export const emptyCustomerForm = (): CustomerFormValues => ({
  name: '',
  domain: '',
  licenses: '0',
  license_expiration: null,
  la_enabled: false,
  manager_email: '',
});

export const customerFormOf = (c: Customer): CustomerFormValues => ({
  name: c.name,
  domain: c.domain,
  licenses: String(c.licenses),
  // The API answers a date; a date-time would carry the same day first.
  license_expiration: c.license_expiration ? c.license_expiration.slice(0, 10) : null,
  la_enabled: c.la_enabled,
  manager_email: '',
});

/** A new customer: the contract's body, licences typed as text, and the manager's address rule. */
export const customerCreateForm = {
  schema: customerCreateSchema.extend({ licenses: integerText(customerCreateSchema.shape.licenses) }),
  rules: (v: CustomerFormValues) => {
    const error = requiredEmailError(v.manager_email);
    return error ? { manager_email: error } : {};
  },
};

/** An edited customer: the PATCH body's bounds on every field shown (no manager email). */
export const customerUpdateForm = {
  schema: customerUpdateSchema.extend({ licenses: integerText(customerCreateSchema.shape.licenses) }),
  toInput: ({ manager_email: _, ...fields }: CustomerFormValues) => fields,
};

/** An edit sends only the fields that changed (PATCH changes only what it is sent). */
export function customerPatchOf(before: Customer, next: CustomerUpdate): CustomerUpdate {
  const was = { ...before, license_expiration: customerFormOf(before).license_expiration };
  const patch: Record<string, unknown> = {};
  for (const key of ['name', 'domain', 'licenses', 'license_expiration', 'la_enabled'] as const) {
    if (next[key] !== undefined && next[key] !== was[key]) patch[key] = next[key];
  }
  return patch as CustomerUpdate;
}
