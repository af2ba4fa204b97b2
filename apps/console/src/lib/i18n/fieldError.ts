import type { FieldError } from '@portiere/contracts';
import type { TFunction } from 'i18next';

/** A contract FieldError in the user's language (falls back to the server's English text). */
export function fieldErrorMessage(t: TFunction, error: FieldError): string {
  const key = `validation.${error.key}`;
  const text = t(key, error.params ?? {});
  return text && text !== key ? text : error.message;
}
