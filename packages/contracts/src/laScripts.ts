/**
 * A customer's login-assistant scripts (spec section 2, /customer-view/script/:id): files the
 * reseller uploads for the customer's login assistants. Only for customers with the login
 * assistant (la_enabled); otherwise every call answers 403 laDisabled.
 *
 * Calls (reseller users, for their own customers only; another reseller's ids answer 404):
 * - `GET customers/{id}/scripts/` (paging, `search` on the name) → `{count, items}`;
 * - `POST customers/{id}/scripts/` multipart: `file`, `version` → the script;
 * - `GET customers/{id}/scripts/{scriptId}/download/` → the bytes as an attachment, with its
 *   SHA-256 in the `Digest`-like header `X-Content-SHA256`;
 * - `DELETE customers/{id}/scripts/{scriptId}/` → 204.
 */
import { z } from 'zod';
import { dayParam, integerParam } from './lists.ts';

/** Largest accepted script, in bytes. */
export const SCRIPT_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Accepted file types, by extension AND content: text scripts must be UTF-8 text without NUL
 * bytes; a .zip must start with a zip header.
 */
export const SCRIPT_EXTENSIONS = ['.js', '.ps1', '.vbs', '.py', '.json', '.xml', '.txt', '.zip'] as const;
export const SCRIPT_NAME_MAX = 200;
export const SCRIPT_VERSION_MAX = 50;

export const laScriptSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  /** Bytes. */
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  /** Username of the reseller user who uploaded it. */
  uploaded_by: z.string(),
});
export type LaScript = z.infer<typeof laScriptSchema>;

export const laScriptListQuerySchema = z.object({
  page: integerParam(),
  page_size: integerParam(),
  search: z.string().max(200).optional(),
  /** Days the scripts were uploaded (uploaded_before inclusive). */
  uploaded_after: dayParam,
  uploaded_before: dayParam,
});
