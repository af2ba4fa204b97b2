/** Customer access info and the current staff account (spec sections 3, 6). */
import { z } from 'zod';
import { USER_TYPES } from './constants.ts';
import { pagingQuerySchema, searchParam, yesNoParam } from './lists.ts';

export const customerAccessSchema = z.object({ id: z.string(), name: z.string(), la_enabled: z.boolean() });
export type CustomerAccess = z.infer<typeof customerAccessSchema>;

export const customerSchema = customerAccessSchema.extend({
  /** The customer's domain (its settings' general.domain). */
  domain: z.string(),
  licenses: z.number().int(),
  license_expiration: z.string().nullable(),
  created_at: z.string(),
  /** Members: the licences in use. */
  members_count: z.number().int(),
  manager_users_count: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Bounds of a customer's fields (a reseller creates and edits them). */
export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_LICENSES_MAX = 10_000_000;

const customerFields = {
  name: z.string().trim().min(1).max(CUSTOMER_NAME_MAX),
  domain: z.string().trim().max(253),
  licenses: z.number().int().min(0).max(CUSTOMER_LICENSES_MAX),
  /** A date (YYYY-MM-DD) or null for none. */
  license_expiration: z.iso.date().nullable(),
  la_enabled: z.boolean(),
};

/**
 * `POST customers/` (reseller users): the customer and its first manager user, created together;
 * the manager gets a mail with a temporary password to change at the first sign-in.
 */
export const customerCreateSchema = z.object({
  ...customerFields,
  domain: customerFields.domain.default(''),
  license_expiration: customerFields.license_expiration.default(null),
  la_enabled: customerFields.la_enabled.default(false),
  manager_email: z.string().trim().toLowerCase().max(254),
});
export type CustomerCreate = z.input<typeof customerCreateSchema>;

/** `PATCH customers/{id}/`: only the fields sent change. */
export const customerUpdateSchema = z.object(customerFields).partial();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const meSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  customer: customerAccessSchema.nullable(),
  reseller_id: z.string().nullable(),
  customers: z.array(customerAccessSchema),
});
export type Me = z.infer<typeof meSchema>;

/** customers/ filters (reseller users): the name, and whether the customer has the login assistant. */
export const customerListQuerySchema = pagingQuerySchema.extend({ search: searchParam, la_enabled: yesNoParam });
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
