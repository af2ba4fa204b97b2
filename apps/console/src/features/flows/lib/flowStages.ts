import { type CredentialType, type Flow, type FlowInput, flowFieldErrors, flowInputSchema } from '@portiere/contracts';
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

/** The form over the contract: the schema's bounds (name, at most 10 stages) and the flow rules of spec 5. */
export const flowForm = { schema: flowInputSchema, toInput: flowInputOf, rules: flowFieldErrors };

/** "1. Password → 2. TOTP or App", with the kinds' labels and the word joining a stage's choices. */
export function stagesSummary(
  stages: readonly (readonly CredentialType[])[],
  label: (k: CredentialType) => string,
  or: string,
): string {
  return stages.map((kinds, i) => `${i + 1}. ${kinds.map(label).join(` ${or} `)}`).join(' → ');
}
