import { formatMessage, VALIDATION, type ValidationKey } from '@portiere/contracts';
import type { FieldValues } from 'react-hook-form';
import type { ContractFormOptions } from '../components/forms/contractResolver';
import { contractResolver } from '../components/forms/contractResolver';
import { i18n } from '../lib/i18n/i18n';

type Nested = { message?: unknown; [k: string]: unknown };

function flatten(node: Nested, prefix: string, out: Record<string, string>) {
  if (typeof node.message === 'string') out[prefix] = node.message;
  for (const [k, v] of Object.entries(node)) {
    if (k !== 'message' && k !== 'type' && k !== 'ref' && v && typeof v === 'object') {
      flatten(v as Nested, prefix ? `${prefix}.${k}` : k, out);
    }
  }
}

/** What a contract form answers for these values: its messages by dotted path, or the body it would send. */
export async function resolveForm<TValues extends FieldValues, TInput>(
  options: ContractFormOptions<TValues, TInput>,
  values: TValues,
  language: 'en' | 'it' = 'en',
): Promise<{ errors: Record<string, string>; input: TInput | undefined }> {
  const resolver = contractResolver(i18n.getFixedT(language), options);
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors: Record<string, string> = {};
  flatten(result.errors as Nested, '', errors);
  return { errors, input: Object.keys(errors).length ? undefined : (result.values as TInput) };
}

/** The spec's English message for a validation key, as the form shows it. */
export const englishMessage = (key: ValidationKey, params?: Record<string, string | number>) =>
  formatMessage(VALIDATION[key], params);
