import type { z } from 'zod';
import { ERRORS, type ErrorCode, type FieldError, fieldError, VALIDATION, type ValidationKey } from './errors.ts';

type Issue = z.core.$ZodRawIssue | z.core.$ZodIssue;

type Bounded = { minValue?: number | null; maxValue?: number | null };

/** The bounds a number schema declares (a bare .int() reports the safe-integer ones: not declared). */
function declaredRange(issue: Issue): { min: number; max: number } | null {
  const raw = issue as { schema?: Bounded; inst?: Bounded };
  const schema = raw.schema ?? raw.inst;
  const { minValue: min, maxValue: max } = schema ?? {};
  const declared = (n: number | null | undefined): n is number =>
    typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  return declared(min) && declared(max) ? { min, max } : null;
}

/** A number outside the contract's bounds, or no number where the contract bounds one: "range". */
function numberRange(issue: Issue): { min: number; max: number } | null {
  const aNumber =
    issue.code === 'invalid_type'
      ? (issue.expected === 'number' || issue.expected === 'int') && issue.input != null
      : (issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number';
  return aNumber ? declaredRange(issue) : null;
}

const isValidationKey = (key: unknown): key is ValidationKey =>
  typeof key === 'string' && Object.hasOwn(VALIDATION, key);

/**
 * A rule that refuses a value with an error of the catalogue (spec 8) rather than a validation
 * message names it with `params: { code, ...params }` (a chosen file's scriptType): its code and
 * params, else null.
 */
export function issueErrorCode(issue: Issue): { code: ErrorCode; params: Record<string, string | number> } | null {
  const { code, ...params } = (issue as { params?: Record<string, string | number> }).params ?? {};
  return issue.code === 'custom' && typeof code === 'string' && Object.hasOwn(ERRORS, code)
    ? { code: code as ErrorCode, params }
    : null;
}

/**
 * The one mapping from a contract schema's zod issue to the spec's validation message (spec 5):
 * an empty text or list is "required", a text over its bound "maxLength", a rule the contract
 * names with `params: { key }` that key. The console's forms and the server (a multipart upload's
 * fields, fieldErrorsOf) say the same for the same input.
 */
export function issueFieldError(issue: Issue): FieldError {
  const { key, ...params } = (issue as { params?: Record<string, string | number> }).params ?? {};
  if (issue.code === 'custom' && isValidationKey(key)) {
    return fieldError(key, Object.keys(params).length ? params : undefined);
  }
  const range = numberRange(issue);
  if (range) return fieldError('range', range);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) > 1)
        return fieldError('minLength', { min: Number(issue.minimum) });
      return issue.origin === 'string' || issue.origin === 'array' ? fieldError('required') : fieldError('invalid');
    case 'too_big':
      return issue.origin === 'string'
        ? fieldError('maxLength', { max: Number(issue.maximum) })
        : fieldError('invalid');
    case 'invalid_type':
    case 'invalid_value':
      // Nothing typed or chosen (an empty select holds '').
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? fieldError('required')
        : fieldError('invalid');
    case 'invalid_format':
      if (issue.format === 'email') return fieldError('email');
      if (issue.format === 'url') return fieldError('url');
      return fieldError('invalid');
    default:
      return fieldError('invalid');
  }
}

/**
 * A value's field errors under a schema, by dotted path (the first per field): each issue through
 * issueFieldError. Raw issues carry their input, which tells an empty value ("required").
 */
export function fieldErrorsOf(schema: z.ZodType, value: unknown): Record<string, FieldError> {
  const found: Record<string, FieldError> = {};
  // zod words the issues as they are read; each is recorded with its whole path.
  void schema.safeParse(value, {
    error: (issue) => {
      const fe = issueFieldError(issue);
      found[(issue.path ?? []).join('.')] ??= fe;
      return fe.message;
    },
  }).error?.issues;
  return found;
}
