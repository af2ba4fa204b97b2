import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, fieldErrorsOf, issueErrorCode, issueFieldError } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';
import { z } from 'zod';
import { fieldErrorMessage } from '../../lib/i18n/fieldError';

export interface ContractFormOptions<TValues, TInput> {
  /** The contract's input schema (create or patch body): its bounds are the form's. */
  schema: z.ZodType<TInput>;
  /** Form values as the body the schema checks ('' as null, numbers typed as text...); default: as they are. */
  toInput?: (values: TValues) => unknown;
  /**
   * The contract's rules beyond the schema (e.g. applicationFieldErrors), on the body; they win on
   * a field. The form's values come second, for a rule of the form alone (a confirmation).
   */
  rules?: (input: never, values: TValues) => Record<string, FieldError | undefined> | null | undefined;
  /** A field error in the user's language, where a form words one its own way; default fieldErrorMessage. */
  messageOf?: (t: TFunction, error: FieldError) => string;
}

/**
 * react-hook-form resolver over a contract schema: zodResolver parses the body the form makes, each
 * issue becomes the spec's message in the user's language (issueFieldError, the one mapping; a
 * catalogue error a rule names, issueErrorCode, in the catalogue's words), and the contract's rules
 * add theirs. The submit handler receives the parsed body.
 */
export function contractResolver<TValues extends FieldValues, TInput>(
  t: TFunction,
  { schema, toInput = (v) => v, rules, messageOf = fieldErrorMessage }: ContractFormOptions<TValues, TInput>,
): Resolver<TValues, unknown, TInput> {
  const message = (fe: FieldError) => messageOf(t, fe);
  const formSchema = z
    .any()
    .transform((v: TValues) => toInput(v))
    .pipe(schema);
  const issueMessage = (issue: z.core.$ZodRawIssue) => {
    const catalogued = issueErrorCode(issue);
    return catalogued ? t(`error.${catalogued.code}`, catalogued.params) : message(issueFieldError(issue));
  };
  const parse = zodResolver(formSchema, { error: issueMessage });
  return async (values, context, options) => {
    const parsed = await parse(values, context, options);
    const ruleErrors = Object.entries(rules?.(toInput(values) as never, values) ?? {}).filter(([, fe]) => fe);
    if (!ruleErrors.length) return parsed as Awaited<ReturnType<Resolver<TValues, unknown, TInput>>>;
    const errors = { ...parsed.errors } as FieldErrors<TValues>;
    for (const [path, fe] of ruleErrors) {
      if (!fe) continue;
      if ((get(errors, path) as { type?: string } | undefined)?.type === fe.key) continue;
      set(errors, path, { type: fe.key, message: message(fe) });
    }
    return { values: {}, errors };
  };
}

/**
 * The same checks, at once and by dotted path, for the rules a form says as the user types
 * (a profile's steps): the schema's issues through issueFieldError, the rules winning on a field.
 */
export function contractFieldErrors<TValues extends FieldValues, TInput>(
  { schema, toInput = (v) => v, rules }: ContractFormOptions<TValues, TInput>,
  values: TValues,
): Record<string, FieldError> {
  const input = toInput(values);
  const found = fieldErrorsOf(schema, input);
  for (const [path, fe] of Object.entries(rules?.(input as never, values) ?? {})) if (fe) found[path] = fe;
  return found;
}
