/**
 * A customer's manager users (spec section 3, "Customer and manager user"): the customer's staff
 * accounts (user type CustomerUser), managed by the customer's reseller on /customer-view/:id.
 * Each may hold one API key, which authenticates API calls limited to the key's scopes until its
 * expiration.
 *
 * Calls (reseller users, for their own customers only; another reseller's ids answer 404):
 * - `GET customers/{id}/manager-users/` (paging, `search`) → `{count, results, next_page}`;
 * - `POST customers/{id}/manager-users/` → the new user (a temporary password is mailed);
 * - `PATCH customers/{id}/manager-users/{userId}/` → scopes and expiration (only those sent);
 * - `POST …/{userId}/reset-api-key/` → `{api_key}`, shown once, stored hashed; the old key stops;
 * - `POST …/{userId}/reset-password/` → 204; mails a temporary password, changed at next sign-in;
 * - `POST …/{userId}/change-email/` `{email}` → 202 with the user; a confirmation link
 *   (`{PUBLIC_URL}/confirm-email/<token>`, a public console page) goes to the new address and the
 *   change applies only when it is followed (`POST staff/confirm-email/` `{token}`, public,
 *   single use, expires after EMAIL_CHANGE_TTL_S);
 * - `POST …/{userId}/block/`, `…/unblock/` → the user; a blocked user cannot sign in and its
 *   tokens and API key stop working at once.
 */
import { z } from 'zod';
import { integerParam } from './lists.ts';

/**
 * What an API key may do. A route that declares none of these is closed to API keys (403);
 * `:write` does not imply `:read`.
 */
export const API_KEY_SCOPES = [
  'members:read',
  'members:write',
  'credentials:write',
  'settings:read',
  'settings:write',
  'audit:read',
  /** SCIM 2.0 provisioning at /scim/v2 (scim.ts): the key, sent as a bearer token, creates, changes and removes members and configuration groups. */
  'scim',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The header an API key travels in (never in a URL, never logged). */
export const API_KEY_HEADER = 'X-API-Key';
/** Keys look like `ptk_<22 chars key id>_<43 chars secret>`; the id finds the row, the secret is hashed. */
export const API_KEY_PREFIX = 'ptk_';
/** Calls per minute one API key may make. */
export const API_KEY_RATE_LIMIT_PER_MIN = 300;
/** How long an email change link stays valid. */
export const EMAIL_CHANGE_TTL_S = 24 * 60 * 60;

export const managerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Pending new address of an unconfirmed change, else null. */
  pending_email: z.string().nullable(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** When the API key stops working (ISO date-time), or null for no end. */
  expiration: z.string().nullable(),
  has_api_key: z.boolean(),
  blocked: z.boolean(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  /** The customer's licence expiration (YYYY-MM-DD), shown beside the user. */
  license_expiration: z.string().nullable(),
});
export type ManagerUser = z.infer<typeof managerUserSchema>;

export const managerUserListQuerySchema = z.object({
  page: integerParam(),
  page_size: integerParam(),
  search: z.string().max(200).optional(),
});

export const managerUserCreateSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  scopes: z.array(z.enum(API_KEY_SCOPES)).max(API_KEY_SCOPES.length).default([]),
  expiration: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type ManagerUserCreate = z.input<typeof managerUserCreateSchema>;

export const managerUserUpdateSchema = z
  .object({
    scopes: z.array(z.enum(API_KEY_SCOPES)).max(API_KEY_SCOPES.length),
    expiration: z.iso.datetime({ offset: true }).nullable(),
  })
  .partial();
export type ManagerUserUpdate = z.infer<typeof managerUserUpdateSchema>;

export const apiKeyResetResponseSchema = z.object({ api_key: z.string() });
export type ApiKeyResetResponse = z.infer<typeof apiKeyResetResponseSchema>;

export const emailChangeSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });
export const emailConfirmSchema = z.object({ token: z.string().min(1).max(200) });
