import {
  CUSTOMER_LICENSES_MAX,
  CUSTOMER_NAME_MAX,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  EMAIL_PATTERN,
  type FieldError,
  fieldError,
} from '@portiere/contracts';

/** What the new / edit customer dialog holds; numbers stay text while typed. */
export interface CustomerFormValues {
  name: string;
  domain: string;
  licenses: string;
  /** YYYY-MM-DD, or null for licences that do not expire. */
  licenseExpiration: string | null;
  laEnabled: boolean;
  /** Only when creating: the first manager user's address. */
  managerEmail: string;
}
export type CustomerField = keyof CustomerFormValues;

const DOMAIN_MAX = 253;
const EMAIL_MAX = 254;

export const emptyCustomerForm = (): CustomerFormValues => ({
  name: '',
  domain: '',
  licenses: '0',
  licenseExpiration: null,
  laEnabled: false,
  managerEmail: '',
});

export const customerFormOf = (c: Customer): CustomerFormValues => ({
  name: c.name,
  domain: c.domain,
  licenses: String(c.licenses),
  // The API answers a date; a date-time would carry the same day first.
  licenseExpiration: c.license_expiration ? c.license_expiration.slice(0, 10) : null,
  laEnabled: c.la_enabled,
  managerEmail: '',
});

/** The contract's bounds, checked before sending; `creating` adds the manager's email. */
export function validateCustomerForm(
  v: CustomerFormValues,
  creating: boolean,
): Partial<Record<CustomerField, FieldError>> {
  const errors: Partial<Record<CustomerField, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = fieldError('required');
  else if (name.length > CUSTOMER_NAME_MAX) errors.name = fieldError('maxLength', { max: CUSTOMER_NAME_MAX });
  if (v.domain.trim().length > DOMAIN_MAX) errors.domain = fieldError('maxLength', { max: DOMAIN_MAX });
  const licenses = v.licenses.trim();
  if (!licenses) errors.licenses = fieldError('required');
  else if (!/^\d+$/.test(licenses)) errors.licenses = fieldError('onlyNumbers');
  else if (Number(licenses) > CUSTOMER_LICENSES_MAX)
    errors.licenses = fieldError('range', { min: 0, max: CUSTOMER_LICENSES_MAX });
  if (v.licenseExpiration !== null && !/^\d{4}-\d{2}-\d{2}$/.test(v.licenseExpiration))
    errors.licenseExpiration = fieldError('invalid');
  if (creating) {
    const email = v.managerEmail.trim();
    if (!email) errors.managerEmail = fieldError('required');
    else if (email.length > EMAIL_MAX) errors.managerEmail = fieldError('maxLength', { max: EMAIL_MAX });
    else if (!EMAIL_PATTERN.test(email)) errors.managerEmail = fieldError('email');
  }
  return errors;
}

const fieldsOf = (v: CustomerFormValues) => ({
  name: v.name.trim(),
  domain: v.domain.trim(),
  licenses: Number(v.licenses.trim()),
  license_expiration: v.licenseExpiration,
  la_enabled: v.laEnabled,
});

export const customerCreateOf = (v: CustomerFormValues): CustomerCreate => ({
  ...fieldsOf(v),
  manager_email: v.managerEmail.trim().toLowerCase(),
});

/** An edit sends only the fields that changed (PATCH changes only what it is sent). */
export function customerPatchOf(before: Customer, v: CustomerFormValues): CustomerUpdate {
  const next = fieldsOf(v);
  const was = customerFormOf(before);
  const patch: CustomerUpdate = {};
  if (next.name !== before.name) patch.name = next.name;
  if (next.domain !== before.domain) patch.domain = next.domain;
  if (next.licenses !== before.licenses) patch.licenses = next.licenses;
  if (next.license_expiration !== was.licenseExpiration) patch.license_expiration = next.license_expiration;
  if (next.la_enabled !== before.la_enabled) patch.la_enabled = next.la_enabled;
  return patch;
}
