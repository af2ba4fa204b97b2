/** An API error in the member's language: the code's phrase, else the server's English reason. */
import type { ErrorCode, ValidationKey } from '@portiere/contracts';
import type { ApiError } from './api';
import type { Dictionary } from './i18n/en';
import { fill } from './i18n/fill';

// Every key of the dictionaries is a code the server sends (besides the page's own ones).
type Known<K, Own extends string> = Exclude<K, Own> extends ErrorCode | ValidationKey ? true : never;
const errorKeysAreCodes: Known<keyof Dictionary['errors'], 'network'> = true;
const fieldKeysAreCodes: Known<keyof Dictionary['validation'], 'pinsMatch'> = true;
void errorKeysAreCodes;
void fieldKeysAreCodes;

export function errorMessage(d: Dictionary, err: unknown): string {
  const e = err as Partial<ApiError> | undefined;
  const code = e?.body?.code;
  if (code && code in d.errors) return fill(d.errors[code as keyof Dictionary['errors']], e.body?.params);
  return e?.body?.reason ?? d.errors.generic;
}

/** The message of one field of a 400 answer (`details[field]`), or null. */
export function fieldMessage(d: Dictionary, err: unknown, field: string): string | null {
  const detail = (err as Partial<ApiError> | undefined)?.body?.details?.[field];
  if (!detail) return null;
  const phrase = d.validation[detail.key as keyof Dictionary['validation']];
  return phrase ? fill(phrase, detail.params) : detail.message;
}
