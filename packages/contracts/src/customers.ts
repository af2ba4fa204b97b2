/** Customer access info and the current staff account (spec sections 3, 6). */
import { z } from 'zod';
import { USER_TYPES } from './constants.ts';

export const customerAccessSchema = z.object({ id: z.string(), name: z.string(), la_enabled: z.boolean() });
export type CustomerAccess = z.infer<typeof customerAccessSchema>;

export const customerSchema = customerAccessSchema.extend({
  licenses: z.number().int(),
  license_expiration: z.string().nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

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
