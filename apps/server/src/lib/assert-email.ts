/** The mail-address check of staff forms (manager users, a new customer's first manager). */
import { requiredEmailError } from '@portiere/contracts';
import { validationError } from './errors.ts';

/** 400 on `field` unless `email` looks like an address (the contract's rule, as the console's form). */
export function assertEmail(field: string, email: string): void {
  const error = requiredEmailError(email);
  if (error) throw validationError({ [field]: error });
}
