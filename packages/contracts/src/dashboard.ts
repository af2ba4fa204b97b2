/** Dashboard figures per customer (spec section 2). */
import { z } from 'zod';

const countsByType = z.record(z.string(), z.number().int());
/** How many days of sign-ins the dashboard counts. */
export const DASHBOARD_SIGN_IN_DAYS = 30;
export const customerDashboardSchema = z.object({
  customer: z.object({ id: z.string(), name: z.string() }),
  users: z.object({ total: z.number().int(), enrolled: z.number().int(), blocked: z.number().int() }),
  web_credentials: countsByType,
  workstation_credentials: countsByType,
  recovery_modes: z.object({ active: z.number().int(), total: z.number().int() }),
  /** Sign-ins of the last SIGN_IN_DAYS days (today included), per channel: what the credentials are used for. */
  sign_ins: z.object({
    web: z.object({ success: z.number().int(), failure: z.number().int() }),
    workstation: z.object({ success: z.number().int(), failure: z.number().int() }),
  }),
  licenses: z.object({
    total: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    expiration: z.string().nullable(),
  }),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;
/** A reseller's totals across its customers (absent for customer users). */
export const resellerTotalsSchema = z.object({
  customers: z.number().int(),
  licenses: z.object({ total: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  members: z.number().int(),
  credentials: z.number().int(),
});
export type ResellerTotals = z.infer<typeof resellerTotalsSchema>;
export const dashboardSchema = z.object({
  customers: z.array(customerDashboardSchema),
  totals: resellerTotalsSchema.optional(),
});
