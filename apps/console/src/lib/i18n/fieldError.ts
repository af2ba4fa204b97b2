import type { FieldError } from '@portiere/contracts';
import type { TFunction } from 'i18next';

/**
 * A contract FieldError in the user's language: `validation.<key>` with the error's params.
 * A key this console does not know yet (a newer server) shows the server's English text.
 */
export function fieldErrorMessage(t: TFunction, error: FieldError): string {
  const key = `validation.${error.key}` as const;
  const text = t(key, error.params ?? {});
  return text && text !== key ? text : error.message;
}
