/**
 * The authentication context classes the provider advertises, and how an authorization request
 * asks for one. What a sign-in proved (amr, acr) is the sign-in engine's (signIn/factors.ts).
 */
import { ACR_MULTI_FACTOR, ACR_SINGLE_FACTOR } from '@portiere/contracts';

export const ACR_VALUES = [ACR_SINGLE_FACTOR, ACR_MULTI_FACTOR] as const;

/**
 * Whether an authorization request's `acr_values` accept only the multi-factor class: then a
 * single-factor session is not enough, and a single-factor sign-in ends in an error. Values we do
 * not know are ignored, as acr_values are voluntary.
 */
export function requiresMultiFactor(acrValues: unknown): boolean {
  if (typeof acrValues !== 'string') return false;
  const asked = acrValues.split(' ').filter((v) => (ACR_VALUES as readonly string[]).includes(v));
  return asked.length > 0 && asked.every((v) => v === ACR_MULTI_FACTOR);
}
