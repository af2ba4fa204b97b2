import { flowFieldErrors } from '@portiere/contracts';
import { type FieldValues, get, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from '../forms/useContractForm';
import { type FlowStagesValue, flowErrorMessage } from './FlowStagesEditor';
import { orderedKinds, stageKindsOf } from './stages';

/**
 * The FlowStagesEditor's props from a contract form holding `stages` and `terminatingCredentials`:
 * its values, its changes (checked again once saving was tried) and its errors keyed as the
 * contract's (stages, stages.{i}, terminatingCredentials). The terminating-credential rule is the
 * contract's, said live: removing a kind from the flow at once marks a terminating one outside it.
 */
export function useFlowStagesField<T extends FieldValues & FlowStagesValue, I>(form: ContractForm<T, I>) {
  const { t } = useTranslation();
  const { watch, setValue, formState } = form;
  const stages = watch('stages' as Path<T>) as FlowStagesValue['stages'];
  const terminatingCredentials = watch(
    'terminatingCredentials' as Path<T>,
  ) as FlowStagesValue['terminatingCredentials'];
  const value: FlowStagesValue = { stages, terminatingCredentials };
  const onChange = (patch: Partial<FlowStagesValue>) => {
    for (const [key, v] of Object.entries(patch)) {
      setValue(key as Path<T>, v as PathValue<T, Path<T>>, {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      });
    }
  };
  const errorAt = (path: string) => get(formState.errors, path) as { type?: string; message?: string } | undefined;
  const errors: Record<string, string | undefined> = { stages: errorAt('stages')?.message };
  stages.forEach((_, i) => {
    errors[`stages.${i}`] = errorAt(`stages.${i}`)?.message;
  });
  const live = flowFieldErrors({
    stages: stageKindsOf(stages),
    terminatingCredentials: orderedKinds(terminatingCredentials),
  });
  const saved = errorAt('terminatingCredentials');
  errors.terminatingCredentials = live.terminatingCredentials
    ? flowErrorMessage(t, live.terminatingCredentials)
    : saved?.type === 'terminatingNotInFlow'
      ? undefined
      : saved?.message;
  return { value, onChange, errors };
}
