/**
 * The access token's claims (spec section 7), read without zod: the console reads a stored token
 * before its sign-in page paints, and zod's core module, shared by every page's chunks, would
 * come into that page's first chunk with all that any page uses of it (issue 35). The server
 * reads verified tokens with the same function.
 */
import { USER_TYPES, type UserType } from './constants.ts';

export interface TokenClaims {
  user_type: UserType;
  customer_id?: string;
  reseller_id?: string;
  user_username: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const isOptionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

/** The claims of a decoded token payload (other claims left out), or null when one is missing or mistyped. */
export function readTokenClaims(payload: unknown): TokenClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { user_type, customer_id, reseller_id, user_username, exp } = payload as Record<string, unknown>;
  if (!USER_TYPES.some((t) => t === user_type)) return null;
  if (!isOptionalString(customer_id) || !isOptionalString(reseller_id)) return null;
  if (typeof user_username !== 'string' || typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return {
    user_type: user_type as UserType,
    ...(customer_id === undefined ? {} : { customer_id }),
    ...(reseller_id === undefined ? {} : { reseller_id }),
    user_username,
    exp,
  };
}
