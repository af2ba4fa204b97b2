/**
 * The member's own checks of a new password or PIN before sending it, with the customer's bounds
 * (`policy`); the server checks the same and has the last word.
 */
import type { EnrollmentSession } from '@portiere/contracts';
import type { Dictionary } from '../../../lib/i18n/en';
import { fill } from '../../../lib/i18n/fill';

/** As the server bounds `value` (contracts enrollCredentialSchema and the password policy). */
export const PASSWORD_MAX_LENGTH = 128;

export interface SecretErrors {
  value: string | null;
  repeat: string | null;
}

export function checkSecret(
  d: Dictionary,
  kind: 'password' | 'pin',
  policy: EnrollmentSession['policy'],
  value: string,
  repeat: string,
): SecretErrors {
  const v = d.validation;
  let error: string | null = null;
  if (!value) error = v.required;
  else if (kind === 'pin') {
    if (!/^\d+$/.test(value)) error = v.onlyNumbers;
    else if (value.length < policy.pin_min_length || value.length > policy.pin_max_length) {
      error = fill(v.pinLength, { min: policy.pin_min_length, max: policy.pin_max_length });
    }
  } else if (value.length < policy.password_min_length) {
    error = fill(v.minLength, { min: policy.password_min_length });
  } else if (value.length > PASSWORD_MAX_LENGTH) error = fill(v.maxLength, { max: PASSWORD_MAX_LENGTH });
  else if (/^\d+$/.test(value)) error = v.notOnlyNumbers;

  let repeatError: string | null = null;
  if (!repeat) repeatError = v.required;
  else if (repeat !== value) repeatError = kind === 'pin' ? v.pinsMatch : v.passwordsMatch;
  return { value: error, repeat: repeatError };
}
