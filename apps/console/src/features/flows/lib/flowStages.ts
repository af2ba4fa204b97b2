import {
  type CredentialType,
  type FieldError,
  type Flow,
  type FlowInput,
  fieldError,
  flowFieldErrors,
} from '@portiere/contracts';
import { newStageId, orderedKinds, type Stage, stageKindsOf, stagesOf } from '../../../components/flowEditor/stages';

export {
  addStage,
  canAddStage,
  moveStage,
  removeStage,
  type Stage,
  setStageKinds,
  terminatingChoices,
} from '../../../components/flowEditor/stages';

export interface FlowFormValues {
  name: string;
  stages: Stage[];
  terminatingCredentials: FlowInput['terminatingCredentials'];
}

export const emptyFlowForm = (): FlowFormValues => ({
  name: '',
  stages: [{ id: newStageId(), kinds: [] }],
  terminatingCredentials: [],
});

export const flowFormOf = (f: Flow): FlowFormValues => ({
  name: f.name,
  stages: stagesOf(f.stages),
  terminatingCredentials: [...f.terminatingCredentials],
});

export const flowInputOf = (v: FlowFormValues): FlowInput => ({
  name: v.name.trim(),
  stages: stageKindsOf(v.stages),
  terminatingCredentials: orderedKinds(v.terminatingCredentials),
});

export type FlowField = 'name' | 'stages' | 'terminatingCredentials' | `stages.${number}`;

/** Name required, then the contract's rules: a stage, no empty stage, terminating kinds in the flow (spec 5). */
export function validateFlowForm(v: FlowFormValues): Partial<Record<FlowField, FieldError>> {
  const errors: Partial<Record<FlowField, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = fieldError('required');
  else if (name.length > 100) errors.name = fieldError('maxLength', { max: 100 });
  const input = flowInputOf(v);
  return { ...errors, ...flowFieldErrors(input) };
}

/** "1. Password → 2. TOTP or App", with the kinds' labels and the word joining a stage's choices. */
export function stagesSummary(
  stages: readonly (readonly CredentialType[])[],
  label: (k: CredentialType) => string,
  or: string,
): string {
  return stages.map((kinds, i) => `${i + 1}. ${kinds.map(label).join(` ${or} `)}`).join(' → ');
}
