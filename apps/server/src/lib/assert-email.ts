/** The mail-address check of staff forms (manager users, a new customer's first manager). */
import { EMAIL_PATTERN, type FieldError, fieldError } from '@portiere/contracts';
import { validationError } from './errors.ts';

/** 400 on `field` unless `email` looks like an address (the members' pattern). */
export function assertEmail(field: string, email: string): void {
  const errors: Record<string, FieldError> = {};
  if (!email) errors[field] = fieldError('required');
  else if (!EMAIL_PATTERN.test(email)) errors[field] = fieldError('email');
  if (Object.keys(errors).length) throw validationError(errors);
}
