import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '../feedback/errorFeedback';
import { type ContractFormOptions, contractResolver } from './contractResolver';

export type ContractForm<TValues extends FieldValues, TInput> = UseFormReturn<TValues, unknown, TInput> & {
  /** The server's field errors (a 400's details, a conflict) under their fields: useApiMutation's onFieldErrors. */
  showFieldErrors: (errors: FieldMessages) => void;
};

/**
 * A form over a contract schema (contractResolver): errors show once saving was tried, then
 * follow each change; the submit handler receives the parsed body. A dialog calls
 * `reset(valuesOf(payload))` as it opens.
 */
export function useContractForm<TValues extends FieldValues, TInput>(
  options: ContractFormOptions<TValues, TInput> & { defaultValues: DefaultValues<TValues> },
): ContractForm<TValues, TInput> {
  const { t } = useTranslation();
  const form = useForm<TValues, unknown, TInput>({
    defaultValues: options.defaultValues,
    resolver: contractResolver(t, options),
  });
  const showFieldErrors = (errors: FieldMessages) => {
    for (const [path, message] of Object.entries(errors)) {
      form.setError(path as Path<TValues>, { type: 'server', message });
    }
  };
  return { ...form, showFieldErrors };
}
