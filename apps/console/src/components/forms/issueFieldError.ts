import { type FieldError, fieldError, VALIDATION, type ValidationKey } from '@portiere/contracts';
import type { z } from 'zod';

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
 * The one mapping from a contract schema's zod issue to the spec's validation message (spec 5):
 * an empty text or list is "required", a text over its bound "maxLength", a rule the contract
 * names with `params: { key }` that key. The server says the same for the same input.
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
